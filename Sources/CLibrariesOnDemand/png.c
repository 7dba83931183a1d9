// libpng: every PNG the wallet writes (PNGEncoder).
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <png.h>

#define WALLET_LIBRARY "libpng16.so.16"
#define WALLET_PACKAGE "libpng16-16"
#include "forward.h"

WALLET_FORWARD(png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr))
WALLET_FORWARD(png_structp, png_create_write_struct, (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn), (user_png_ver, error_ptr, error_fn, warn_fn))
WALLET_FORWARD(void, png_destroy_write_struct, (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr), (png_ptr_ptr, info_ptr_ptr))
WALLET_FORWARD(png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr))
WALLET_FORWARD(png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr))
WALLET_FORWARD_NORETURN(png_longjmp, (png_const_structrp png_ptr, int val), (png_ptr, val))
WALLET_FORWARD(void, png_set_IHDR, (png_const_structrp png_ptr, png_inforp info_ptr, png_uint_32 width, png_uint_32 height, int bit_depth, int color_type, int interlace_method, int compression_method, int filter_method), (png_ptr, info_ptr, width, height, bit_depth, color_type, interlace_method, compression_method, filter_method))
WALLET_FORWARD(void, png_set_PLTE, (png_structrp png_ptr, png_inforp info_ptr, png_const_colorp palette, int num_palette), (png_ptr, info_ptr, palette, num_palette))
WALLET_FORWARD(void, png_set_compression_level, (png_structrp png_ptr, int level), (png_ptr, level))
WALLET_FORWARD(void, png_set_compression_mem_level, (png_structrp png_ptr, int mem_level), (png_ptr, mem_level))
WALLET_FORWARD(void, png_set_compression_strategy, (png_structrp png_ptr, int strategy), (png_ptr, strategy))
WALLET_FORWARD(void, png_set_filter, (png_structrp png_ptr, int method, int filters), (png_ptr, method, filters))
WALLET_FORWARD(jmp_buf *, png_set_longjmp_fn, (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size), (png_ptr, longjmp_fn, jmp_buf_size))
WALLET_FORWARD(void, png_set_tRNS, (png_structrp png_ptr, png_inforp info_ptr, png_const_bytep trans_alpha, int num_trans, png_const_color_16p trans_color), (png_ptr, info_ptr, trans_alpha, num_trans, trans_color))
WALLET_FORWARD(void, png_set_write_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn, png_flush_ptr output_flush_fn), (png_ptr, io_ptr, write_data_fn, output_flush_fn))
WALLET_FORWARD(void, png_write_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
WALLET_FORWARD(void, png_write_info, (png_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr))
WALLET_FORWARD(void, png_write_row, (png_structrp png_ptr, png_const_bytep row), (png_ptr, row))
