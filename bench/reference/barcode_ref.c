/*
 * Straight C reference for the barcode benchmark: one payload per input line to
 * OUTDIR/00001.png, 00002.png, ... with libqrencode (QR) or libzint (EAN-13) and libpng,
 * drawing exactly what `wallet barcode --batch` draws: the same quiet zones (QR 4X all round;
 * EAN-13 11X left, 7X right), the same bar height (half the width with quiet zones, 40-80
 * modules), 1-bit grayscale, and the same zlib level / row filter as the wallet's default.
 * No validation and no atomic staging: the cheapest loop calling the same libraries.
 *
 * usage: barcode_ref qr|ean13 INPUT OUTDIR MODULE_SIZE ZLIB_LEVEL PNG_FILTER_MASK
 */
#include <png.h>
#include <qrencode.h>
#include <zint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int module_size, zlib_level, filter_mask;

/* Writes a width x height module matrix (dark(x, y) via the callback) as a 1-bit PNG. */
static void write_png(const char *path, int width, int height, int quiet_left, int quiet_right,
                      int quiet_vertical, int bar_rows, int (*dark)(void *, int, int), void *ctx) {
    int linear = bar_rows > 0;
    int pixel_width = (width + quiet_left + quiet_right) * module_size;
    int pixel_height = linear ? bar_rows : (height + 2 * quiet_vertical) * module_size;
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(1); }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng error\n"); exit(1); }
    png_init_io(png, file);
    png_set_IHDR(png, info, pixel_width, pixel_height, 1, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, zlib_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter_mask);
    png_write_info(png, info);
    size_t row_bytes = (pixel_width + 7) / 8;
    unsigned char *row = malloc(row_bytes);
    int drawn = -2;
    for (int y = 0; y < pixel_height; y++) {
        int top = linear ? 0 : quiet_vertical * module_size;
        int matrix_row = linear ? 0 : (y < top || y >= top + height * module_size ? -1 : (y - top) / module_size);
        if (matrix_row != drawn) {
            drawn = matrix_row;
            memset(row, 0xFF, row_bytes);
            if (matrix_row >= 0) {
                for (int x = 0; x < width; x++) {
                    if (!dark(ctx, x, matrix_row)) continue;
                    int start = (quiet_left + x) * module_size;
                    for (int p = start; p < start + module_size; p++) row[p >> 3] &= ~(0x80 >> (p & 7));
                }
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    fclose(file);
}

static int qr_dark(void *ctx, int x, int y) {
    QRcode *code = ctx;
    return code->data[y * code->width + x] & 1;
}

static int zint_dark(void *ctx, int x, int y) {
    struct zint_symbol *symbol = ctx;
    return (symbol->encoded_data[y][x >> 3] >> (x & 7)) & 1;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s qr|ean13 INPUT OUTDIR MODULE_SIZE ZLIB_LEVEL PNG_FILTER_MASK\n", argv[0]);
        return 2;
    }
    int qr = strcmp(argv[1], "qr") == 0;
    module_size = atoi(argv[4]);
    zlib_level = atoi(argv[5]);
    filter_mask = atoi(argv[6]);
    FILE *input = fopen(argv[2], "r");
    if (!input) { perror(argv[2]); return 1; }
    char line[8192], path[4096];
    int number = 0;
    while (fgets(line, sizeof line, input)) {
        line[strcspn(line, "\r\n")] = 0;
        snprintf(path, sizeof path, "%s/%05d.png", argv[3], ++number);
        if (qr) {
            QRcode *code = QRcode_encodeString(line, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
            if (!code) { perror("QRcode_encodeString"); return 1; }
            write_png(path, code->width, code->width, 4, 4, 4, 0, qr_dark, code);
            QRcode_free(code);
        } else {
            struct zint_symbol *symbol = ZBarcode_Create();
            symbol->symbology = BARCODE_EANX;
            if (ZBarcode_Encode(symbol, (unsigned char *)line, (int)strlen(line)) >= ZINT_ERROR) {
                fprintf(stderr, "line %d: %s\n", number, symbol->errtxt);
                return 1;
            }
            int total = symbol->width + 11 + 7;
            int bar = total / 2 < 40 ? 40 : (total / 2 > 80 ? 80 : total / 2);
            write_png(path, symbol->width, 1, 11, 7, 0, bar * module_size, zint_dark, symbol);
            ZBarcode_Delete(symbol);
        }
    }
    fclose(input);
    return 0;
}
