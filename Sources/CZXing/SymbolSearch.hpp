// SymbolSearch: every barcode in an image with zxing-cpp 1.4, in passes that make up for what a
// single ReadBarcodes call misses.
#pragma once

#define ZX_USE_UTF8 1  // zxing-cpp 1.4 returns text() as UTF-8 std::string only with this defined.
#include <ZXing/ReadBarcode.h>

#include <string>
#include <vector>

namespace czxing {

/// One symbol found: zxing's format, its UTF-8 text and corners (x, y pairs: top-left,
/// top-right, bottom-right, bottom-left) in the image's pixels.
struct FoundSymbol {
    ZXing::BarcodeFormat format;
    std::string text;
    int corners[8];
};

/// Every symbol in a gray image: one pass over the whole image for all formats, then Aztec and
/// Data Matrix again in each candidate region (zxing-cpp 1.4's detectors for those two look for
/// one symbol around the centre of the image they are given, so a code off-centre is missed).
/// Symbols seen by several passes are reported once.
std::vector<FoundSymbol> FindSymbols(const ZXing::ImageView &image);

}  // namespace czxing
