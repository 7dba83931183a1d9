/// wallet_scan.h: the C surface of the barcode reader, zxing-cpp (C++) and zbar behind `extern "C"`
/// functions. Swift imports only this header; the functions live in a shared library of their own
/// (libWalletScan.so, Sources/CZXing, which links both statically), which the wallet loads with dlopen
/// only when a scan starts: linked into the executable, zxing-cpp was resident in every wallet
/// process although only `card scan` and `card add --scan` use it.
/// Every result list returned by czx_read is freed with czx_results_free.
#ifndef WALLET_SCAN_H
#define WALLET_SCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The library's file name, and the names of the two functions the wallet looks up in it.
extern const char *const wallet_scan_library_name;
extern const char *const wallet_scan_read_symbol;
extern const char *const wallet_scan_results_free_symbol;

/// How the pixels handed to czx_read are laid out (8 bits per channel).
typedef enum czx_pixel_layout {
    CZX_GRAY = 1,
    CZX_RGB = 2,
    /// Straight (not premultiplied) alpha: composited onto white, as a screen shows it.
    CZX_RGBA = 3,
    /// Cairo's CAIRO_FORMAT_RGB24 on a little-endian machine: B, G, R, unused.
    CZX_BGRX = 4,
} czx_pixel_layout;

/// Bits of czx_result.flags: which readers saw the symbol, whether a reader read a different
/// text for a linear code at the same place (then both readings are listed, each disputed),
/// whether the symbol is GS1 (FNC1 in first position: its text is a GS1 element string), and
/// whether a reading of a format whose check is one digit (EAN/UPC) was seen once only (one
/// reader, and the other did not see it on a rescaled or a sharpened copy): a check digit passes
/// by chance one time in ten.
enum {
    CZX_READ_BY_ZXING = 1,
    CZX_READ_BY_ZBAR = 2,
    CZX_DISPUTED = 4,
    CZX_GS1 = 8,
    CZX_UNCONFIRMED = 16,
};

/// One symbol found: the wallet's format name ("qr", "ean13", "upc-a", ..., or the lower-case name
/// of a format the wallet cannot store: "micro-qr", "code32", ...); its payload as encoded
/// (`text`: UTF-8, text_length bytes, NUL-terminated, may hold NUL and control characters such as
/// RS and GS; zxing-cpp's TextMode::Plain, never the human-readable form: a GS1 element string
/// is `01...` with GS (0x1D) where a FNC1 separates fields, its leading FNC1 left out and told by
/// CZX_GS1); the symbol's bytes before any character set was applied (`bytes`, bytes_length,
/// the text's own bytes when the reader gives no others); the AIM symbology identifier (`]C1`
/// GS1-128, `]d2` GS1 Data Matrix, `]Q3` GS1 QR, ...; empty when the reader gives none); the four
/// corners in image pixels (top-left, top-right, bottom-right, bottom-left as x, y pairs) and
/// CZX_* flags.
typedef struct czx_result {
    char *format;
    char *text;
    size_t text_length;
    uint8_t *bytes;
    size_t bytes_length;
    char symbology_identifier[8];
    int corners[8];
    uint32_t flags;
} czx_result;

/// The symbols of one image.
typedef struct czx_results {
    czx_result *items;
    size_t count;
} czx_results;

/// Status codes of czx_read.
typedef enum czx_status {
    CZX_OK = 0,
    CZX_INVALID_ARGUMENT = 1,
    CZX_OUT_OF_MEMORY = 2,
    CZX_DECODER_FAILED = 3,
    /// The decoding process died (a decoder crashed on the image); `*detail` says by which signal.
    CZX_DECODER_CRASHED = 4,
    /// Decoding took longer than the time limit and was stopped.
    CZX_TIMED_OUT = 5,
    /// The decoding process could not be started (fork/pipe failed; errno in `*signal_number`).
    CZX_SYSTEM_ERROR = 6,
} czx_status;

/// Finds every barcode in the image (all formats, rotated ones too). The work runs in a child
/// process so that a crash inside a decoder or a decode running past `timeout_ms` cannot take the
/// caller down. On CZX_OK `*out` holds the results (possibly none); on failure `*out` is NULL and
/// `*detail` holds the signal (CZX_DECODER_CRASHED) or errno (CZX_SYSTEM_ERROR).
czx_status czx_read(const uint8_t *pixels, int width, int height, int row_stride,
                    czx_pixel_layout layout, int timeout_ms, czx_results **out, int *detail);
typedef czx_status (*czx_read_function)(const uint8_t *pixels, int width, int height, int row_stride,
                                        czx_pixel_layout layout, int timeout_ms, czx_results **out, int *detail);

/// Frees what czx_read returned (NULL is fine).
void czx_results_free(czx_results *results);
typedef void (*czx_results_free_function)(czx_results *results);

#ifdef __cplusplus
}
#endif

#endif
