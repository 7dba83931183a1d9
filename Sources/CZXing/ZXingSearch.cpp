// ZXingSearch: the symbols zxing-cpp (the current release, built from source by `make libraries`)
// finds in a gray image, named as the wallet names formats.
#include "SymbolSearch.hpp"

#include <ZXing/ReadBarcode.h>

namespace czxing {
namespace {

using ZXing::BarcodeFormat;

/// The formats asked for: every reader except Code 39 full ASCII (Code 39 comes back raw, as zbar
/// reads it, and the wallet decodes full ASCII from both readers with one table: zxing-cpp's own
/// decoding skips a last character that happens to be a valid check character), EAN add-ons and
/// the industrial curiosities (Telepen, DX film edge) a card does not carry.
ZXing::ReaderOptions Options() {
    ZXing::ReaderOptions options;
    options.setFormats(std::vector<BarcodeFormat>{
        BarcodeFormat::QRCode, BarcodeFormat::MicroQRCode, BarcodeFormat::RMQRCode, BarcodeFormat::Aztec,
        BarcodeFormat::DataMatrix, BarcodeFormat::PDF417, BarcodeFormat::MaxiCode, BarcodeFormat::Code128,
        BarcodeFormat::Code39Std, BarcodeFormat::Code32, BarcodeFormat::PZN, BarcodeFormat::Code93,
        BarcodeFormat::Codabar, BarcodeFormat::EAN13, BarcodeFormat::EAN8, BarcodeFormat::UPCA, BarcodeFormat::UPCE,
        BarcodeFormat::ITF, BarcodeFormat::DataBar, BarcodeFormat::DataBarExp, BarcodeFormat::DataBarLtd});
    options.setTryHarder(true);
    options.setTryRotate(true);
    options.setTryInvert(true);
    options.setTryDownscale(true);
    options.setMaxNumberOfSymbols(64);
    return options;
}

/// The wallet's name for a zxing format: its own formats by their CLI names, others lower-case.
std::string WalletName(BarcodeFormat format) {
    switch (format) {
    case BarcodeFormat::QRCode: case BarcodeFormat::QRCodeModel1: case BarcodeFormat::QRCodeModel2: return "qr";
    case BarcodeFormat::MicroQRCode: return "micro-qr";
    case BarcodeFormat::RMQRCode: return "rmqr";
    case BarcodeFormat::Aztec: case BarcodeFormat::AztecCode: return "aztec";
    case BarcodeFormat::AztecRune: return "aztec-rune";
    case BarcodeFormat::DataMatrix: return "data-matrix";
    case BarcodeFormat::PDF417: case BarcodeFormat::CompactPDF417: return "pdf417";
    case BarcodeFormat::MicroPDF417: return "micro-pdf417";
    case BarcodeFormat::MaxiCode: return "maxicode";
    case BarcodeFormat::Code128: return "code128";
    case BarcodeFormat::Code39: case BarcodeFormat::Code39Std: return "code39";
    case BarcodeFormat::Code39Ext: return "code39-full-ascii";
    case BarcodeFormat::Code32: return "code32";
    case BarcodeFormat::PZN: return "pzn";
    case BarcodeFormat::Code93: return "code93";
    case BarcodeFormat::Codabar: return "codabar";
    case BarcodeFormat::EAN13: case BarcodeFormat::ISBN: return "ean13";
    case BarcodeFormat::EAN8: return "ean8";
    case BarcodeFormat::UPCA: return "upc-a";
    case BarcodeFormat::UPCE: return "upc-e";
    case BarcodeFormat::ITF: case BarcodeFormat::ITF14: return "itf";
    case BarcodeFormat::DataBarExp: case BarcodeFormat::DataBarExpStk: return "databar-expanded";
    case BarcodeFormat::DataBarLtd: return "databar-limited";
    default: return ZXing::Symbology(format) == BarcodeFormat::DataBar ? "databar" : "unknown";
    }
}

}  // namespace

std::vector<FoundSymbol> ReadWithZXing(const GrayImage &image) {
    static const ZXing::ReaderOptions options = Options();
    std::vector<FoundSymbol> found;
    ZXing::ImageView view(image.pixels, image.width, image.height, ZXing::ImageFormat::Lum);
    for (const auto &barcode : ZXing::ReadBarcodes(view, options)) {
        if (!barcode.isValid()) continue;
        // The payload as encoded (Plain: bytes transcoded by their ECI or the format's default
        // character set, GS1 separators as GS), never zxing-cpp's default human-readable form
        // ("(01)0950...", control characters as pictures), which is for eyes, not for a till.
        const auto &bytes = barcode.bytes();
        FoundSymbol symbol{WalletName(barcode.format()),
                           barcode.text(ZXing::TextMode::Plain),
                           {},
                           ZXingCpp,
                           ZXing::Symbology(barcode.format()) != BarcodeFormat::PDF417 && (barcode.format() & BarcodeFormat::AllLinear),
                           std::string(bytes.begin(), bytes.end()),
                           barcode.symbologyIdentifier(),
                           barcode.contentType() == ZXing::ContentType::GS1};
        const auto &position = barcode.position();
        for (int corner = 0; corner < 4; ++corner) {
            symbol.corners[2 * corner] = position[corner].x;
            symbol.corners[2 * corner + 1] = position[corner].y;
        }
        // zxing-cpp gives UPC-A and UPC-E as 13-digit GTINs (ISO/IEC 15420). An EAN-13 number
        // starting with 0 is a UPC-A symbol (the same bars): the wallet's UPC-A has 12 digits and
        // its UPC-E 8 (the symbol's own digits), as zbar reads them.
        if ((symbol.format == "ean13" || symbol.format == "upc-a") && symbol.text.size() == 13 && symbol.text.front() == '0') {
            symbol.format = "upc-a";
            symbol.text.erase(0, 1);
        }
        if (symbol.format == "upc-e" && !barcode.extra(ZXing::BarcodeExtra::UPCE).empty()) symbol.text = barcode.extra(ZXing::BarcodeExtra::UPCE);
        if (RetailFamily(symbol.format)) symbol.bytes = symbol.text;  // digits: the wallet's form is the payload
        found.push_back(std::move(symbol));
    }
    return found;
}

}  // namespace czxing
