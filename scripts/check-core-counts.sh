#!/usr/bin/env bash
# The core's simplicity, counted: what apps link is what CI runs.
# - At most 2 platform forks (`#if canImport(…)`, `os(…)`, `arch(…)`, …) in Sources/Decouple and
#   Sources/DecoupleTextUI together, each at most 10 lines between `#if` and `#endif`.
# - At most 10 unsafe constructs in Sources/Decouple (unsafeBitCast, Unmanaged, raw and typed
#   unsafe pointers, withUnsafe…, _openExistential, unsafeDowncast, _withUnsafeGuaranteedRef,
#   assumingMemoryBound, unsafelyUnwrapped).
# - No `Synchronization` import: the core keeps its deployment targets (macOS 14, iOS 17).
# Prints the counts; exits 1 when one is over.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

forks=$(awk '
    /^[ \t]*#(if|elseif)[ \t].*(canImport|os\(|arch\(|_pointerBitWidth|targetEnvironment|_runtime)/ {
        if ($0 ~ /#if/) { start = FNR; file = FILENAME; count++; open = 1 }
        next
    }
    open && /^[ \t]*#endif/ {
        length_ = FNR - start - 1
        if (length_ > 10) printf "check-core-counts: %s:%d: a platform fork of %d lines (at most 10)\n", file, start, length_ > "/dev/stderr"
        if (length_ > 10) long++
        open = 0
    }
    END { print count + 0; if (long) exit 1 }
' $(find Sources/Decouple Sources/DecoupleTextUI -name '*.swift')) || status=1
pattern='unsafeBitCast|Unmanaged|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe[A-Za-z]*|_openExistential|unsafeDowncast|_withUnsafeGuaranteedRef|assumingMemoryBound|unsafelyUnwrapped'
# Code only: comments (which name the constructs they explain) are cut off first.
unsafe_lines=$(find Sources/Decouple -name '*.swift' -print0 | xargs -0 awk '{ sub(/\/\/.*/, ""); print FILENAME ":" FNR ": " $0 }' | grep -E "$pattern" || true)
unsafe=$(printf '%s\n' "$unsafe_lines" | grep -oE "$pattern" | wc -l | tr -d ' ')
echo "platform forks in Sources/Decouple and Sources/DecoupleTextUI: $forks (at most 2)"
echo "unsafe constructs in Sources/Decouple: $unsafe (at most 10)"
[ "$forks" -le 2 ] || { echo "check-core-counts: too many platform forks" >&2; status=1; }
[ "$unsafe" -le 10 ] || { printf '%s\n' "$unsafe_lines" >&2; echo "check-core-counts: too many unsafe constructs" >&2; status=1; }
if grep -rqE '^\s*import\s+Synchronization' --include='*.swift' Sources/Decouple Sources/DecoupleTextUI; then
    echo "check-core-counts: the core imports Synchronization, which needs macOS 15 / iOS 18" >&2; status=1
fi
exit $status
