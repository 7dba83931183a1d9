// CZXing: zxing-cpp's ReadBarcodes behind the C surface in include/CZXing.h.
#include "CZXing.h"

// zxing-cpp 1.4 returns text() as UTF-8 std::string only with this defined.
#define ZX_USE_UTF8 1

#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace {

/// Gray levels of an image with straight alpha, composited onto white.
std::vector<uint8_t> luminanceOverWhite(const uint8_t *pixels, int width, int height, int rowStride) {
    std::vector<uint8_t> gray(static_cast<size_t>(width) * static_cast<size_t>(height));
    for (int y = 0; y < height; ++y) {
        const uint8_t *row = pixels + static_cast<size_t>(y) * static_cast<size_t>(rowStride);
        uint8_t *out = gray.data() + static_cast<size_t>(y) * static_cast<size_t>(width);
        for (int x = 0; x < width; ++x) {
            const uint8_t *p = row + 4 * x;
            unsigned lum = ZXing::RGBToLum(p[0], p[1], p[2]);
            unsigned alpha = p[3];
            out[x] = static_cast<uint8_t>((lum * alpha + 255u * (255u - alpha) + 127u) / 255u);
        }
    }
    return gray;
}

ZXing::DecodeHints hints() {
    ZXing::DecodeHints hints;
    hints.setFormats(ZXing::BarcodeFormat::Any);
    hints.setTryHarder(true);
    hints.setTryRotate(true);
    hints.setTryDownscale(true);
    // Codabar's start/stop letters are part of what the wallet encodes (A...A by default).
    hints.setReturnCodabarStartEnd(true);
    return hints;
}

czx_results *copyResults(const ZXing::Results &found) {
    auto *results = static_cast<czx_results *>(std::calloc(1, sizeof(czx_results)));
    if (!results) return nullptr;
    if (found.empty()) return results;
    results->items = static_cast<czx_result *>(std::calloc(found.size(), sizeof(czx_result)));
    if (!results->items) {
        std::free(results);
        return nullptr;
    }
    for (const auto &result : found) {
        czx_result &item = results->items[results->count];
        std::string text = result.text();
        item.format = ZXing::ToString(result.format());
        item.text = static_cast<char *>(std::malloc(text.size() + 1));
        if (!item.text) {
            czx_results_free(results);
            return nullptr;
        }
        std::memcpy(item.text, text.data(), text.size());
        item.text[text.size()] = '\0';
        item.text_length = text.size();
        const auto &position = result.position();
        for (int corner = 0; corner < 4; ++corner) {
            item.corners[2 * corner] = position[corner].x;
            item.corners[2 * corner + 1] = position[corner].y;
        }
        results->count += 1;
    }
    return results;
}

}  // namespace

extern "C" czx_status czx_read(const uint8_t *pixels, int width, int height, int row_stride,
                               czx_pixel_layout layout, czx_results **out) {
    if (!out) return CZX_INVALID_ARGUMENT;
    *out = nullptr;
    if (!pixels || width <= 0 || height <= 0) return CZX_INVALID_ARGUMENT;
    try {
        ZXing::Results found;
        switch (layout) {
        case CZX_GRAY:
            found = ZXing::ReadBarcodes({pixels, width, height, ZXing::ImageFormat::Lum, row_stride}, hints());
            break;
        case CZX_RGB:
            found = ZXing::ReadBarcodes({pixels, width, height, ZXing::ImageFormat::RGB, row_stride}, hints());
            break;
        case CZX_BGRX:
            found = ZXing::ReadBarcodes({pixels, width, height, ZXing::ImageFormat::BGRX, row_stride}, hints());
            break;
        case CZX_RGBA: {
            std::vector<uint8_t> gray = luminanceOverWhite(pixels, width, height, row_stride);
            found = ZXing::ReadBarcodes({gray.data(), width, height, ZXing::ImageFormat::Lum}, hints());
            break;
        }
        default:
            return CZX_INVALID_ARGUMENT;
        }
        *out = copyResults(found);
        return *out ? CZX_OK : CZX_OUT_OF_MEMORY;
    } catch (const std::bad_alloc &) {
        return CZX_OUT_OF_MEMORY;
    } catch (...) {
        return CZX_DECODER_FAILED;
    }
}

extern "C" void czx_results_free(czx_results *results) {
    if (!results) return;
    for (size_t index = 0; index < results->count; ++index) std::free(results->items[index].text);
    std::free(results->items);
    std::free(results);
}
