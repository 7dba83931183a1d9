#!/usr/bin/env bash
# Runs every libFuzzer harness for SECONDS each (default 600), starting from the seeds in
# Fuzz/seeds/<harness>/ plus the corpus earlier runs grew in .build-fuzz/corpus/<harness>/.
# Prints one line per harness; a crash, leak, timeout or out-of-memory stops with its artifact.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
harnesses=("${@:-FuzzCSVParser FuzzCatimaReader FuzzPKPassReader FuzzWalletJSON FuzzZipReader FuzzDeepLink FuzzDateParser FuzzWidgetsJSON FuzzBarcodeEncoder}")
for harness in ${harnesses[*]}; do
    corpus=".build-fuzz/corpus/$harness"
    artifacts=".build-fuzz/artifacts/$harness/"
    mkdir -p "$corpus" "$artifacts"
    log=".build-fuzz/$harness.log"
    if ! LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" ".build-fuzz/debug/$harness" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=20 \
            -max_len=65536 -artifact_prefix="$artifacts" "$corpus" "Fuzz/seeds/$harness" >"$log" 2>&1; then
        echo "$harness: FINDING after up to ${seconds}s (see $log and $artifacts)"
        grep -E "ERROR|Fatal|panic|SUMMARY" "$log" | head -5
        exit 1
    fi
    runs=$(grep -Eo "Done [0-9]+ runs in [0-9]+ second" "$log" | tail -1)
    echo "$harness: no finding ($runs)"
done
