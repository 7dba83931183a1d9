// CandidateRegions: where in a gray image a symbol may be, as boxes to decode separately.
#pragma once

#include <ZXing/ImageView.h>

#include <vector>

namespace czxing {

/// An upright box in image pixels.
struct Box {
    int left, top, width, height;
};

/// Boxes around the image's separate busy areas, each with a margin: the image is cut into
/// square cells, a cell holding both dark and light pixels is busy, and each group of busy cells at
/// most two cells apart (plates, cards, symbols standing apart on a page) becomes one box. Groups too
/// small to hold a symbol, or covering nearly the whole image (the whole-image pass saw those),
/// are left out; at most `limit` boxes, largest first. `image` must be 8-bit gray.
std::vector<Box> CandidateBoxes(const ZXing::ImageView &image, size_t limit = 48);

}  // namespace czxing
