#!/usr/bin/env bash
# The core's simplicity, counted: what apps link is what CI runs.
# - At most 2 platform forks (`#if canImport(…)`, `os(…)`, `arch(…)`, …) in Sources/Decouple and
#   Sources/DecoupleTextUI together, each at most 10 lines between `#if` and `#endif`.
# - At most 5 unsafe constructs in Sources/Decouple, counting everything that switches a check
#   off: `@unchecked Sendable`, `nonisolated(unsafe)`, `@exclusivity(unchecked)`, unsafeBitCast,
#   Unmanaged, raw and typed unsafe pointers, withUnsafe…, unsafeDowncast, assumingMemoryBound,
#   unsafelyUnwrapped, and underscored run-time calls (`_openExistential(`, `_getSuperclass(`, …).
#   Those left, and why:
#   - Locked (`@unchecked Sendable where State: Sendable`): a lock beside its state; Mutex would
#     need macOS 15 / iOS 18.
#   - Weak (`@unchecked Sendable`): a weak reference to any object, loaded atomically by Swift.
#   - _InjectedObject (`@unchecked Sendable`): the proxy reads an object of a protocol that is not
#     sendable on the main actor only.
#   - ContentFactory (`_getSuperclass(`): a class's superclass, read without running user code;
#     Mirror would run a custom mirror.
#   - PositionBuffer (UnsafeMutablePointer): the list diff's scratch tables; on an Array the
#     diff of 100,000 ids takes 18-20% longer (5.1-5.4 ms against 4.3-4.4).
# - No `Synchronization` import: the core keeps its deployment targets (macOS 14, iOS 17).
# - At most 700 lines of delivery code: the code lines (not blank, not a comment) of the
#   observation folder and of the text UI's bindings and tracking of `@Observable` models.
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
pattern='@unchecked Sendable|nonisolated\(unsafe\)|@exclusivity\(unchecked\)|unsafeBitCast|Unmanaged|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe[A-Za-z]*|unsafeDowncast|assumingMemoryBound|unsafelyUnwrapped|\b_[a-z][A-Za-z]*\('
# Code only: comments (which name the constructs they explain) are cut off first.
unsafe_lines=$(find Sources/Decouple -name '*.swift' -print0 | xargs -0 awk '{ sub(/\/\/.*/, ""); print FILENAME ":" FNR ": " $0 }' | grep -E "$pattern" || true)
unsafe=$(printf '%s\n' "$unsafe_lines" | grep -oE "$pattern" | wc -l | tr -d ' ')
echo "platform forks in Sources/Decouple and Sources/DecoupleTextUI: $forks (at most 2)"
echo "unsafe constructs in Sources/Decouple: $unsafe (at most 5)"
delivery_files=(Sources/Decouple/Observation/*.swift Sources/DecoupleTextUI/Views/View+Bindings.swift
    Sources/DecoupleTextUI/Views/View+ObservableBindings.swift Sources/DecoupleTextUI/Views/View+ObservationTracking.swift)
delivery=$(cat "${delivery_files[@]}" | grep -v '^[[:space:]]*$' | grep -cv '^[[:space:]]*//' || true)
echo "delivery code: $delivery code lines in ${#delivery_files[@]} files, $(cat "${delivery_files[@]}" | wc -l | tr -d ' ') with comments and blank lines (at most 700 code lines)"
[ "$delivery" -le 700 ] || { echo "check-core-counts: too much delivery code" >&2; status=1; }
[ "$forks" -le 2 ] || { echo "check-core-counts: too many platform forks" >&2; status=1; }
[ "$unsafe" -le 5 ] || { printf '%s\n' "$unsafe_lines" >&2; echo "check-core-counts: too many unsafe constructs" >&2; status=1; }
if grep -rqE '^\s*import\s+Synchronization' --include='*.swift' Sources/Decouple Sources/DecoupleTextUI; then
    echo "check-core-counts: the core imports Synchronization, which needs macOS 15 / iOS 18" >&2; status=1
fi
exit $status
