// SymbolSearch: the passes over an image and the merge of what they find.
#include "SymbolSearch.hpp"

#include "CandidateRegions.hpp"

#include <algorithm>

namespace czxing {
namespace {

ZXing::DecodeHints Hints(ZXing::BarcodeFormats formats) {
    ZXing::DecodeHints hints;
    hints.setFormats(formats);
    hints.setTryHarder(true);
    hints.setTryRotate(true);
    // The library's own downscaling merges its passes' results with Result::operator==, which
    // Debian's build (assertions on) aborts in for linear codes; windows and whole-image passes
    // here cover large modules instead.
    hints.setTryDownscale(false);
    // Codabar's start/stop letters are part of what the wallet encodes (A...A by default).
    hints.setReturnCodabarStartEnd(true);
    return hints;
}

/// True when `point` lies within the upright box around `symbol`'s corners.
bool Inside(int x, int y, const FoundSymbol &symbol) {
    int minX = symbol.corners[0], maxX = minX, minY = symbol.corners[1], maxY = minY;
    for (int corner = 1; corner < 4; ++corner) {
        minX = std::min(minX, symbol.corners[2 * corner]);
        maxX = std::max(maxX, symbol.corners[2 * corner]);
        minY = std::min(minY, symbol.corners[2 * corner + 1]);
        maxY = std::max(maxY, symbol.corners[2 * corner + 1]);
    }
    return x >= minX && x <= maxX && y >= minY && y <= maxY;
}

/// The same symbol seen twice: same format and text, one's centre inside the other.
bool SameSymbol(const FoundSymbol &a, const FoundSymbol &b) {
    if (a.format != b.format || a.text != b.text) return false;
    int ax = (a.corners[0] + a.corners[2] + a.corners[4] + a.corners[6]) / 4;
    int ay = (a.corners[1] + a.corners[3] + a.corners[5] + a.corners[7]) / 4;
    int bx = (b.corners[0] + b.corners[2] + b.corners[4] + b.corners[6]) / 4;
    int by = (b.corners[1] + b.corners[3] + b.corners[5] + b.corners[7]) / 4;
    return Inside(ax, ay, b) || Inside(bx, by, a);
}

/// Adds the valid results of a pass over a window whose top-left corner is (left, top).
void Add(std::vector<FoundSymbol> &found, const ZXing::Results &results, int left, int top) {
    for (const auto &result : results) {
        if (!result.isValid()) continue;
        FoundSymbol symbol{result.format(), result.text(), {}};
        const auto &position = result.position();
        for (int corner = 0; corner < 4; ++corner) {
            symbol.corners[2 * corner] = position[corner].x + left;
            symbol.corners[2 * corner + 1] = position[corner].y + top;
        }
        bool seen = std::any_of(found.begin(), found.end(), [&](const FoundSymbol &other) { return SameSymbol(symbol, other); });
        if (!seen) found.push_back(std::move(symbol));
    }
}

}  // namespace

std::vector<FoundSymbol> FindSymbols(const ZXing::ImageView &image) {
    std::vector<FoundSymbol> found;
    Add(found, ZXing::ReadBarcodes(image, Hints(ZXing::BarcodeFormat::Any)), 0, 0);
    const auto centred = Hints(ZXing::BarcodeFormat::Aztec | ZXing::BarcodeFormat::DataMatrix);
    for (const auto &box : CandidateBoxes(image))
        Add(found, ZXing::ReadBarcodes(image.cropped(box.left, box.top, box.width, box.height), centred), box.left, box.top);
    return found;
}

}  // namespace czxing
