#!/usr/bin/env bash
# The two SwiftPM plugins, as a user meets them:
#  1. the build plugin reruns `decouple generate` when an input changes, and not otherwise;
#  2. the command plugin's committed output is what it writes today;
#  3. the command plugin never writes into a target that uses the build plugin.
# (Its refusals and error stream: scripts/check-prebuilt-plugins.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-plugins: $*" >&2; exit 1; }
# Builds the fixture and says whether the plugin's command ran.
ran() {
    local log
    log="$(swift build --target PluginClientFixture 2>&1)" || { echo "$log" >&2; fail "the build failed"; }
    grep -q "Decouple: generating adapters" <<< "$log"
}

ran || true
if ran; then
    fail "an unchanged rebuild ran the build plugin's command again"
fi
# Let the clock move on, so the change is clearly newer than the last build.
sleep 2
touch Tests/Fixtures/PluginClient/decouple.json
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

# The command plugin, run once: in this package each run rebuilds the tool (SwiftPM builds a
# command plugin's tool apart from the build, and a package that also applies the build plugin
# rebuilds it on every run), so its refusals and its error stream are checked over the prebuilt
# tool (scripts/check-prebuilt-plugins.sh), whose plugins are these sources.
# Without --target it writes into every target with a decouple.json except those that apply the
# build plugin (a committed copy there would be a second producer of the same file): it names
# them and leaves them alone, and the committed fixtures' files are what it writes today. What it
# writes elsewhere in this repository is removed afterwards.
untracked_before="$(git ls-files --others --exclude-standard)"
log="$(swift package --allow-writing-to-package-directory generate-adapters 2>&1)" || { echo "$log" >&2; fail "generate-adapters failed"; }
comm -13 <(sort <<< "$untracked_before") <(git ls-files --others --exclude-standard | sort) \
    | { grep 'DecoupleAdapters\.swift$' || true; } | while read -r written; do rm -f "$written"; done
# CommittedDependency's adapts a model of a target it depends on, which the plugin hands the tool.
git diff --exit-code -- Tests/Fixtures/CommittedAdapters Tests/Fixtures/CommittedDependency \
    || fail "a committed DecoupleAdapters.swift is stale; run swift package --allow-writing-to-package-directory generate-adapters --target CommittedAdaptersFixture --target CommittedDependencyFixture and commit it"
echo "command plugin: committed outputs are current, a dependency target's model among them"
grep -q "skipping 'PluginClientFixture': it uses the build plugin DecouplePlugin" <<< "$log" \
    || { echo "$log" >&2; fail "generate-adapters did not name the build-plugin target it skipped"; }
[ ! -e Tests/Fixtures/PluginClient/DecoupleAdapters.swift ] || fail "generate-adapters wrote into a target that uses the build plugin"
echo "command plugin: skips and names targets that use the build plugin"
