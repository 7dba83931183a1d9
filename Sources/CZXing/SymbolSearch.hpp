// SymbolSearch: every barcode in a gray image, read by zxing-cpp and by zbar, merged into one list
// that reports a code once, drops what is too thin to trust and marks where the readers disagree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace czxing {

/// Which reader saw a symbol (a bit mask in FoundSymbol::readers).
enum Reader : uint32_t { ZXingCpp = 1, ZBar = 2 };

/// One symbol found: the wallet's format name ("qr", "ean13", ..., or the lower-case name of a
/// format the wallet cannot store), its payload as encoded in UTF-8 (zxing-cpp's TextMode::Plain,
/// zbar's text: a GS1 element string with GS separators, control characters as they are), its
/// bytes before a character set was applied, the AIM symbology identifier, corners (x, y pairs:
/// top-left, top-right, bottom-right, bottom-left) in the image's pixels, the readers that saw
/// it, whether it is GS1, whether another reader read something else at the same place, and
/// whether a reading with a one-digit check was seen once only.
struct FoundSymbol {
    std::string format;
    std::string text;
    int corners[8];
    uint32_t readers;
    bool linear;
    std::string bytes;
    std::string symbologyIdentifier;
    bool gs1 = false;
    bool disputed = false;
    bool unconfirmed = false;
};

/// A gray image, one byte a pixel, rows `width` bytes apart.
struct GrayImage {
    const uint8_t *pixels;
    int width, height;
};

/// Every symbol zxing-cpp finds in the image (all formats, rotated and inverted ones too).
std::vector<FoundSymbol> ReadWithZXing(const GrayImage &image);

/// Every symbol zbar finds (EAN/UPC, Code 128/39/93, Codabar, ITF, QR).
std::vector<FoundSymbol> ReadWithZBar(const GrayImage &image);

/// One list from both readers' findings: a symbol both read is reported once; a linear symbol
/// seen only in a sliver (less than MinLinearExtent pixels across its bars: one scan line and the
/// lines checked next to it) is dropped; a symbol only zbar read is kept when its format carries a
/// check (EAN/UPC, Code 128, Code 93, QR) and dropped otherwise (zbar's Code 39, ITF and Codabar
/// read noise as codes). Linear readings of one format (EAN/UPC counting as one) at one place, from
/// either reader: a text contained in another is a partial read (a scan line that left the
/// symbol early: ITF and Codabar have no check) and is dropped; different texts are both kept and
/// marked disputed.
std::vector<FoundSymbol> Merge(std::vector<FoundSymbol> zxing, std::vector<FoundSymbol> zbar);

/// EAN-13, UPC-A (an EAN-13 starting with 0), EAN-8 and UPC-E are one family: a reader may see
/// one as another, and two readings of one family at one place must carry the same number. Their
/// check is one digit, which a wrong reading passes one time in ten.
inline bool RetailFamily(const std::string &format) {
    return format == "ean13" || format == "upc-a" || format == "ean8" || format == "upc-e";
}

/// The text two readings of one code are compared by: EAN/UPC as 13 digits where it is EAN-13
/// or UPC-A, Codabar without its start/stop letters (a reader may leave them out).
std::string ComparableText(const FoundSymbol &symbol);

/// Marks `unconfirmed` each EAN/UPC reading one reader alone saw that the other reader does not
/// see, with the same number, on its neighbourhood scaled to two thirds or sharpened (SecondLook.cpp).
void ConfirmSingleReadings(const GrayImage &image, std::vector<FoundSymbol> &symbols);

/// A linear symbol narrower than this across its bars is a sliver.
constexpr int MinLinearExtent = 5;

}  // namespace czxing
