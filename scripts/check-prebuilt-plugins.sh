#!/usr/bin/env bash
# The plugins over a prebuilt tool (scripts/build-prebuilt-plugins.sh), as an app meets them: a
# package that depends on Decouple for the library and on the prebuilt plugins' package by path
# builds its target with the build plugin, and
#  1. compiles no swift-syntax (nor the tool: the plugin runs the bundle's binary);
#  2. runs the release tool from the artifact bundle for its first generate;
#  3. runs, showing the adapters the plugin generated;
#  4. `swift package --package decoupleplugins generate-adapters` writes a target's committed file
#     with the same binary, refuses a target that applies the build plugin, and passes on the
#     tool's errors as the tool wrote them (`path:line:column: error: …`), leaving the file as it
#     was.
# The bundle holds the debug tool this package's build made (`--debug`): the release tool, with
# the standard library inside, takes half an hour to build here and is built by
# scripts/build-prebuilt-plugins.sh when publishing; what the debug bundle leaves unchecked is
# that the release binary links the Swift run time statically (checked when it is built).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-prebuilt-plugins: $*" >&2; exit 1; }
# A path dependency is known by its folder's name.
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"

bash "$root/scripts/build-prebuilt-plugins.sh" "$work" --debug > /dev/null
[ -f "$work/decouple.artifactbundle.zip" ] || fail "no zip of the artifact bundle"
binary="$(find "$work/DecouplePlugins/decouple.artifactbundle" -path '*/bin/decouple' -type f)"
[ -x "$binary" ] || fail "the artifact bundle holds no decouple binary"

app="$work/App"
mkdir -p "$app/Sources/App" "$app/Sources/Committed"
cp "$root/Tests/Fixtures/PluginClient/Models.swift" "$root/Tests/Fixtures/PluginClient/decouple.json" "$app/Sources/App/"
cp "$root/Tests/Fixtures/PluginClient/Models.swift" "$root/Tests/Fixtures/PluginClient/decouple.json" "$app/Sources/Committed/"
cat > "$app/Sources/App/main.swift" <<'SOURCE'
import Decouple
let member: any TitledContent = Member(name: "Ada", age: 36)
print(member.title, member.subtitle)
SOURCE
cat > "$app/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "$root"), .package(path: "$work/DecouplePlugins")],
    targets: [
        .executableTarget(
            name: "App", dependencies: [.product(name: "Decouple", package: "$identity")],
            exclude: ["decouple.json"], plugins: [.plugin(name: "DecouplePlugin", package: "decoupleplugins")]
        ),
        .target(name: "Committed", dependencies: [.product(name: "Decouple", package: "$identity")], exclude: ["decouple.json"]),
    ]
)
MANIFEST

cd "$app"
swift build --product App -v > build.log 2>&1 || { cat build.log; fail "the app does not build"; }
if grep -qE -- '-module-name (SwiftSyntax|SwiftParser|decouple|DecoupleGenerator|DecoupleTool)( |$)' build.log \
    || find .build -name 'SwiftSyntax.swiftmodule' | grep -q .; then
    grep -oE -- '-module-name [A-Za-z_]+' build.log | sort -u >&2
    fail "the app compiled swift-syntax or the tool"
fi
echo "prebuilt plugins: the app compiled no swift-syntax and no tool"
grep -q "decouple.artifactbundle/decouple-[^ ]*/bin/decouple generate" build.log \
    || { grep -n "generate" build.log >&2; fail "the first generate did not run the bundle's tool"; }
echo "prebuilt plugins: the first generate ran the tool from the artifact bundle"
[ "$(.build/debug/App)" = "Ada 36" ] || fail "the app printed '$(.build/debug/App)'"
echo "prebuilt plugins: the app runs with the generated adapters"

swift package --package decoupleplugins --allow-writing-to-package-directory generate-adapters --target Committed > generate.log 2>&1 \
    || { cat generate.log; fail "generate-adapters failed"; }
grep -q "extension Member: Decouple.TitledContent" Sources/Committed/DecoupleAdapters.swift \
    || fail "generate-adapters wrote no adapters into Sources/Committed"
swift build --target Committed > committed.log 2>&1 || { cat committed.log; fail "the committed adapters do not build"; }
echo "prebuilt plugins: generate-adapters wrote the committed adapters, which build"

# The command plugin (these are Decouple's own plugin sources) refuses a target that applies the
# build plugin, saying why; when the tool reports an error, its lines come as it wrote them,
# `path:line:column: error: …` (SwiftPM prints them on standard output), the command ends with its
# closing error, and the file is left as it was.
if log="$(swift package --package decoupleplugins --allow-writing-to-package-directory generate-adapters --target App 2>&1)"; then
    fail "generate-adapters --target App wrote into a target that uses the build plugin"
fi
grep -q "target 'App' uses the build plugin DecouplePlugin" <<< "$log" || { echo "$log" >&2; fail "the refusal does not say why"; }
[ ! -e Sources/App/DecoupleAdapters.swift ] || fail "generate-adapters wrote into a target that uses the build plugin"
echo "command plugin: refuses a target that uses the build plugin, and says why"
cp Sources/Committed/DecoupleAdapters.swift "$work/committed.swift"
echo '{ "adaptors": [] }' > Sources/Committed/decouple.json
if said="$(swift package --package decoupleplugins --allow-writing-to-package-directory generate-adapters --target Committed 2>"$work/closing.log")"; then
    fail "generate-adapters succeeded with a broken decouple.json"
fi
grep -qE "^[^ ]*Sources/Committed/decouple.json:1:[0-9]+: error: unknown key 'adaptors'" <<< "$said" \
    || { echo "$said" >&2; fail "the tool's error is not passed on as it wrote it, place first"; }
grep -q "decouple generate failed for Committed" "$work/closing.log" \
    || { cat "$work/closing.log" >&2; fail "the command does not end with its closing error"; }
cmp -s Sources/Committed/DecoupleAdapters.swift "$work/committed.swift" || fail "a failed generate-adapters changed the committed file"
echo "command plugin: the tool's errors are passed on as it wrote them, and the file is left as it was"

# For publishing: with --url, the manifest names the zip at that address by its checksum.
address="https://example.com/decouple/decouple.artifactbundle.zip"
mkdir -p "$work/published"
bash "$root/scripts/build-prebuilt-plugins.sh" "$work/published" --url "$address" --debug > /dev/null
checksum="$(swift package compute-checksum "$work/published/decouple.artifactbundle.zip")"
manifest="$(cd "$work/published/DecouplePlugins" && swift package dump-package)"
grep -q "\"url\" : \"$address\"" <<< "$manifest" && grep -q "\"checksum\" : \"$checksum\"" <<< "$manifest" \
    || { echo "$manifest" >&2; fail "with --url, the manifest does not name the zip by its address and checksum"; }
[ ! -e "$work/published/DecouplePlugins/decouple.artifactbundle" ] || fail "with --url, the bundle's folder was left in the package"
echo "prebuilt plugins: with --url, the manifest names the published zip and its checksum"
