#!/usr/bin/env bash
# A package that depends on the `Decouple` product alone compiles no swift-syntax (and none of
# the other dependencies): SwiftPM resolves the whole graph but builds only what the product needs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
# A path dependency is known by its folder's name.
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/CoreOnly/Sources/CoreOnly"
cat > "$work/CoreOnly/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "CoreOnly",
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "CoreOnly", dependencies: [.product(name: "Decouple", package: "$identity")])]
)
MANIFEST
cat > "$work/CoreOnly/Sources/CoreOnly/main.swift" <<'SOURCE'
import Decouple
struct User: TitledContent { let title = "Ada"; let subtitle = "36" }
print(User().title)
SOURCE

cd "$work/CoreOnly"
swift build -v > build.log 2>&1 || { cat build.log; exit 1; }
test "$(.build/debug/CoreOnly)" = "Ada"
compiled="$(grep -oE -- '-module-name [A-Za-z_]+' build.log | sort -u | awk '{print $2}' | tr '\n' ' ')"
echo "modules compiled: $compiled"
if grep -qE -- '-module-name (SwiftSyntax|SwiftParser|ArgumentParser|SnapshotTesting)' build.log; then
    echo "check-core-only: depending on Decouple compiled a dependency it must not" >&2
    exit 1
fi
if find .build -name 'SwiftSyntax.swiftmodule' | grep -q .; then
    echo "check-core-only: a SwiftSyntax module was built" >&2
    exit 1
fi
echo "Decouple alone: no swift-syntax compiled"
