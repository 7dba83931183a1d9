#include <zlib.h>

/// deflateInit2 (a macro in zlib.h, which Swift cannot call) with a 32 KB window and zlib's
/// own allocator.
static inline int wallet_deflate_init(z_streamp stream, int level, int memoryLevel, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, memoryLevel, strategy);
}
