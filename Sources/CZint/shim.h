#include <zint.h>

// Accessors for zint_symbol's fixed-size arrays. Swift imports `encoded_data[200][144]` and
// `row_height[200]` as tuples of 200 (of 144) elements, and reading them through a generic
// (`withUnsafeBytes(of:)`) makes the runtime build that tuple's type metadata from its mangled
// name, at the first barcode of every process (bench/results.md, "Reference measurements",
// "libzint's rows read through CZint's shim").

/// Row `row` of the last symbol's modules: 8 per byte, least significant bit first.
static inline const unsigned char *wallet_zint_row(const struct zint_symbol *symbol, int row) {
    return symbol->encoded_data[row];
}

/// The explicit height of row `row` in modules (0 when the rows share the symbol's height).
static inline float wallet_zint_row_height(const struct zint_symbol *symbol, int row) {
    return symbol->row_height[row];
}

/// libzint's last message, NUL-terminated.
static inline const char *wallet_zint_error_text(const struct zint_symbol *symbol) {
    return symbol->errtxt;
}
