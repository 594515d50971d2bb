#!/usr/bin/env bash
# The command plugin in this package, as a user meets it:
#  1. the committed outputs are what it writes today, a dependency target's model among them;
#  2. it never writes into a target that uses the build plugin, and names those it skips.
# (Its refusals and error stream: scripts/check-prebuilt-plugins.sh.) `.ci/run` runs this last:
# the run rebuilds the tool apart from the build, and the next build of the package rebuilds too.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-command-plugin: $*" >&2; exit 1; }

# The command plugin, run once: in this package each run rebuilds the tool (SwiftPM builds a
# command plugin's tool apart from the build, and a package that also applies the build plugin
# rebuilds it on every run), so its refusals and its error stream are checked over the prebuilt
# tool (scripts/check-prebuilt-plugins.sh), whose plugins are these sources.
# Without --target it writes into every target with a decouple.json except those that apply the
# build plugin (a committed copy there would be a second producer of the same file): it names
# them and leaves them alone, and the committed fixtures' files are what it writes today. What it
# writes elsewhere in this repository is removed afterwards.
untracked_before="$(git ls-files --others --exclude-standard)"
log="$(swift package --enable-all-traits --allow-writing-to-package-directory generate-adapters 2>&1)" || { echo "$log" >&2; fail "generate-adapters failed"; }
comm -13 <(sort <<< "$untracked_before") <(git ls-files --others --exclude-standard | sort) \
    | { grep 'DecoupleAdapters\.swift$' || true; } | while read -r written; do rm -f "$written"; done
# CommittedDependency's adapts a model of a target it depends on, which the plugin hands the tool.
git diff --exit-code -- Tests/Fixtures/CommittedAdapters Tests/Fixtures/CommittedDependency \
    || fail "a committed DecoupleAdapters.swift is stale; run swift package --enable-all-traits --allow-writing-to-package-directory generate-adapters --target CommittedAdaptersFixture --target CommittedDependencyFixture and commit it"
echo "command plugin: committed outputs are current, a dependency target's model among them"
grep -q "skipping 'PluginClientFixture': it uses the build plugin DecouplePlugin" <<< "$log" \
    || { echo "$log" >&2; fail "generate-adapters did not name the build-plugin target it skipped"; }
[ ! -e Tests/Fixtures/PluginClient/DecoupleAdapters.swift ] || fail "generate-adapters wrote into a target that uses the build plugin"
echo "command plugin: skips and names targets that use the build plugin"
