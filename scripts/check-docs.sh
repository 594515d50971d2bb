#!/usr/bin/env bash
# Every module users import has a DocC catalog (`Sources/MODULE/MODULE.docc`), and
# `swift package generate-documentation --target MODULE …` builds them all, as a user would,
# without a warning: no broken or ambiguous symbol link, no article missing from its module's
# topics.
# Builds on the debug build (`swift build` first): the plugin compiles only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Decouple DecoupleTextUI DecoupleTesting DecoupleMacros DecoupleGenerator)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for catalog in Sources/*/*.docc; do
    module="$(basename "$catalog" .docc)"
    [ "$module" = "$(basename "$(dirname "$catalog")")" ] || { echo "$catalog: a catalog is named after its module" >&2; status=1; }
    [[ " ${modules[*]} " == *" $module "* ]] || { echo "$catalog: not checked here; add its module to the list" >&2; status=1; }
done
targets=()
for module in "${modules[@]}"; do
    if [ ! -d "Sources/$module/$module.docc" ]; then
        echo "Sources/$module has no catalog $module.docc" >&2
        status=1
        continue
    fi
    targets+=(--target "$module")
done
# One run for every module: each run of a command plugin here rebuilds the plugin's tool.
[ "${#targets[@]}" -gt 0 ] || { echo "no catalog to build" >&2; exit 1; }
swift package --enable-all-traits generate-documentation "${targets[@]}" --analyze > "$work/docs.log" 2>&1 \
    || { echo "generate-documentation failed:" >&2; tail -20 "$work/docs.log" >&2; status=1; }
if grep -qE "warning:|error:" "$work/docs.log"; then
    grep -E "warning:|error:" "$work/docs.log" | sort -u >&2
    status=1
fi
[ "$status" = 0 ] && echo "DocC: generate-documentation builds every module's catalog without a warning"
exit "$status"
