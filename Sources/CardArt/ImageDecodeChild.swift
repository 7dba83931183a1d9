import FileOutput
import Foundation
import Glibc
import WalletCore

/// Runs the decoding of one untrusted image in a child process (`fork`), as the scanner runs
/// zxing-cpp: a decoder that loops past the deadline is killed, one that crashes (a hostile file
/// tripping a bug in gdk-pixbuf or a codec) fails that image instead of the wallet, and the
/// decoded pixels never count against the wallet's own memory. The child writes its answer to a
/// pipe and leaves with `_exit`: a tag byte, then width, height (big-endian 32-bit) and the PNG,
/// or the failure's text.
enum ImageDecodeChild {
    /// What the child did.
    enum Outcome: Equatable {
        case image(CardImage)
        /// The decoder refused the file; the text says why.
        case refused(String)
        /// Past the deadline: the child was killed.
        case timedOut
        /// The child died from this signal.
        case crashed(signal: Int32)
        /// No child could be started, or it answered nonsense (the text says which).
        case failed(String)
    }

    /// Runs `work` in a child and waits for its answer at most `seconds`.
    static func run(seconds: Double, _ work: () -> Result<CardImage, CardImageError>) -> Outcome {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failed("cannot start the image decoder: " + ErrnoText.message(for: errno)) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let deadline = ContinuousClock.now + .milliseconds(Int((seconds * 1000).rounded(.up)))
        let child = fork()
        if child == 0 {
            // A fatal signal kills the child quietly: no Swift backtrace on the wallet's stderr.
            for fatal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(fatal, SIG_DFL) }
            close(ends[0])
            let answer = encode(work())
            try? writeFully(answer, to: ends[1])
            _exit(0)
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard child > 0 else { return .failed("cannot start the image decoder: " + ErrnoText.message(for: errno)) }
        let (bytes, complete) = read(ends[0], until: deadline, limit: CardImage.maxBytes + 9)
        if !complete { kill(child, SIGKILL) }
        var status: Int32 = 0
        _ = retryingOnInterrupt { waitpid(child, &status, 0) }
        let signal = status & 0x7F
        if !complete {
            return signal == SIGKILL && bytes.count <= CardImage.maxBytes + 9
                ? .timedOut : .failed("the image decoder answered too much")
        }
        if signal != 0 { return .crashed(signal: signal) }
        return decode(bytes)
    }

    private static func encode(_ result: Result<CardImage, CardImageError>) -> [UInt8] {
        switch result {
        case .success(let image):
            return [0] + bigEndian(image.width) + bigEndian(image.height) + [UInt8](image.png)
        case .failure(.corrupt(_, _, let reason)):
            return [1] + Array(reason.utf8)
        case .failure(let error):
            return [1] + Array(error.description.utf8)
        }
    }

    private static func decode(_ bytes: [UInt8]) -> Outcome {
        guard let tag = bytes.first else { return .failed("the image decoder ended without an answer") }
        if tag == 1 { return .refused(String(decoding: bytes.dropFirst(), as: UTF8.self)) }
        guard tag == 0, bytes.count > 9 else { return .failed("the image decoder's answer is damaged") }
        let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return .image(CardImage(png: Data(bytes[9...]), width: number(1), height: number(5)))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// Everything `descriptor` gives until end of file (complete) or until `deadline` or `limit`
    /// bytes (not complete).
    private static func read(_ descriptor: Int32, until deadline: ContinuousClock.Instant, limit: Int) -> ([UInt8], Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (bytes, false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count <= 0 { return (bytes, true) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return (bytes, false)
    }
}
