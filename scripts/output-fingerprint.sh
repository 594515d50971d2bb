#!/usr/bin/env bash
# Writes what `decouple generate` makes of every committed corpus into FOLDER, one file per run
# (its standard output, standard error and exit status), so that a refactor of the generator can be
# checked byte for byte: run it before and after, then `diff -r BEFORE AFTER`.
#
#   bash scripts/output-fingerprint.sh /tmp/before [path/to/decouple]
#
# Corpora: the bundled example, the coverage fixture, the app tree, every oracle fixture in each
# output style (with and without MainActor by default), and the benchmarks' 100,000-line corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: output-fingerprint.sh FOLDER [decouple]}
tool=${2:-.build/debug/decouple}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

record() { # name, then the tool's arguments
    local name=$1; shift
    local status=0
    "$tool" "$@" > "$out/$name.out" 2> "$out/$name.err" || status=$?
    # Paths in messages are the work folder's: the same name on every run.
    sed -i "s|$work|WORK|g" "$out/$name.out" "$out/$name.err"
    echo "$status" > "$out/$name.status"
}

record examples generate Examples --config Examples/decouple.json
record coverage generate Tests/Fixtures/Coverage --config Tests/Fixtures/Coverage/decouple.json
record apptree generate Tests/Fixtures/AppTree --config Tests/Fixtures/AppTree/decouple.json

for fixture in Tests/Fixtures/Oracle/*/; do
    name=$(basename "$fixture")
    for style in conformance factory proxy; do
        for isolation in nonisolated MainActor; do
            copy="$work/oracle-$name-$style-$isolation"
            mkdir -p "$copy"
            cp "$fixture"*.swift "$copy/"
            sed -e "s/\"style\": \"conformance\"/\"style\": \"$style\"/" "$fixture/decouple.json" > "$copy/decouple.json"
            if [ "$isolation" = MainActor ]; then
                sed -i -e "0,/{/s/{/{ \"defaultIsolation\": \"MainActor\",/" "$copy/decouple.json"
            fi
            record "oracle-$name-$style-$isolation" generate "$copy" --config "$copy/decouple.json"
        done
    done
done

# The benchmarks' corpus, made by the benchmarks' own code (its `Corpus` enum), compiled alone.
corpus_source="$work/corpus.swift"
{
    echo "import Foundation"
    sed -n '/^\/\/\/ A generated corpus of model files/,/^}/p' Benchmarks/Benchmarks/DecoupleBenchmarks/Benchmarks.swift
    echo 'print(Corpus.make(lines: 100_000).folder)'
} > "$corpus_source"
swiftc -O -swift-version 6 "$corpus_source" -o "$work/corpus" 2> "$work/corpus.log" || { cat "$work/corpus.log"; exit 1; }
models=$("$work/corpus")
record corpus-100000 generate "$models" --config "$(dirname "$models")/decouple.json"
echo "output-fingerprint: $(ls "$out" | wc -l) files in $out"
