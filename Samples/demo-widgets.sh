#!/usr/bin/env bash
# Widget part of make demo: loads the sample wallet (Samples/sample-wallet.tsv) into a temporary home,
# configures small, medium, large and lock-screen widgets, exports their snapshots (light and dark,
# the lock screen in each rendering mode) into $OUT/widgets/ (default out/), prints the paths and
# each widget's deep-link map, and taps a small widget's next button.
set -euo pipefail
cd "$(dirname "$0")/.."
WALLET_BIN=${WALLET_BIN:-$PWD/.build/debug/wallet}
OUT=${OUT:-out}
export WALLET_HOME=$(mktemp -d)
trap 'rm -rf "$WALLET_HOME"' EXIT
wallet() { "$WALLET_BIN" "$@"; }

echo "== sample wallet ($WALLET_HOME)"
declare -A ids
while IFS=$'\t' read -r store code format color favorite; do
    [[ -z "$store" || "$store" == \#* ]] && continue
    args=(card add --store "$store" --code "$code" --color "$color")
    [[ "$format" != "-" ]] && args+=(--format "$format")
    [[ "$favorite" == "yes" ]] && args+=(--favorite)
    ids[$store]=$(wallet "${args[@]}")
done < Samples/sample-wallet.tsv
echo "${#ids[@]} cards loaded"

echo "== widgets"
small=$(wallet widget add --family small --cards "Green Grocer")
medium=$(wallet widget add --family medium --cards "Coffee Corner,Book Nook,Пятёрочка,Pet Pals")
large=$(wallet widget add --family large \
    --cards "ファミリーマート,كارفور,Fit Club ☕,Cinema Paradiso,City Library,Corner Bakery,Museum Friends,Gift Card")
suggested=$(wallet widget add --family medium --mode suggested)
stepping=$(wallet widget add --family small --mode favorites)
wallet widget add --family accessory-rectangular --cards "Green Grocer" > /dev/null
wallet widget add --family accessory-circular --cards "Coffee Corner" > /dev/null
wallet widget add --family accessory-inline --cards "Book Nook" > /dev/null
wallet widget list

for appearance in light dark; do
    echo "== snapshots, $appearance"
    wallet widget render --all --output "$OUT/widgets/$appearance" --appearance "$appearance"
done

for rendering in full-color accented vibrant; do
    echo "== snapshots, --rendering $rendering"
    wallet widget render --all --output "$OUT/widgets/$rendering" --rendering "$rendering"
done

for widget in "$small" "$medium" "$large" "$suggested" "$stepping"; do
    echo "== deep links and buttons of $widget (points; x y width height url|intent)"
    wallet widget links "$widget"
done

echo "== a tap on the favorites widget's next button"
wallet widget tap "$stepping" 152 18
wallet widget render "$stepping" --output "$OUT/widgets/after-next.png"
