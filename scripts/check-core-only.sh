#!/usr/bin/env bash
# A package that depends on the `Decouple` product alone, enabling none of the package's traits,
# resolves, fetches and compiles no other package: with an empty SwiftPM cache, its checkouts
# hold nothing, and no swift-syntax is compiled.
# The same package, built in release mode too, runs the factory's holding cases
# (Tests/Support/FactoryHoldingCases.swift): `register` specialises adapters in the client's
# module, and the factory reads models in place only in specialised code, which the debug tests
# do not run.
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
let failures = try FactoryHoldingCases.failures()
print(failures.isEmpty ? User().title : failures.joined(separator: "\n"))
SOURCE
cp "$root/Tests/Support/FactoryHoldingCases.swift" "$work/CoreOnly/Sources/CoreOnly/"

cd "$work/CoreOnly"
swift package resolve --cache-path "$work/empty-cache" > resolve.log 2>&1 || { cat resolve.log; exit 1; }
fetched="$(ls .build/checkouts 2>/dev/null | tr '\n' ' ')"
echo "packages fetched: ${fetched:-none}"
[ -z "$fetched" ] || { echo "check-core-only: depending on Decouple fetched other packages" >&2; exit 1; }
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

swift build -c release > release.log 2>&1 || { cat release.log; exit 1; }
result="$(.build/release/CoreOnly)"
[ "$result" = "Ada" ] || { echo "check-core-only: in release mode, $result" >&2; exit 1; }
echo "Decouple in release mode: the factory adapts every holding case"
