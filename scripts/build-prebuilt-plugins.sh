#!/usr/bin/env bash
# Builds the `decouple` tool in release mode, with the Swift standard library and Foundation
# linked in, into an artifact bundle, and writes the package that offers the two plugins over it:
#
#   OUT/DecouplePlugins/Package.swift
#   OUT/DecouplePlugins/decouple.artifactbundle/info.json
#   OUT/DecouplePlugins/decouple.artifactbundle/decouple-VERSION-TRIPLE/bin/decouple
#   OUT/DecouplePlugins/Plugins/…                 (the plugins' sources, as in this repository)
#   OUT/decouple.artifactbundle.zip               (the bundle, for publishing at a URL)
#
# An app that applies the plugins from that package builds no swift-syntax and no tool: the
# plugins run the binary. With `--url URL` (where the zip will be published), the package names
# the bundle by that URL and the zip's checksum instead of by its folder, and can be published as
# a repository of its own. The bundle holds the tool for the machine that builds it (its target
# triple, as `swift -print-target-info` names it); run the script on each platform you publish for.
#
# With `--debug`, the bundle holds the debug tool of this package's own build folder instead (with
# all traits, as every command on this package builds): quick, for checking the plugins' package
# (scripts/check-prebuilt-plugins.sh), not for publishing: it links the Swift run time
# dynamically, and runs at debug speed.
#
# Usage: scripts/build-prebuilt-plugins.sh OUT [--url URL] [--debug]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() { echo "usage: $0 OUT [--url URL] [--debug]" >&2; exit 2; }
[ $# -ge 1 ] || usage
out="$1"
shift
url=""
debug=false
while [ $# -gt 0 ]; do
    case "$1" in
        --url) [ $# -ge 2 ] || usage; url="$2"; shift 2 ;;
        --debug) debug=true; shift ;;
        *) usage ;;
    esac
done

if $debug; then
    swift build --package-path "$root" --enable-all-traits --product decouple >&2
    tool="$root/.build/debug/decouple"
else
    # The same build folder as the benchmarks' (Benchmarks/run.sh), which run this very binary.
    scratch="$root/.build-release-static"
    swift build -c release --package-path "$root" --scratch-path "$scratch" --static-swift-stdlib --traits Generator --product decouple >&2
    tool="$scratch/release/decouple"
    # The standard library and Foundation are inside: the binary needs no Swift run time installed.
    if ldd "$tool" | grep -qE 'libswiftCore|libFoundation'; then
        ldd "$tool" >&2
        echo "$0: the tool links the Swift run time dynamically" >&2
        exit 1
    fi
fi
version="$("$tool" --version)"
triple="$(swift -print-target-info | sed -n 's/^ *"unversionedTriple": "\(.*\)",$/\1/p' | head -n 1)"
[ -n "$triple" ] || { echo "$0: cannot read the target triple from swift -print-target-info" >&2; exit 1; }

package="$out/DecouplePlugins"
rm -rf "$package" "$out/decouple.artifactbundle.zip"
mkdir -p "$package"
out="$(cd "$out" && pwd)"
package="$out/DecouplePlugins"

bundle="$package/decouple.artifactbundle"
variant="decouple-$version-$triple/bin/decouple"
mkdir -p "$(dirname "$bundle/$variant")"
cp "$tool" "$bundle/$variant"
strip "$bundle/$variant" 2>/dev/null || true
cat > "$bundle/info.json" <<JSON
{
    "schemaVersion": "1.0",
    "artifacts": {
        "decouple": {
            "version": "$version",
            "type": "executable",
            "variants": [{ "path": "$variant", "supportedTriples": ["$triple"] }]
        }
    }
}
JSON
(cd "$package" && zip -qr "$out/decouple.artifactbundle.zip" decouple.artifactbundle)

# The plugins, under target names of their own: a package graph may hold this package beside
# Decouple's (which apps depend on for the library), and target names must be unique in it.
# Their products keep the names apps apply them by.
for plugin in DecouplePlugin GenerateAdapters; do
    mkdir -p "$package/Plugins/Prebuilt$plugin"
    cp "$root/Plugins/$plugin/"*.swift "$root/Plugins/Shared/"*.swift "$package/Plugins/Prebuilt$plugin/"
done

if [ -n "$url" ]; then
    checksum="$(swift package compute-checksum "$out/decouple.artifactbundle.zip")"
    binary=".binaryTarget(name: \"DecoupleBinary\", url: \"$url\", checksum: \"$checksum\")"
    rm -rf "$bundle"
else
    binary=".binaryTarget(name: \"DecoupleBinary\", path: \"decouple.artifactbundle\")"
fi
# The command plugin's description and permission, as Decouple's own manifest declares them.
intent="$(sed -n 's/^ *intent: \(\.custom(verb: "generate-adapters".*)\),$/\1/p' "$root/Package.swift")"
permissions="$(sed -n 's/^ *permissions: \(\[\.writeToPackageDirectory(.*)\]\)$/\1/p' "$root/Package.swift")"
[ -n "$intent" ] && [ -n "$permissions" ] || { echo "$0: cannot read the command plugin's intent from Package.swift" >&2; exit 1; }
cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
// Decouple's plugins over a prebuilt \`decouple\` $version: applying them builds no swift-syntax.
// Made by scripts/build-prebuilt-plugins.sh from Decouple's own plugins.
import PackageDescription

let package = Package(
    name: "DecouplePlugins",
    products: [
        .plugin(name: "DecouplePlugin", targets: ["PrebuiltDecouplePlugin"]),
        .plugin(name: "GenerateAdapters", targets: ["PrebuiltGenerateAdapters"]),
    ],
    targets: [
        $binary,
        .plugin(name: "PrebuiltDecouplePlugin", capability: .buildTool(), dependencies: ["DecoupleBinary"]),
        .plugin(
            name: "PrebuiltGenerateAdapters",
            capability: .command(
                intent: $intent,
                permissions: $permissions
            ),
            dependencies: ["DecoupleBinary"]
        ),
    ]
)
MANIFEST
echo "wrote $package (decouple $version for $triple)"
echo "wrote $out/decouple.artifactbundle.zip"
