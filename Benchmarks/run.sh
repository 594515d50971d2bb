#!/usr/bin/env bash
# Builds and runs the benchmarks in release mode and prints, for each figure, the candidate's
# median divided by its baseline's median, both measured in this run:
#   RATIO <name> <value>
#   MALLOCS <name> <candidate mallocs per operation, p50>     (in-process figures)
#   PEAK_MIB <what> <peak resident memory of `decouple generate` or `inspect`, MiB>
#   GROWTH_KIB <what> <resident memory left behind by a repeated operation, KiB>
#   SECONDS inspect.app_tree <median>   (`inspect` on a 200,000-line, 1,500-file app-shaped tree)
#   RATIO inspect.real_app_vs_frontend_parse, with DECOUPLE_REAL_APP=<a real app's checkout>
#   RUN_SECONDS <time spent measuring, builds excluded>
# followed by a table with each figure's limit: a guard (it stops regressions; lower is not a
# goal) or a goal (what users feel). It exits 1 when a figure it measured is past its limit.
# Needs only the Swift toolchain (and awk). Arguments go to `swift package benchmark`, e.g.
# `--filter 'proxy.*'` to run some figures only. How each figure is measured: Benchmarks/README.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

# A build folder of its own, so that this release build and a debug build can run side by side.
# On Linux the tool is linked with the Swift run time and Foundation inside, as a Linux
# distribution of it would be: it starts in 6 ms instead of 9, and a run served from the cache
# is mostly start-up.
if [ "$(uname)" = Linux ]; then
    build=(--static-swift-stdlib --scratch-path "$root/.build-release-static")
    tool="$root/.build-release-static/release/decouple"
else
    build=(--scratch-path "$root/.build-release")
    tool="$root/.build-release/release/decouple"
fi
swift build -c release --package-path "$root" "${build[@]}" --traits Generator --product decouple >&2
# The macros and their plugin, for `macro.compile_vs_handwritten`, which compiles a module that
# imports them with the toolchain's swiftc. They are built here, as a dependency of this package's
# `MacroHost`, not in the root package: there, `swift build` first builds the tools of the build
# plugin its fixtures use (`decouple`, with swift-syntax) with a build database of their own, then
# swift-syntax again for the macro plug-in into the same files, and each build found the other's
# output changed: every run recompiled swift-syntax twice, 20 minutes on two cores.
swift build -c release --package-path "$here" --target MacroHost >&2
export DECOUPLE_TOOL="$tool"
export DECOUPLE_SWIFTC="$(command -v swiftc)"
export DECOUPLE_MODULES="$here/.build/release/Modules"
export DECOUPLE_MACRO_PLUGIN="$here/.build/release/DecoupleMacrosPlugin-tool"

cd "$here"
log="$(mktemp)"
figures="$(mktemp)"
trap 'rm -f "$log" "$figures"' EXIT
export DECOUPLE_FIGURES="$figures"
# Build first, so that the time measured below is the benchmarks' own.
swift package benchmark list > /dev/null 2>&1 || { swift package benchmark list >&2; echo "run.sh: the benchmarks do not build" >&2; exit 1; }
start=$(date +%s)
swift package benchmark --no-progress "$@" > "$log" 2>&1 || { cat "$log" >&2; echo "run.sh: the benchmarks failed" >&2; exit 1; }
end=$(date +%s)

