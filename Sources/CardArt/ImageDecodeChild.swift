import FileOutput
import Foundation
import ProcessRunner
import WalletCore

/// Runs the decoding of one untrusted image in a forked child (``ChildProcess/run(limits:body:)``),
/// as the scanner runs zxing-cpp: a decoder that loops past the deadline is killed, one that
/// crashes (a hostile file tripping a bug in gdk-pixbuf or a codec) fails that image instead of
/// the wallet, one that answers more than an image's bytes is killed, and the decoded pixels
/// never count against the wallet's own memory. The child writes its answer to the pipe it is
/// given: a tag byte, then width, height (big-endian 32-bit) and the PNG, or the failure's text.
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

    /// Runs `work` in a child and waits for its answer at most `seconds`; the child keeps of the
    /// wallet's descriptors only `reading` (the image's file).
    static func run(seconds: Double, reading: [Int32] = [], _ work: () -> Result<CardImage, CardImageError>) -> Outcome {
        var limits = ChildLimits.seconds(seconds)
        limits.outputBytes = CardImage.maxBytes + 9
        let result: ChildResult
        do {
            result = try ChildProcess.run(limits: limits, keeping: reading) { output in
                (try? writeFully(encode(work()), to: output)) == nil ? 1 : 0
            }
        } catch {
            return .failed("cannot start the image decoder: " + ErrnoText.message(for: error.code))
        }
        switch result.ending {
        case .exited(0): return decode([UInt8](result.output))
        case .exited(let code): return .failed("the image decoder exited with status \(code)")
        case .signaled(let signal): return .crashed(signal: signal)
        case .timedOut: return .timedOut
        case .outputTooLarge: return .failed("the image decoder answered too much")
        }
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
}
