// CZXing: the C surface of wallet_scan.h (CWalletScanAPI), built as libWalletScan.so, which the
// wallet opens when a scan starts. Decoding runs in a forked child that sends its results back
// through a pipe: two C/C++ decoders run over untrusted pixels, and an image that crashes one
// must fail one scan, not kill the wallet; the child can also be stopped at a deadline.
#include "wallet_scan.h"

#include "SymbolSearch.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <poll.h>
#include <exception>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <ZXing/ImageView.h>

namespace {

/// Exit codes of the decoding child besides 0.
constexpr int ChildOutOfMemory = 2;
constexpr int ChildFailed = 3;
/// More result bytes than this means something went wrong (a symbol holds a few KB at most).
constexpr size_t MaxReplyBytes = 16u << 20;

/// The image as 8-bit gray (straight alpha composited onto white, as a screen shows it).
std::vector<uint8_t> Gray(const uint8_t *pixels, int width, int height, int rowStride, czx_pixel_layout layout) {
    std::vector<uint8_t> gray(static_cast<size_t>(width) * static_cast<size_t>(height));
    for (int y = 0; y < height; ++y) {
        const uint8_t *row = pixels + static_cast<size_t>(y) * static_cast<size_t>(rowStride);
        uint8_t *out = gray.data() + static_cast<size_t>(y) * static_cast<size_t>(width);
        for (int x = 0; x < width; ++x) {
            switch (layout) {
            case CZX_GRAY: out[x] = row[x]; break;
            case CZX_RGB: out[x] = ZXing::RGBToLum(row[3 * x], row[3 * x + 1], row[3 * x + 2]); break;
            case CZX_BGRX: out[x] = ZXing::RGBToLum(row[4 * x + 2], row[4 * x + 1], row[4 * x]); break;
            case CZX_RGBA: {
                const uint8_t *p = row + 4 * x;
                unsigned lum = ZXing::RGBToLum(p[0], p[1], p[2]), alpha = p[3];
                out[x] = static_cast<uint8_t>((lum * alpha + 255u * (255u - alpha) + 127u) / 255u);
                break;
            }
            }
        }
    }
    return gray;
}

/// Both readers' findings merged, EAN/UPC readings of one reader looked at again: zbar runs in a
/// second thread while zxing-cpp reads (a scan's wall time is the slower of the two, not their
/// sum, on a machine with two cores).
std::vector<czxing::FoundSymbol> ReadWithBoth(const czxing::GrayImage &image) {
    std::vector<czxing::FoundSymbol> fromZBar;
    std::exception_ptr zbarFailure;
    std::thread zbar([&] {
        try {
            fromZBar = czxing::ReadWithZBar(image);
        } catch (...) {
            zbarFailure = std::current_exception();
        }
    });
    std::vector<czxing::FoundSymbol> fromZXing;
    try {
        fromZXing = czxing::ReadWithZXing(image);
    } catch (...) {
        zbar.join();
        throw;
    }
    zbar.join();
    if (zbarFailure) std::rethrow_exception(zbarFailure);
    auto merged = czxing::Merge(std::move(fromZXing), std::move(fromZBar));
    czxing::ConfirmSingleReadings(image, merged);
    return merged;
}

/// Drops the child's view of the caller's pixels once they are gray (the parent keeps its own):
/// fork shared them into the child, and a 12 MP photo's RGB is 36 MB of the child's peak RSS.
void Release(const uint8_t *pixels, size_t bytes) {
    const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t start = (reinterpret_cast<uintptr_t>(pixels) + page - 1) / page * page;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(pixels) + bytes) / page * page;
    if (end > start) madvise(reinterpret_cast<void *>(start), end - start, MADV_DONTNEED);
}

void Append(std::string &reply, uint32_t value) { reply.append(reinterpret_cast<const char *>(&value), sizeof value); }

bool WriteAll(int fd, const std::string &bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t count = write(fd, bytes.data() + done, bytes.size() - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return false;
        done += static_cast<size_t>(count);
    }
    return true;
}

/// The child's work: decode, send `count`, then per symbol `format length, format, 8 corners,
/// flags, text length, text, bytes length, bytes, identifier length, identifier`.
[[noreturn]] void RunChild(int fd, const uint8_t *pixels, int width, int height, int rowStride, czx_pixel_layout layout) {
    int devNull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (devNull >= 0) dup2(devNull, STDERR_FILENO);  // an assertion message is not the wallet's output
    int code = 0;
    try {
        std::vector<uint8_t> gray = Gray(pixels, width, height, rowStride, layout);
        Release(pixels, static_cast<size_t>(height) * static_cast<size_t>(rowStride));
        const czxing::GrayImage image{gray.data(), width, height};
        auto symbols = ReadWithBoth(image);
        std::string reply;
        Append(reply, static_cast<uint32_t>(symbols.size()));
        for (const auto &symbol : symbols) {
            Append(reply, static_cast<uint32_t>(symbol.format.size()));
            reply += symbol.format;
            for (int corner : symbol.corners) Append(reply, static_cast<uint32_t>(corner));
            Append(reply, symbol.readers | (symbol.disputed ? CZX_DISPUTED : 0u) | (symbol.gs1 ? CZX_GS1 : 0u) |
                              (symbol.unconfirmed ? CZX_UNCONFIRMED : 0u));
            for (const std::string *field : {&symbol.text, &symbol.bytes, &symbol.symbologyIdentifier}) {
                Append(reply, static_cast<uint32_t>(field->size()));
                reply += *field;
            }
        }
        code = WriteAll(fd, reply) ? 0 : ChildFailed;
    } catch (const std::bad_alloc &) {
        code = ChildOutOfMemory;
    } catch (...) {
        code = ChildFailed;
    }
    _exit(code);
}

