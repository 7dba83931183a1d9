#!/bin/sh
# Barcode part of make demo: one barcode PNG per format in out/, paths printed one per line.
# Run through `make demo`, which builds the binary and passes it in $WALLET_BIN.
set -eu

WALLET_BIN=${WALLET_BIN:-.build/debug/wallet}
OUT=${OUT:-out}
mkdir -p "$OUT"

# format and a payload a loyalty card of that format might carry
while read -r format payload; do
    "$WALLET_BIN" barcode --format "$format" --output "$OUT/barcode-$format.png" -- "$payload"
done <<'PAYLOADS'
qr https://wallet.example/card/123456789?member=gold
aztec MEMBER-00042 Café Zoë
pdf417 MEMBER-00042 Gold Tier
data-matrix MEMBER-00042 Gold Tier
code128 CARD-0001234567
code39 CARD-1234567
code93 Card 1234567
codabar A40156B
ean13 400638133393
ean8 9638507
upc-a 03600029145
upc-e 0123456
itf 00012345678905
PAYLOADS
