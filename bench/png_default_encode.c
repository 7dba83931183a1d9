/* Reference for bench/sections/20_widgets.py: encodes straight RGBA pixels (as
 * `wallet-bench render --dump-rgba` writes them) to PNG in memory with libpng's
 * default settings (no png_set_compression_* or png_set_filter calls: zlib level 6,
 * adaptive filtering), RUNS times, and prints the median milliseconds and the PNG size.
 * Usage: png_default_encode FILE WIDTH HEIGHT RUNS */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct buffer { unsigned char *data; size_t size, capacity; };

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    struct buffer *out = png_get_io_ptr(png);
    if (out->size + length > out->capacity) {
        out->capacity = (out->size + length) * 2;
        out->data = realloc(out->data, out->capacity);
        if (!out->data) png_error(png, "out of memory");
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static size_t encode(const unsigned char *pixels, int width, int height) {
    struct buffer out = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed\n"); exit(1); }
    png_set_write_fn(png, &out, write_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(out.data);
    return out.size;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s FILE WIDTH HEIGHT RUNS\n", argv[0]); return 2; }
    int width = atoi(argv[2]), height = atoi(argv[3]), runs = atoi(argv[4]);
    size_t expected = (size_t)width * height * 4;
    unsigned char *pixels = malloc(expected);
    FILE *file = fopen(argv[1], "rb");
    if (!file || fread(pixels, 1, expected, file) != expected) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(file);
    double *samples = malloc(sizeof(double) * runs);
    size_t size = 0;
    for (int i = 0; i < runs; i++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        size = encode(pixels, width, height);
        clock_gettime(CLOCK_MONOTONIC, &end);
        samples[i] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    }
    qsort(samples, runs, sizeof(double), compare);
    printf("%.3f %zu\n", samples[runs / 2], size);
    return 0;
}
