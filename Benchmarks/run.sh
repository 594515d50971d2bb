#!/usr/bin/env bash
# Builds and runs the benchmarks in release mode and prints, for each figure, the candidate's
# median divided by its baseline's median, both measured in this run:
#   RATIO <name> <value>
# followed by a table with the goals. Needs only the Swift toolchain (and awk). Arguments go to
# `swift package benchmark`, e.g. `--filter 'proxy.*'` to run some figures only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

swift build -c release --package-path "$root" --product decouple >&2
export DECOUPLE_TOOL="$root/.build/release/decouple"
export DECOUPLE_SWIFTC="$(command -v swiftc)"

cd "$here"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift package benchmark --no-progress "$@" > "$log" 2>&1 || { cat "$log" >&2; echo "run.sh: the benchmarks failed" >&2; exit 1; }

awk '
    function ns(value, unit) {
        if (unit == "ns") return value
        if (unit == "μs" || unit == "us") return value * 1e3
        if (unit == "ms") return value * 1e6
        if (unit == "s") return value * 1e9
        return value
    }
    /^[a-z][a-z0-9_.]*\/(baseline|candidate|stdlib_inferring_moves)$/ { name = $0; next }
    name != "" && /Time \(wall clock\)/ {
        unit = $0; sub(/.*\(wall clock\) \(/, "", unit); sub(/\).*/, "", unit)
        split($0, cells, "│"); gsub(/ /, "", cells[5])
        value = cells[5]; factor = 1
        if (value ~ /K$/) { factor = 1e3; sub(/K$/, "", value) }
        if (value ~ /M$/) { factor = 1e6; sub(/M$/, "", value) }
        median[name] = ns(value * factor, unit)
    }
    name != "" && /Malloc \(total\)/ {
        split($0, cells, "│"); gsub(/ /, "", cells[5]); mallocs[name] = cells[5]
    }
    END {
        goals["proxy.typed_vs_direct"] = 3; goals["proxy.name_vs_direct"] = 25
        goals["factory.adapt_vs_direct"] = 3; goals["table.render_1m_vs_100_rows"] = 1.5
        goals["binding.update_vs_direct_set"] = 10; goals["generate.vs_swiftc_parse"] = 3
        goals["generate.warm_vs_cold"] = 0.1; goals["diff.100k_vs_hash_pass"] = 1.3
        order = "proxy.typed_vs_direct proxy.name_vs_direct factory.adapt_vs_direct table.render_1m_vs_100_rows binding.update_vs_direct_set diff.100k_vs_hash_pass generate.vs_swiftc_parse generate.warm_vs_cold"
        n = split(order, names, " ")
        for (i = 1; i <= n; i++) {
            f = names[i]; b = median[f "/baseline"]; c = median[f "/candidate"]
            if (b == "" || c == "" || b == 0) { printf "RATIO %s missing\n", f; continue }
            ratio[f] = c / b
            printf "RATIO %s %.3g\n", f, ratio[f]
        }
        if (median["diff.reference/stdlib_inferring_moves"] != "") printf "REFERENCE diff.100k_stdlib_inferring_moves_ms %.4g\n", median["diff.reference/stdlib_inferring_moves"] / 1e6
        printf "\n| figure | baseline p50 (ns) | candidate p50 (ns) | ratio | goal | mallocs per op (candidate p50) |\n|---|---:|---:|---:|---:|---:|\n"
        for (i = 1; i <= n; i++) {
            f = names[i]
            if (!(f in ratio)) continue
            mark = ratio[f] <= goals[f] ? "met" : "missed"
            printf "| %s | %.4g | %.4g | %.3g | ≤ %s (%s) | %s |\n", f, median[f "/baseline"], median[f "/candidate"], ratio[f], goals[f], mark, mallocs[f "/candidate"]
        }
    }
' "$log"