awk -v run_seconds="$((end - start))" -v figures="$figures" '
    function ns(value, unit) {
        if (unit == "ns") return value
        if (unit == "μs" || unit == "us") return value * 1e3
        if (unit == "ms") return value * 1e6
        if (unit == "s") return value * 1e9
        return value
    }
    # The median of values[1..n], which it sorts.
    function middle(values, n,    i, j, t) {
        for (i = 2; i <= n; i++) {
            t = values[i]
            for (j = i - 1; j >= 1 && values[j] > t; j--) values[j + 1] = values[j]
            values[j + 1] = t
        }
        return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
    }
    function count(value,    factor) {
        factor = 1
        if (value ~ /K$/) { factor = 1e3; sub(/K$/, "", value) }
        if (value ~ /M$/) { factor = 1e6; sub(/M$/, "", value) }
        return value * factor
    }
    /^[a-z][a-z0-9_.]*\/[a-z0-9_]+$/ { name = $0; scale = 1; next }
    # With a scaling factor, figures are per 1,000 (K) or 1,000,000 (M) operations.
    name != "" && /Time \(wall clock\)/ {
        unit = $0; sub(/.*\(wall clock\) \(/, "", unit); sub(/\).*/, "", unit)
        if (unit ~ /\*/) { split(unit, parts, " \\* "); unit = parts[1] }
        split($0, cells, "│"); gsub(/ /, "", cells[5])
        median[name] = ns(count(cells[5]), unit)
    }
    name != "" && /Malloc \(total\)/ {
        split($0, cells, "│"); gsub(/ /, "", cells[5]); mallocs[name] = count(cells[5])
        per = $0; divisor = 1
        if (per ~ /\(K\)/) divisor = 1e3
        if (per ~ /\(M\)/) divisor = 1e6
        mallocs[name] = mallocs[name] / divisor
    }
    END {
        # Each figure: its limit, and whether it is a guard (stops regressions; lower is not a
        # goal) or a goal (what users feel). Mallocs per operation have limits of their own.
        nlimits = split("proxy.typed_vs_direct:4:guard proxy.name_vs_direct:10:guard factory.adapt_vs_direct:11:guard binding.update_vs_direct_set:5:goal binding.setter_update_vs_direct_set:5:goal binding.observable_update_vs_tracking_alone:2:guard generate.warm_vs_cold:0.07:guard table.render_1m_vs_100_rows:1.5:goal table.render_vs_plain_text:3:goal diff.100k_vs_hash_pass:1.3:goal diff.5k_vs_stdlib_difference:0.005:guard generate.vs_frontend_parse:2.5:goal generate.one_file_changed_vs_cold:0.1:goal generate.one_declaration_changed_vs_cold:0.8:guard feed.decode_vs_jsondecoder:1.5:goal feed.unknown_tags_1000_vs_1:1.5:goal plugin.one_file_edit_vs_cold:0.1:goal macro.compile_vs_handwritten:1.8:guard macro.maps_compile_vs_handwritten:3:guard inspect.large_app_vs_frontend_parse:3:goal inspect.large_app_whole_vs_modules:1.2:goal", limits, " ")
        n = 0
        for (i = 1; i <= nlimits; i++) {
            split(limits[i], parts, ":"); names[++n] = parts[1]; goals[parts[1]] = parts[2]; kinds[parts[1]] = parts[3]
        }
        malloc_goals["table.render_vs_plain_text"] = 25
        # A bound update is a set, a loop over observers and a call: nothing to allocate.
        malloc_goals["binding.update_vs_direct_set"] = 0; malloc_goals["binding.setter_update_vs_direct_set"] = 0
        # Figures measured in pairs (`PAIR <figure> <baseline ns> <candidate ns>`, see
        # `pairedBenchmark`): the ratio is the median of the ratios of the pairs, and the table
        # shows the median of each side. Other lines: one per name, the largest, since a benchmark body runs
        # more than once (warm-up, then measurement).
        while ((getline line < figures) > 0) {
            split(line, parts, " ")
            if (parts[1] == "PAIR") {
                k = ++pairs[parts[2]]
                pair_b[parts[2], k] = parts[3]; pair_c[parts[2], k] = parts[4]; pair_r[parts[2], k] = parts[4] / parts[3]
                continue
            }
            key = parts[1] " " parts[2]
            if (!(key in figure) || parts[3] + 0 > figure[key] + 0) { if (!(key in figure)) keys[++nkeys] = key; figure[key] = parts[3] }
        }
        for (f in pairs) {
            for (k = 1; k <= pairs[f]; k++) { xs[k] = pair_b[f, k]; ys[k] = pair_c[f, k]; rs[k] = pair_r[f, k] }
            median[f "/baseline"] = middle(xs, pairs[f]); median[f "/candidate"] = middle(ys, pairs[f]); paired[f] = middle(rs, pairs[f])
        }
        # The cached figures share one cold baseline.
        base["generate.one_file_changed_vs_cold"] = "generate.cold/baseline"
        base["generate.warm_vs_cold"] = "generate.cold/baseline"
        base["generate.one_declaration_changed_vs_cold"] = "generate.cold/baseline"
        for (i = 1; i <= n; i++) {
            f = names[i]; b = (f in base) ? median[base[f]] : median[f "/baseline"]; c = median[f "/candidate"]
            if (b == "" || c == "" || b == 0) { printf "RATIO %s missing\n", f; continue }
            ratio[f] = (f in paired) ? paired[f] : c / b
            printf "RATIO %s %.3g\n", f, ratio[f]
        }
        # Reported without a goal: the time of `inspect` on a whole app-shaped tree.
        f = "inspect.app_tree_vs_frontend_parse"; b = median[f "/baseline"]; c = median[f "/candidate"]
        if (b != "" && c != "" && b > 0) printf "RATIO %s %.3g\nSECONDS inspect.app_tree %.2f\nSECONDS inspect.app_tree_frontend_parse %.2f\n", f, (f in paired) ? paired[f] : c / b, c / 1e9, b / 1e9
        # With DECOUPLE_REAL_APP (the checkout of a real app): inspect against the compiler parse.
        f = "inspect.real_app_vs_frontend_parse"; b = median[f "/baseline"]; c = median[f "/candidate"]
        if (b != "" && c != "" && b > 0) printf "RATIO %s %.3g\nSECONDS inspect.real_app %.3f\nSECONDS inspect.real_app_frontend_parse %.3f\n", f, paired[f], c / 1e9, b / 1e9
        for (i = 1; i <= n; i++) {
            f = names[i]
            if ((f "/candidate") in mallocs && f !~ /^(generate|feed)\./) printf "MALLOCS %s %.4g\n", f, mallocs[f "/candidate"]
        }
        for (i = 1; i <= nkeys; i++) print keys[i], figure[keys[i]]
        if (median["diff.reference/stdlib_inferring_moves"] != "") printf "REFERENCE diff.100k_stdlib_inferring_moves_ms %.4g\n", median["diff.reference/stdlib_inferring_moves"] / 1e6
        if (median["binding.reference/observation_tracking_alone"] != "") printf "REFERENCE binding.observation_tracking_alone_ns %.4g\n", median["binding.reference/observation_tracking_alone"]
        printf "RUN_SECONDS %d\n", run_seconds
        printf "\n| figure | baseline p50 (ns) | candidate p50 (ns) | ratio | limit | mallocs per op (candidate p50) |\n|---|---:|---:|---:|---:|---:|\n"
        for (i = 1; i <= n; i++) {
            f = names[i]
            if (!(f in ratio)) continue
            mark = ratio[f] <= goals[f] ? "met" : "missed"
            if (mark == "missed") missed++
            m = ((f "/candidate") in mallocs && f !~ /^(generate|feed)\./) ? sprintf("%.4g", mallocs[f "/candidate"]) : "—"
            if (f in malloc_goals && (f "/candidate") in mallocs) {
                m = m sprintf(" (≤ %d, %s)", malloc_goals[f], (mallocs[f "/candidate"] <= malloc_goals[f]) ? "met" : "missed")
                if (mallocs[f "/candidate"] > malloc_goals[f]) missed++
            }
            b = (f in base) ? median[base[f]] : median[f "/baseline"]
            printf "| %s | %.4g | %.4g | %.3g | %s ≤ %s (%s) | %s |\n", f, b, median[f "/candidate"], ratio[f], kinds[f], goals[f], mark, m
        }
        # Memory that 100,000 cancelled bindings leave behind: a goal of less than 2 MiB.
        key = "GROWTH_KIB binding.rebind_100k_unchanged_rows"
        if (key in figure) {
            grown = figure[key] + 0
            printf "| binding.rebind_100k_unchanged_rows | — | %d KiB resident growth | — | goal < 2048 KiB (%s) | — |\n", grown, grown < 2048 ? "met" : "missed"
            if (grown >= 2048) missed++
        }
        # A figure past its guard or goal fails the run.
        if (missed) { printf "\nMISSED %d\n", missed; exit 1 }
    }
' "$log"
