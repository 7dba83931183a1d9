#include <png.h>
#include <setjmp.h>
#include <stdio.h>

/*
 * libpng reports errors with longjmp. A longjmp must never unwind through Swift frames, so every
 * libpng call that can fail goes through one of these wrappers: each sets its own jump target and
 * turns an error into a -1 return. The message libpng gave is kept in the caller's
 * wallet_png_error_state (never printed), so the Swift error can carry it.
 */

/// Where libpng's last error message is kept for the Swift side (one per write session).
typedef struct {
    char message[256];
} wallet_png_error_state;

/// libpng's error callback: keeps the message in the session's state, then jumps back to the
/// wrapper that made the failing call (it must not return).
static inline void wallet_png_keep_error(png_structp png, png_const_charp message) {
    wallet_png_error_state *state = (wallet_png_error_state *)png_get_error_ptr(png);
    if (state != NULL) {
        snprintf(state->message, sizeof state->message, "%s", message != NULL ? message : "unknown error");
    }
    png_longjmp(png, 1);
}

/// libpng's warning callback: warnings are conditions libpng recovered from (the error that may
/// follow says what failed), so they are dropped instead of printed to stderr.
static inline void wallet_png_drop_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// A write struct whose errors land in `state`; NULL when out of memory.
static inline png_structp wallet_png_create_write_struct(wallet_png_error_state *state) {
    return png_create_write_struct(PNG_LIBPNG_VER_STRING, state, wallet_png_keep_error, wallet_png_drop_warning);
}

/// Sets IHDR (+ PLTE/tRNS for palettes), compression level, strategy and row filters, then writes
/// the header chunks. Returns 0 on success, -1 when libpng refused a value.
static inline int wallet_png_write_header(
    png_structp png, png_infop info, png_uint_32 width, png_uint_32 height, int bit_depth,
    int color_type, png_const_colorp palette, int palette_count, png_const_bytep trans,
    int trans_count, int level, int strategy, int filters, int mem_level
) {
    if (setjmp(png_jmpbuf(png))) return -1;
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette_count > 0) png_set_PLTE(png, info, palette, palette_count);
    if (trans_count > 0) png_set_tRNS(png, info, trans, trans_count, NULL);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_compression_mem_level(png, mem_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    return 0;
}

/// Writes one row (already in the image's pixel format). Returns 0 on success, -1 on error.
static inline int wallet_png_write_row(png_structp png, png_const_bytep row) {
    if (setjmp(png_jmpbuf(png))) return -1;
    png_write_row(png, row);
    return 0;
}

/// Finishes the image (IEND). Returns 0 on success, -1 on error.
static inline int wallet_png_write_end(png_structp png, png_infop info) {
    if (setjmp(png_jmpbuf(png))) return -1;
    png_write_end(png, info);
    return 0;
}
