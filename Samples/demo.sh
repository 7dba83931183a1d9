#!/usr/bin/env bash
# make demo: one barcode PNG per format, then the sample wallet's widget snapshots and their
# deep-link maps, all under $OUT (default out/). `make demo` passes the binary in $WALLET_BIN.
set -euo pipefail
here=$(dirname "$0")
"$here/demo-barcodes.sh"
"$here/demo-widgets.sh"
