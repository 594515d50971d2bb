#!/usr/bin/env bash
# Builds and runs the playgrounds on Linux, printing their screens.
#
#   bash Playgrounds/run.sh            # every playground; fails if any fails
#   bash Playgrounds/run.sh MVC        # one (or several) by name
#
# Each Playgrounds/NAME.playground/Contents.swift is also the executable target NAMEPlayground of
# the playgrounds' own package (Playgrounds/Package.swift), so what runs here is exactly what
# Xcode opens. That package needs only DecoupleTextUI: its first build compiles no swift-syntax
# (scripts/check-playgrounds.sh proves it).
set -uo pipefail
cd "$(dirname "$0")"

available=()
for playground in *.playground; do
    available+=("$(basename "$playground" .playground)")
done

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    names=("${available[@]}")
fi
for name in "${names[@]}"; do
    if [ ! -f "$name.playground/Contents.swift" ]; then
        echo "error: no playground named '$name'; have: ${available[*]}" >&2
        exit 2
    fi
done

bin=$(swift build --show-bin-path) || exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
for name in "${names[@]}"; do
    echo "=== $name ==="
    if ! swift build --product "${name}Playground" >"$log" 2>&1; then
        cat "$log" >&2
        failed+=("$name (build)")
        continue
    fi
    if ! "$bin/${name}Playground"; then
        failed+=("$name")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "error: failed: ${failed[*]}" >&2
    exit 1
fi
echo "=== ${#names[@]} playground(s) ran ==="
