#!/usr/bin/env bash
# Every DocC catalog (`Sources/MODULE/MODULE.docc`, one per module users import) converts without
# a warning: no broken or ambiguous symbol link, no article missing from its module's topics.
# Reads the modules of the debug build (`swift build` first).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
triple="$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"
# swift-syntax's C shims are found by their module maps, as SwiftPM passes them when it builds.
shims=()
while IFS= read -r map; do shims+=(-Xcc "-fmodule-map-file=$PWD/$map"); done \
    < <(find .build/checkouts -path '*/Sources/*/include/module.modulemap' 2>/dev/null | sort)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
catalogs=(Sources/*/*.docc)
for module in Decouple DecoupleTextUI DecoupleTesting DecoupleMacros DecoupleGenerator; do
    [ -d "Sources/$module/$module.docc" ] || { echo "Sources/$module has no catalog $module.docc" >&2; status=1; }
done
for catalog in "${catalogs[@]}"; do
    module="$(basename "$catalog" .docc)"
    [ "$module" = "$(basename "$(dirname "$catalog")")" ] || { echo "$catalog: a catalog is named after its module" >&2; status=1; continue; }
    mkdir -p "$work/$module/graphs"
    swift-symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$work/$module/graphs" "${shims[@]}" > /dev/null
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
