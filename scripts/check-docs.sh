#!/usr/bin/env bash
# Every DocC catalog converts without a warning: no broken or ambiguous symbol link, no article
# missing from its module's topics. Reads the modules of the debug build (`swift build` first).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
# swift-syntax's C shims, which the generator's module imports.
shims=".build/checkouts/swift-syntax/Sources/_SwiftSyntaxCShims/include"
triple="$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for catalog in Sources/*/Documentation.docc; do
    module="$(basename "$(dirname "$catalog")")"
    mkdir -p "$work/$module/graphs"
    swift-symbolgraph-extract -module-name "$module" -I "$modules" -I "$shims" -target "$triple" \
        -minimum-access-level public -output-dir "$work/$module/graphs" > /dev/null
    docc convert "$catalog" --additional-symbol-graph-dir "$work/$module/graphs" --analyze \
        --output-path "$work/$module/out" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.decouple.$module" > "$work/$module/log" 2>&1 || status=1
    if grep -qE "warning:|error:" "$work/$module/log"; then
        echo "$catalog:" >&2
        grep -E "warning:|error:" "$work/$module/log" | sort -u >&2
        status=1
    fi
done
[ "$status" = 0 ] && echo "DocC: every catalog converts without a warning"
exit "$status"
