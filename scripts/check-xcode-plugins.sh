#!/usr/bin/env bash
# The plugins' Xcode extensions (under `#if canImport(XcodeProjectPlugin)`) type-check against
# the XcodeProjectPlugin API as Apple documents it (scripts/XcodeProjectPlugin/, declarations
# only), with strict concurrency and warnings as errors. No Xcode runs here, so this is the
# check that they are written against that API; SwiftPM builds the rest of each plugin.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
api="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/pm/PluginAPI"
# As SwiftPM compiles a plugin of this package (tools version 6.1).
flags=(-swift-version 6 -warnings-as-errors -package-description-version 6.1 -I "$api" -L "$api")

swiftc "${flags[@]}" -parse-as-library -emit-module -module-name XcodeProjectPlugin \
    -emit-module-path "$work/XcodeProjectPlugin.swiftmodule" "$root/scripts/XcodeProjectPlugin/XcodeProjectPlugin.swift"
for plugin in DecouplePlugin GenerateAdapters; do
    files=("$root/Plugins/$plugin"/*.swift "$root/Plugins/$plugin"/Shared/*.swift)
    swiftc "${flags[@]}" -I "$work" -parse-as-library -typecheck "${files[@]}"
    # Its Xcode-only code, in its own file and in the shared ones, which no test here runs.
    own="$(sed -n '/^#if canImport(XcodeProjectPlugin)/,/^#endif/p' "$root/Plugins/$plugin/$plugin.swift" | wc -l)"
    [ "$own" -gt 0 ] || { echo "check-xcode-plugins: $plugin has no Xcode extension" >&2; exit 1; }
    lines="$(sed -n '/^#if canImport(XcodeProjectPlugin)/,/^#endif/p' "$root/Plugins/$plugin/$plugin.swift" "$root/Plugins/$plugin"/Shared/*.swift | wc -l)"
    [ "$lines" -lt 60 ] || { echo "check-xcode-plugins: $plugin's Xcode-only code is $lines lines (fewer than 60 wanted)" >&2; exit 1; }
    echo "$plugin: its Xcode extension ($lines lines) type-checks against the XcodeProjectPlugin API"
done
