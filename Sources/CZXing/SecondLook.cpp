// SecondLook: a reading whose check is one digit (EAN/UPC) and that one reader alone saw is read
// again by the other reader on two altered copies of its neighbourhood (scaled to two thirds,
// sharpened); seen again with the same number, it stands; otherwise it is marked unconfirmed. A one-digit check
// passes a wrong reading one time in ten, so it is no confirmation on its own.
#include "SymbolSearch.hpp"

#include <algorithm>

namespace czxing {
namespace {

/// A gray image that owns its pixels.
struct OwnedGray {
    std::vector<uint8_t> pixels;
    int width = 0, height = 0;
    GrayImage view() const { return {pixels.data(), width, height}; }
};

/// The part of `image` around `symbol`: its box grown by half its size on each side (the quiet
/// zones and the digits under the bars), at least 40 pixels.
OwnedGray Neighbourhood(const GrayImage &image, const FoundSymbol &symbol) {
    int left = symbol.corners[0], right = left, top = symbol.corners[1], bottom = top;
    for (int corner = 1; corner < 4; ++corner) {
        left = std::min(left, symbol.corners[2 * corner]), right = std::max(right, symbol.corners[2 * corner]);
        top = std::min(top, symbol.corners[2 * corner + 1]), bottom = std::max(bottom, symbol.corners[2 * corner + 1]);
    }
    const int margin = std::max({40, (right - left) / 2, (bottom - top) / 2});
    left = std::max(0, left - margin), top = std::max(0, top - margin);
    right = std::min(image.width - 1, right + margin), bottom = std::min(image.height - 1, bottom + margin);
    OwnedGray crop;
    if (right < left || bottom < top) return crop;
    crop.width = right - left + 1, crop.height = bottom - top + 1;
    crop.pixels.resize(static_cast<size_t>(crop.width) * static_cast<size_t>(crop.height));
    for (int y = 0; y < crop.height; ++y)
        std::copy_n(image.pixels + static_cast<size_t>(top + y) * static_cast<size_t>(image.width) + static_cast<size_t>(left),
                    crop.width, crop.pixels.data() + static_cast<size_t>(y) * static_cast<size_t>(crop.width));
    return crop;
}

/// `image` scaled to two thirds, each pixel the mean of the source pixels it covers (3x3 -> 2x2).
OwnedGray TwoThirds(const OwnedGray &image) {
    OwnedGray out;
    out.width = std::max(1, image.width * 2 / 3), out.height = std::max(1, image.height * 2 / 3);
    out.pixels.resize(static_cast<size_t>(out.width) * static_cast<size_t>(out.height));
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            // Output pixel x covers source pixels 3x/2 to (3x + 4)/2 - 1: two of every three, the middle one shared.
            int sum = 0, weight = 0;
            for (int sy = (3 * y) / 2; sy < std::min(image.height, (3 * y + 4) / 2); ++sy)
                for (int sx = (3 * x) / 2; sx < std::min(image.width, (3 * x + 4) / 2); ++sx) {
                    sum += image.pixels[static_cast<size_t>(sy) * static_cast<size_t>(image.width) + static_cast<size_t>(sx)];
                    ++weight;
                }
            out.pixels[static_cast<size_t>(y) * static_cast<size_t>(out.width) + static_cast<size_t>(x)] =
                static_cast<uint8_t>(weight ? sum / weight : 255);
        }
    return out;
}

/// `image` sharpened by an unsharp mask: each pixel plus its difference from the mean of its
/// four neighbours, clamped.
OwnedGray Sharpened(const OwnedGray &image) {
    OwnedGray out = image;
    auto at = [&](int x, int y) {
        x = std::clamp(x, 0, image.width - 1), y = std::clamp(y, 0, image.height - 1);
        return static_cast<int>(image.pixels[static_cast<size_t>(y) * static_cast<size_t>(image.width) + static_cast<size_t>(x)]);
    };
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const int value = 5 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1);
            out.pixels[static_cast<size_t>(y) * static_cast<size_t>(image.width) + static_cast<size_t>(x)] =
                static_cast<uint8_t>(std::clamp(value, 0, 255));
        }
    return out;
}

/// True when the reader that did not see `symbol` finds its number (EAN/UPC compared as 13
/// digits) in `image`: the reader that misread a code once misreads a copy of it the same way
/// (a zbar-only reading of a UPC-A in zxing-cpp's own samples came back identical on both copies).
bool SeenIn(const GrayImage &image, const FoundSymbol &symbol) {
    const std::string wanted = ComparableText(symbol);
    const auto read = symbol.readers & ZXingCpp ? &ReadWithZBar : &ReadWithZXing;
    for (const auto &other : read(image))
        if (RetailFamily(other.format) && ComparableText(other) == wanted) return true;
    return false;
}

}  // namespace

void ConfirmSingleReadings(const GrayImage &image, std::vector<FoundSymbol> &symbols) {
    for (auto &symbol : symbols) {
        if (!RetailFamily(symbol.format) || symbol.disputed || symbol.readers == (ZXingCpp | ZBar)) continue;
        const OwnedGray near = Neighbourhood(image, symbol);
        if (near.pixels.empty()) {
            symbol.unconfirmed = true;
            continue;
        }
        symbol.unconfirmed = !SeenIn(TwoThirds(near).view(), symbol) && !SeenIn(Sharpened(near).view(), symbol);
    }
}

}  // namespace czxing
