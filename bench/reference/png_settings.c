/*
 * Measures libpng zlib levels, row filters and zlib strategies on the images the wallet
 * writes: a QR code and an EAN-13 at 2 px per module (1-bit gray) and a flat-color
 * 1092x510 RGB widget-like image (tiles, a barcode block, text-like runs). Encodes to memory
 * and prints one line per setting: image, level, filter, strategy, microseconds per image, bytes.
 *
 * usage: png_settings [REPEATS]
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { const char *name; int width, height, color_type, bit_depth; unsigned char *pixels; size_t row_bytes; } image_t;
typedef struct { size_t size; } sink_t;

static void sink_write(png_structp png, png_bytep data, size_t length) { ((sink_t *)png_get_io_ptr(png))->size += length; }
static void sink_flush(png_structp png) { (void)png; }

static size_t encode(const image_t *image, int level, int filters, int strategy) {
    sink_t sink = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) exit(1);
    png_set_write_fn(png, &sink, sink_write, sink_flush);
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    for (int y = 0; y < image->height; y++) png_write_row(png, image->pixels + y * image->row_bytes);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return sink.size;
}

/* Random module matrix drawn at 2 px per module with a quiet zone, 1-bit. */
static image_t matrix_image(const char *name, int modules_wide, int modules_high, int quiet_left, int quiet_right,
                            int quiet_vertical, int bar_height_px) {
    int m = 2;
    image_t image = {name, (modules_wide + quiet_left + quiet_right) * m, 0, PNG_COLOR_TYPE_GRAY, 1, NULL, 0};
    image.height = bar_height_px ? bar_height_px : (modules_high + 2 * quiet_vertical) * m;
    image.row_bytes = (image.width + 7) / 8;
    image.pixels = malloc(image.row_bytes * image.height);
    memset(image.pixels, 0xFF, image.row_bytes * image.height);
    unsigned char *dark = malloc(modules_wide * modules_high);
    for (int i = 0; i < modules_wide * modules_high; i++) dark[i] = rand() & 1;
    for (int y = 0; y < image.height; y++) {
        int row = bar_height_px ? 0 : y / m - quiet_vertical;
        if (row < 0 || row >= modules_high) continue;
        for (int x = 0; x < modules_wide; x++) {
            if (!dark[row * modules_wide + x]) continue;
            for (int p = (quiet_left + x) * m; p < (quiet_left + x + 1) * m; p++)
                image.pixels[y * image.row_bytes + (p >> 3)] &= ~(0x80 >> (p & 7));
        }
    }
    free(dark);
    return image;
}

static void fill(image_t *image, int x0, int y0, int w, int h, unsigned r, unsigned g, unsigned b) {
    for (int y = y0; y < y0 + h && y < image->height; y++)
        for (int x = x0; x < x0 + w && x < image->width; x++) {
            unsigned char *p = image->pixels + y * image->row_bytes + 3 * x;
            p[0] = r; p[1] = g; p[2] = b;
        }
}

/* A medium widget at 3x: background, four colored tiles, each with a barcode block and text runs. */
static image_t widget_image(void) {
    image_t image = {"widget 1092x510 RGB", 1092, 510, PNG_COLOR_TYPE_RGB, 8, NULL, 1092 * 3};
    image.pixels = malloc(image.row_bytes * image.height);
    fill(&image, 0, 0, 1092, 510, 242, 242, 247);
    unsigned colors[4][3] = {{200, 30, 45}, {20, 110, 200}, {30, 160, 90}, {240, 170, 20}};
    for (int t = 0; t < 4; t++) {
        int x0 = 24 + (t % 2) * 534, y0 = 24 + (t / 2) * 243;
        fill(&image, x0, y0, 510, 219, colors[t][0], colors[t][1], colors[t][2]);
        fill(&image, x0 + 16, y0 + 16, 150, 150, 255, 255, 255);
        for (int my = 0; my < 25; my++)
            for (int mx = 0; mx < 25; mx++)
                if (rand() & 1) fill(&image, x0 + 21 + mx * 5, y0 + 21 + my * 5, 5, 5, 0, 0, 0);
        for (int line = 0; line < 3; line++)
            for (int glyph = 0; glyph < 22; glyph++)
                if (rand() % 4) fill(&image, x0 + 190 + glyph * 13, y0 + 30 + line * 40, 9 + rand() % 3, 22, 255, 255, 255);
    }
    return image;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int repeats = argc > 1 ? atoi(argv[1]) : 200;
    srand(42);
    image_t images[3] = {
        matrix_image("QR 33 modules @2px", 33, 33, 4, 4, 4, 0),
        matrix_image("EAN-13 @2px", 95, 1, 11, 7, 0, 112),
        widget_image(),
    };
    struct { const char *name; int mask; } filters[] = {
        {"none", PNG_FILTER_NONE}, {"sub", PNG_FILTER_SUB}, {"up", PNG_FILTER_UP},
        {"paeth", PNG_FILTER_PAETH}, {"all", PNG_ALL_FILTERS},
    };
    const char *strategies[] = {"default", "filtered", "huffman", "rle"};
    for (int i = 0; i < 3; i++) {
        int n = i == 2 ? repeats / 10 + 1 : repeats;
        for (int level = 0; level <= 9; level++)
            for (int f = 0; f < 5; f++)
                for (int s = 0; s < 4; s++) {
                    if (s != 0 && level != 1 && level != 6) continue;
                    size_t size = 0;
                    double start = now();
                    for (int r = 0; r < n; r++) size = encode(&images[i], level, filters[f].mask, s);
                    printf("%s\t%d\t%s\t%s\t%.1f\t%zu\n", images[i].name, level, filters[f].name, strategies[s],
                           (now() - start) / n * 1e6, size);
                }
    }
    return 0;
}
