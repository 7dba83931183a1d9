// zint: every barcode symbology but QR (Barcodes' ZintEncoder).
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <zint.h>

#define WALLET_LIBRARY "libzint.so.2.11"
#define WALLET_PACKAGE "libzint2.11"
#include "forward.h"

WALLET_FORWARD(void, ZBarcode_Clear, (struct zint_symbol *symbol), (symbol))
WALLET_FORWARD(struct zint_symbol *, ZBarcode_Create, (void), ())
WALLET_FORWARD(void, ZBarcode_Delete, (struct zint_symbol *symbol), (symbol))
WALLET_FORWARD(int, ZBarcode_Encode, (struct zint_symbol *symbol, const unsigned char *source, int length), (symbol, source, length))
