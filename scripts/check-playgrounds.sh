#!/usr/bin/env bash
# `bash Playgrounds/run.sh`, on a copy of the repository with no build folder (as a fresh clone
# has), compiles the core, the text UI and the playgrounds, and nothing else: no swift-syntax,
# no argument parser, no snapshot library. It prints how long that first run took.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mkdir "$work/decouple"
tar -C "$root" --exclude=./.git --exclude=.build --exclude='.build-*' --exclude='.build_*' --exclude=.swiftpm \
    --exclude=Package.resolved -cf - . | tar -C "$work/decouple" -xf -
cd "$work/decouple"

start=$(date +%s)
bash Playgrounds/run.sh > "$work/run.log" 2>&1 || { cat "$work/run.log" >&2; echo "check-playgrounds: Playgrounds/run.sh failed" >&2; exit 1; }
seconds=$(($(date +%s) - start))

# SwiftPM plans a NAME.build folder for every module of the graph, but puts objects only in
# those of the modules it compiled; host tools (plugins, macros) would go to Modules-tool.
bin="$(swift build --package-path Playgrounds --show-bin-path)"
compiled="$(find "$bin" -path "$bin/*.build/*" -name '*.o' | sed -E "s|^$bin/([^/]+)\.build/.*|\1|" | sort -u)"
[ ! -e "$bin/Modules-tool" ] || { echo "check-playgrounds: the playgrounds' first run built host tools: $(ls "$bin/Modules-tool" | tr '\n' ' ')" >&2; exit 1; }
echo "modules compiled: $(tr '\n' ' ' <<< "$compiled")"
unexpected="$(grep -vE '^(Decouple|DecoupleTextUI|[A-Za-z]+Playground)$' <<< "$compiled" || true)"
if [ -n "$unexpected" ]; then
    echo "check-playgrounds: the playgrounds' first run compiled modules they do not need: $(tr '\n' ' ' <<< "$unexpected")" >&2
    exit 1
fi
[ "$(grep -c 'Playground$' <<< "$compiled")" -eq "$(ls -d Playgrounds/*.playground | wc -l)" ] \
    || { echo "check-playgrounds: not every playground was built" >&2; exit 1; }
echo "Playgrounds/run.sh, first run: no swift-syntax compiled; ${seconds} s"
