// CandidateRegions: busy cells, their connected groups and the boxes around them.
#include "CandidateRegions.hpp"

#include <algorithm>
#include <cstdint>

namespace czxing {
namespace {

/// A cell is busy when its darkest and lightest pixels straddle mid-gray by this much.
constexpr int Contrast = 48;

/// Busy cells this many cells apart still belong to one group (a symbol with large modules has
/// uniform cells inside its modules).
constexpr int Reach = 2;

/// True when the cell at (cellX, cellY) of `size` pixels, with one more pixel on each side (an
/// edge on the cell border counts), holds both dark and light pixels.
bool Busy(const ZXing::ImageView &image, int cellX, int cellY, int size) {
    int darkest = 255, lightest = 0;
    const int top = std::max(0, cellY * size - 1), left = std::max(0, cellX * size - 1);
    const int bottom = std::min(image.height(), (cellY + 1) * size + 1), right = std::min(image.width(), (cellX + 1) * size + 1);
    for (int y = top; y < bottom; ++y) {
        const uint8_t *row = image.data(0, y);
        for (int x = left; x < right; ++x) {
            darkest = std::min<int>(darkest, row[x]);
            lightest = std::max<int>(lightest, row[x]);
        }
    }
    return darkest < 128 - Contrast / 2 && lightest > 128 + Contrast / 2;
}

}  // namespace

std::vector<Box> CandidateBoxes(const ZXing::ImageView &image, size_t limit) {
    const int size = std::max(4, std::min(image.width(), image.height()) / 256);
    const int columns = (image.width() + size - 1) / size, rows = (image.height() + size - 1) / size;
    std::vector<uint8_t> busy(static_cast<size_t>(columns) * rows);
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < columns; ++x) busy[static_cast<size_t>(y) * columns + x] = Busy(image, x, y, size);
    std::vector<Box> boxes;
    std::vector<int> stack;
    for (int start = 0; start < columns * rows; ++start) {
        if (!busy[start]) continue;
        busy[start] = 0;
        stack.assign(1, start);
        int minX = columns, minY = rows, maxX = -1, maxY = -1, cells = 0;
        while (!stack.empty()) {
            const int cell = stack.back();
            stack.pop_back();
            const int cx = cell % columns, cy = cell / columns;
            minX = std::min(minX, cx), maxX = std::max(maxX, cx), minY = std::min(minY, cy), maxY = std::max(maxY, cy);
            ++cells;
            for (int dy = -Reach; dy <= Reach; ++dy)
                for (int dx = -Reach; dx <= Reach; ++dx) {
                    const int nx = cx + dx, ny = cy + dy;
                    if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
                    const int next = ny * columns + nx;
                    if (busy[next]) busy[next] = 0, stack.push_back(next);
                }
        }
        const int width = maxX - minX + 1, height = maxY - minY + 1;
        if (cells < 9 || std::min(width, height) < 3) continue;
        if (width * 10 >= columns * 9 && height * 10 >= rows * 9) continue;
        // A quarter of the group's size as margin on each side: the detectors need quiet space.
        const int marginX = width * size / 4 + size, marginY = height * size / 4 + size;
        const int left = std::max(0, minX * size - marginX), top = std::max(0, minY * size - marginY);
        const int right = std::min(image.width(), (maxX + 1) * size + marginX);
        const int bottom = std::min(image.height(), (maxY + 1) * size + marginY);
        boxes.push_back({left, top, right - left, bottom - top});
    }
    std::sort(boxes.begin(), boxes.end(), [](const Box &a, const Box &b) { return a.width * a.height > b.width * b.height; });
    if (boxes.size() > limit) boxes.resize(limit);
    return boxes;
}

}  // namespace czxing
