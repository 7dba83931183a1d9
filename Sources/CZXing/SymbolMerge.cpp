// SymbolMerge: one list from what zxing-cpp and zbar found (see Merge in SymbolSearch.hpp).
#include "SymbolSearch.hpp"

#include <algorithm>
#include <cmath>

namespace czxing {
namespace {

/// The upright box around a symbol's corners, grown by a tenth of its longer side (at least 8 px):
/// two readers place the same code a little differently, and a linear code's box can be one line.
struct Box {
    int left, top, right, bottom;
};

Box Around(const FoundSymbol &symbol) {
    int left = symbol.corners[0], right = left, top = symbol.corners[1], bottom = top;
    for (int corner = 1; corner < 4; ++corner) {
        left = std::min(left, symbol.corners[2 * corner]), right = std::max(right, symbol.corners[2 * corner]);
        top = std::min(top, symbol.corners[2 * corner + 1]), bottom = std::max(bottom, symbol.corners[2 * corner + 1]);
    }
    const int margin = std::max(8, std::max(right - left, bottom - top) / 10);
    return {left - margin, top - margin, right + margin, bottom + margin};
}

bool Overlap(const FoundSymbol &a, const FoundSymbol &b) {
    const Box x = Around(a), y = Around(b);
    return x.left <= y.right && y.left <= x.right && x.top <= y.bottom && y.top <= x.bottom;
}

/// How far apart the first and last scan lines that read a linear symbol are (corners: the first
/// line's ends, then the last line's ends reversed).
double Extent(const FoundSymbol &symbol) {
    const int *c = symbol.corners;
    return (std::hypot(c[0] - c[6], c[1] - c[7]) + std::hypot(c[2] - c[4], c[3] - c[5])) / 2;
}

bool Sliver(const FoundSymbol &symbol) { return symbol.linear && Extent(symbol) < MinLinearExtent; }

}  // namespace

std::string ComparableText(const FoundSymbol &symbol) {
    if (symbol.format == "upc-a" && symbol.text.size() == 12) return "0" + symbol.text;
    if (symbol.format == "codabar" && symbol.text.size() >= 2 && std::string("ABCD").find(symbol.text.front()) != std::string::npos)
        return symbol.text.substr(1, symbol.text.size() - 2);
    return symbol.text;
}

namespace {

/// Two readings that may be of one code: same format, or both EAN/UPC.
bool Comparable(const FoundSymbol &a, const FoundSymbol &b) {
    return a.format == b.format || (RetailFamily(a.format) && RetailFamily(b.format));
}

/// The Unicode scalars of UTF-8 `text` (an invalid byte counts as one scalar of its own value).
std::vector<uint32_t> Scalars(const std::string &text) {
    std::vector<uint32_t> scalars;
    for (size_t index = 0; index < text.size();) {
        const auto lead = static_cast<unsigned char>(text[index]);
        const size_t length = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 1;
        if (length == 1 || index + length > text.size()) {
            scalars.push_back(lead);
            ++index;
            continue;
        }
        uint32_t value = lead & (0x7Fu >> length);
        for (size_t next = 1; next < length; ++next) value = value << 6 | (static_cast<unsigned char>(text[index + next]) & 0x3Fu);
        scalars.push_back(value);
        index += length;
    }
    return scalars;
}

/// True when zbar's `other` differs from zxing-cpp's `text` only where zxing-cpp read a character
/// outside ASCII: zbar 0.23 maps Code 128's extended (FNC4) characters wrongly (`Café Nº 7` comes
/// back `Cafi N: 7`), so its reading is no veto on zxing-cpp's.
bool MisreadOutsideASCII(const std::string &text, const std::string &other) {
    const auto ours = Scalars(text), theirs = Scalars(other);
    if (ours.size() != theirs.size()) return false;
    bool differs = false;
    for (size_t index = 0; index < ours.size(); ++index) {
        if (ours[index] == theirs[index]) continue;
        if (ours[index] < 0x80) return false;
        differs = true;
    }
    return differs;
}

/// zbar's readings worth keeping when zxing-cpp did not see the code: formats that carry a check.
bool Checked(const std::string &format) {
    return RetailFamily(format) || format == "code128" || format == "code93" || format == "qr";
}

/// Settles readings of one code at one place (see Merge): a text inside another is a partial read
/// and goes; two different texts are both disputed.
void Settle(std::vector<FoundSymbol> &symbols) {
    std::vector<bool> partial(symbols.size(), false);
    for (size_t a = 0; a < symbols.size(); ++a)
        for (size_t b = a + 1; b < symbols.size(); ++b) {
            FoundSymbol &x = symbols[a], &y = symbols[b];
            if (!x.linear || !y.linear || !Comparable(x, y) || !Overlap(x, y)) continue;
            const std::string textX = ComparableText(x), textY = ComparableText(y);
            if (textX == textY) continue;
            if (textX.find(textY) != std::string::npos) partial[b] = true;
            else if (textY.find(textX) != std::string::npos) partial[a] = true;
            else x.disputed = y.disputed = true;
        }
    size_t index = 0;
    std::erase_if(symbols, [&](const FoundSymbol &) { return partial[index++]; });
}

}  // namespace

std::vector<FoundSymbol> Merge(std::vector<FoundSymbol> zxing, std::vector<FoundSymbol> zbar) {
    std::erase_if(zxing, Sliver);
    std::erase_if(zbar, Sliver);
    std::vector<FoundSymbol> merged = std::move(zxing);
    const size_t fromZXing = merged.size();
    for (auto &other : zbar) {
        bool matched = false, besideLinear = false, covered = false;
        for (size_t index = 0; index < fromZXing; ++index) {
            FoundSymbol &symbol = merged[index];
            if (!Comparable(symbol, other) || !Overlap(symbol, other)) continue;
            covered = true;
            besideLinear = besideLinear || symbol.linear;
            if (ComparableText(symbol) == ComparableText(other)) {
                symbol.readers |= other.readers;
                symbol.gs1 = symbol.gs1 || other.gs1;
                matched = true;
            } else if (symbol.format == "code128" && MisreadOutsideASCII(symbol.text, other.text)) {
                matched = true;  // dropped: no confirmation, and no dispute
            }
        }
        // A 2D code read differently keeps zxing-cpp's text (both carry error correction: the
        // difference is in how bytes became text, not in the number); a different linear reading
        // stays for Settle to judge.
        if (!matched && (besideLinear || (!covered && Checked(other.format)))) merged.push_back(std::move(other));
    }
    Settle(merged);
    return merged;
}

}  // namespace czxing
