#!/bin/sh
# Runs each libFuzzer target for a bounded time: scripts/fuzz.sh BINARY SECONDS TARGET...
# Seeds come from Fixtures/ (and Fixtures/fuzz/); what libFuzzer adds to a corpus is kept under
# .build-fuzz/corpus/TARGET for the next run. A crash stops the run, and its input is saved as
# .build-fuzz/crashes/TARGET-crash-*: replay it with `.build/debug/xkcd-fuzz TARGET FILE`,
# keep it under Fixtures/fuzz/crashes/TARGET/ and add a test that feeds it to the code.
set -eu

bin=$1 seconds=$2
shift 2
root=.build-fuzz
# Swift's own backtracer reads memory ASan reports as a second crash.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$root/crashes"

for target in "$@"; do
    corpus="$root/corpus/$target" seeds="$root/seeds/$target"
    rm -rf "$seeds"
    mkdir -p "$corpus" "$seeds"
    case "$target" in
    commands) cp Fixtures/fuzz/commands/* "$seeds/" ;;
    text | json) cp Fixtures/comics/*.json "$seeds/" ;;
    wiki)
        # The first byte is the layout width.
        for f in Fixtures/explain/*.wiki; do
            { printf 'P'; cat "$f"; } > "$seeds/$(basename "$f")"
        done ;;
    image) cp Fixtures/images/*.png Fixtures/images/*.jpg Fixtures/images/*.gif "$seeds/" ;;
    esac
    if [ -d "Fixtures/fuzz/crashes/$target" ]; then cp "Fixtures/fuzz/crashes/$target"/* "$seeds/"; fi
    echo "fuzz: $target for ${seconds}s"
    "$bin" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$root/crashes/$target-" "$corpus" "$seeds"
done