/// Reads the child's reply until end of file or the deadline; false on timeout or error.
bool ReadReply(int fd, std::chrono::steady_clock::time_point deadline, std::string &reply) {
    char chunk[1 << 16];
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) return false;
        pollfd waiting{fd, POLLIN, 0};
        int ready = poll(&waiting, 1, static_cast<int>(left));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return false;
        ssize_t count = read(fd, chunk, sizeof chunk);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return false;
        if (count == 0) return true;
        reply.append(chunk, static_cast<size_t>(count));
        if (reply.size() > MaxReplyBytes) return false;
    }
}

/// A NUL-terminated copy of `length` bytes of `reply` at `offset` (moved past them); nullptr when
/// the reply is too short or memory is out.
char *TakeString(const std::string &reply, size_t &offset, uint32_t length) {
    if (reply.size() - offset < length) return nullptr;
    char *copy = static_cast<char *>(std::malloc(length + 1u));
    if (!copy) return nullptr;
    std::memcpy(copy, reply.data() + offset, length);
    copy[length] = '\0';
    offset += length;
    return copy;
}

/// Decodes the child's reply into a czx_results; nullptr when malformed or out of memory.
czx_results *ParseReply(const std::string &reply) {
    size_t offset = 0;
    auto take = [&](uint32_t &value) {
        if (reply.size() - offset < sizeof value) return false;
        std::memcpy(&value, reply.data() + offset, sizeof value);
        offset += sizeof value;
        return true;
    };
    uint32_t count = 0;
    if (!take(count) || count > reply.size()) return nullptr;
    auto *results = static_cast<czx_results *>(std::calloc(1, sizeof(czx_results)));
    if (!results) return nullptr;
    if (count > 0) results->items = static_cast<czx_result *>(std::calloc(count, sizeof(czx_result)));
    if (count > 0 && !results->items) return czx_results_free(results), nullptr;
    for (uint32_t index = 0; index < count; ++index) {
        czx_result &item = results->items[index];
        results->count = index + 1;
        uint32_t formatLength = 0, length = 0, corner = 0;
        if (!take(formatLength) || !(item.format = TakeString(reply, offset, formatLength))) return czx_results_free(results), nullptr;
        for (int &value : item.corners) {
            if (!take(corner)) return czx_results_free(results), nullptr;
            value = static_cast<int>(corner);
        }
        if (!take(item.flags) || !take(length) || !(item.text = TakeString(reply, offset, length))) return czx_results_free(results), nullptr;
        item.text_length = length;
        if (!take(length) || !(item.bytes = reinterpret_cast<uint8_t *>(TakeString(reply, offset, length))))
            return czx_results_free(results), nullptr;
        item.bytes_length = length;
        char *identifier = nullptr;
        if (!take(length) || length >= sizeof item.symbology_identifier || !(identifier = TakeString(reply, offset, length)))
            return czx_results_free(results), nullptr;
        std::memcpy(item.symbology_identifier, identifier, length + 1u);
        std::free(identifier);
    }
    return results;
}

}  // namespace

extern "C" czx_status czx_read(const uint8_t *pixels, int width, int height, int row_stride,
                               czx_pixel_layout layout, int timeout_ms, czx_results **out, int *detail) {
    if (!out || !detail) return CZX_INVALID_ARGUMENT;
    *out = nullptr;
    *detail = 0;
    if (!pixels || width <= 0 || height <= 0 || row_stride <= 0 || timeout_ms <= 0) return CZX_INVALID_ARGUMENT;
    if (layout != CZX_GRAY && layout != CZX_RGB && layout != CZX_RGBA && layout != CZX_BGRX) return CZX_INVALID_ARGUMENT;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return *detail = errno, CZX_SYSTEM_ERROR;
    pid_t child = fork();
    if (child < 0) {
        *detail = errno;
        close(fds[0]);
        close(fds[1]);
        return CZX_SYSTEM_ERROR;
    }
    if (child == 0) {
        close(fds[0]);
        RunChild(fds[1], pixels, width, height, row_stride, layout);
    }
    close(fds[1]);
    std::string reply;
    bool complete = ReadReply(fds[0], deadline, reply);
    close(fds[0]);
    if (!complete) kill(child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (!complete) return reply.size() > MaxReplyBytes ? CZX_DECODER_FAILED : CZX_TIMED_OUT;
    if (WIFSIGNALED(status)) return *detail = WTERMSIG(status), CZX_DECODER_CRASHED;
    if (!WIFEXITED(status) || WEXITSTATUS(status) == ChildFailed) return CZX_DECODER_FAILED;
    if (WEXITSTATUS(status) == ChildOutOfMemory) return CZX_OUT_OF_MEMORY;
    *out = ParseReply(reply);
    return *out ? CZX_OK : CZX_DECODER_FAILED;
}

extern "C" void czx_results_free(czx_results *results) {
    if (!results) return;
    for (size_t index = 0; index < results->count; ++index) {
        std::free(results->items[index].format);
        std::free(results->items[index].text);
        std::free(results->items[index].bytes);
    }
    std::free(results->items);
    std::free(results);
}
