// ZBarSearch: the symbols zbar (Debian's libzbar, linked statically) finds in a gray image, named
// as the wallet names formats. zbar reads EAN/UPC and QR photos zxing-cpp misses; its PDF417
// reader is incomplete and it reads no Aztec or Data Matrix, so those stay zxing-cpp's.
#include "SymbolSearch.hpp"

#include <zbar.h>

using namespace zbar;  // zbar.h declares its C API inside namespace zbar when compiled as C++

#include <algorithm>
#include <climits>
#include <memory>

namespace czxing {
namespace {

/// The wallet's name for a zbar symbol type, empty for types not asked for.
std::string WalletName(zbar_symbol_type_t type) {
    switch (type) {
    case ZBAR_QRCODE: return "qr";
    case ZBAR_CODE128: return "code128";
    case ZBAR_CODE39: return "code39";
    case ZBAR_CODE93: return "code93";
    case ZBAR_CODABAR: return "codabar";
    case ZBAR_EAN13: return "ean13";
    case ZBAR_EAN8: return "ean8";
    case ZBAR_UPCA: return "upc-a";
    case ZBAR_UPCE: return "upc-e";
    case ZBAR_I25: return "itf";
    default: return "";
    }
}

/// About this many rows and columns of an image are scanned, at least every one of a smaller image.
constexpr int ZBarLinesPerImage = 1000;

/// A scanner for the formats above: everything off, then each of them on (UPC-A and UPC-E as
/// themselves rather than as EAN-13), inverted images tried when nothing is found.
zbar_image_scanner_t *Scanner(const GrayImage &image) {
    zbar_image_scanner_t *scanner = zbar_image_scanner_create();
    if (!scanner) throw std::bad_alloc();
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    for (zbar_symbol_type_t type : {ZBAR_QRCODE, ZBAR_CODE128, ZBAR_CODE39, ZBAR_CODE93, ZBAR_CODABAR, ZBAR_EAN13,
                                    ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE, ZBAR_I25})
        zbar_image_scanner_set_config(scanner, type, ZBAR_CFG_ENABLE, 1);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 1);
    // Every line of a phone photo is more than a code needs: one in `density` keeps zbar's time
    // near a screen-sized image's (a 4000x3000 photo: every 3rd row and column).
    const int density = std::max(1, std::min(image.width, image.height) / ZBarLinesPerImage);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density);
    return scanner;
}

}  // namespace

std::vector<FoundSymbol> ReadWithZBar(const GrayImage &image) {
    std::unique_ptr<zbar_image_scanner_t, void (*)(zbar_image_scanner_t *)> scanner(Scanner(image), zbar_image_scanner_destroy);
    std::unique_ptr<zbar_image_t, void (*)(zbar_image_t *)> zimage(zbar_image_create(), zbar_image_destroy);
    if (!zimage) throw std::bad_alloc();
    zbar_image_set_format(zimage.get(), zbar_fourcc('Y', '8', '0', '0'));
    zbar_image_set_size(zimage.get(), static_cast<unsigned>(image.width), static_cast<unsigned>(image.height));
    zbar_image_set_data(zimage.get(), image.pixels, static_cast<unsigned long>(image.width) * static_cast<unsigned long>(image.height), nullptr);
    std::vector<FoundSymbol> found;
    if (zbar_scan_image(scanner.get(), zimage.get()) <= 0) return found;
    for (const zbar_symbol_t *symbol = zbar_image_first_symbol(zimage.get()); symbol; symbol = zbar_symbol_next(symbol)) {
        std::string format = WalletName(zbar_symbol_get_type(symbol));
        if (format.empty()) continue;
        int minX = INT_MAX, minY = INT_MAX, maxX = INT_MIN, maxY = INT_MIN;
        for (unsigned point = 0; point < zbar_symbol_get_loc_size(symbol); ++point) {
            const int x = zbar_symbol_get_loc_x(symbol, point), y = zbar_symbol_get_loc_y(symbol, point);
            minX = std::min(minX, x), maxX = std::max(maxX, x), minY = std::min(minY, y), maxY = std::max(maxY, y);
        }
        if (minX > maxX) continue;
        const bool linear = format != "qr";
        // Bars upright (zbar read them along rows): the extent across the bars is the height.
        const bool upright = zbar_symbol_get_orientation(symbol) == ZBAR_ORIENT_UP || zbar_symbol_get_orientation(symbol) == ZBAR_ORIENT_DOWN;
        // zbar's text is the raw payload: a GS1-128 element string with GS separators, its
        // leading FNC1 told by the GS1 modifier (as zxing-cpp's Plain text and content type).
        std::string text(zbar_symbol_get_data(symbol), zbar_symbol_get_data_length(symbol));
        const bool gs1 = zbar_symbol_get_modifiers(symbol) & (1u << ZBAR_MOD_GS1);
        FoundSymbol item{std::move(format), text, {minX, minY, maxX, minY, maxX, maxY, minX, maxY}, ZBar, linear, text, "", gs1};
        if (linear && !upright) {  // read along columns: report the corners as for a code turned a quarter
            item.corners[0] = minX, item.corners[1] = maxY, item.corners[2] = minX, item.corners[3] = minY;
            item.corners[4] = maxX, item.corners[5] = minY, item.corners[6] = maxX, item.corners[7] = maxY;
        }
        found.push_back(std::move(item));
    }
    return found;
}

}  // namespace czxing
