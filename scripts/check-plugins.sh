#!/usr/bin/env bash
# The build plugin, as a user meets it: it reruns `decouple generate` when an input changes, and
# not otherwise, and keeps the tool's cache in its work folder. (The command plugin:
# scripts/check-command-plugin.sh; both over the prebuilt tool: scripts/check-prebuilt-plugins.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-plugins: $*" >&2; exit 1; }
# Builds the fixture and says whether the plugin's command ran.
ran() {
    local log
    log="$(swift build --enable-all-traits --target PluginClientFixture 2>&1)" || { echo "$log" >&2; fail "the build failed"; }
    grep -q "Decouple: generating adapters" <<< "$log"
}

ran || true
if ran; then
    fail "an unchanged rebuild ran the build plugin's command again"
fi
# A modification time the last build cannot have seen: two seconds ahead of the clock.
touch -d "@$(( $(date +%s) + 2 ))" Tests/Fixtures/PluginClient/decouple.json
if ! ran; then
    fail "changing decouple.json did not rerun the build plugin's command"
fi
if ran; then
    fail "the rebuild after a rerun ran the command again"
fi
echo "build plugin: reruns only when its inputs change"
# It runs the tool with `--cache` in its work folder, so that a rerun after an edit parses only
# the files that changed.
cache="$(find .build/plugins/outputs -type d -path '*/PluginClientFixture/*/DecouplePlugin/cache' | head -n 1)"
[ -n "$cache" ] && [ -n "$(ls -A "$cache")" ] || fail "the build plugin keeps no cache in its work folder"
echo "build plugin: keeps the tool's cache in its work folder"

# A target whose decouple.json starts adapting a model of another module, with no other change:
# SwiftPM plans the build plugin's command once and does not plan again when only decouple.json's
# content changes, so the command must not depend on what decouple.json says.
config=Tests/Fixtures/PluginDependency/decouple.json
saved="$(mktemp)"
cp "$config" "$saved"
trap 'cp "$saved" "$config"; rm -f "$saved"' EXIT
sed 's/"module": "PluginModelsFixture", //' "$saved" > "$config"
touch Package.swift   # a plan made for this decouple.json, as when it was first written so
if log="$(swift build --enable-all-traits --target PluginDependencyFixture 2>&1)"; then
    fail "an adapter of another module's model without its \"module\" built"
fi
grep -q "UnknownModel" <<< "$log" || { echo "$log" >&2; fail "the adapter without its \"module\" failed for another reason"; }
cp "$saved" "$config"
touch -d "@$(( $(date +%s) + 2 ))" "$config"
log="$(swift build --enable-all-traits --target PluginDependencyFixture 2>&1)" \
    || { echo "$log" >&2; fail "after decouple.json alone named the module, the build failed on the plan made before"; }
echo "build plugin: a decouple.json that starts naming another module builds on the plan made before"
