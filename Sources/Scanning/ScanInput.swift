import FileOutput
import Glibc

/// A file about to be scanned: checked to be a regular, non-empty file within the size limit,
/// its kind told from its first bytes (PDF) or by the image loader (PNG, JPEG). Opened with
/// `O_NONBLOCK` and checked with `fstat` before anything is read: a FIFO no one writes to
/// blocked `open()` for ever; now it is refused as not a regular file.
struct ScanInput {
    let path: String
    let size: Int
    let isPDF: Bool

    init(path: String, limits: ScanLimits) throws(ScanError) {
        self.path = path
        let descriptor = try Self.openRegular(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: ErrnoText.message(for: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
        size = Int(status.st_size)
        guard size > 0 else { throw .empty(path: path) }
        guard size <= limits.maxFileBytes else { throw .tooLarge(path: path, bytes: size, limit: limits.maxFileBytes) }
        let head = try Self.read(descriptor, upTo: 5, path: path)
        isPDF = head == Array("%PDF-".utf8)
    }

    /// The whole file (at most the size checked at open plus one byte, so a growing file is caught).
    func contents(limits: ScanLimits) throws(ScanError) -> [UInt8] {
        let descriptor = try Self.openRegular(path)
        defer { close(descriptor) }
        let bytes = try Self.read(descriptor, upTo: limits.maxFileBytes + 1, path: path)
        guard bytes.count <= limits.maxFileBytes else {
            throw .tooLarge(path: path, bytes: bytes.count, limit: limits.maxFileBytes)
        }
        return bytes
    }

    /// `path` opened without blocking (whatever it is), refused unless it is a regular file.
    private static func openRegular(_ path: String) throws(ScanError) -> Int32 {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: ErrnoText.message(for: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile(path: path)
        }
        return descriptor
    }

    private static func read(_ descriptor: Int32, upTo limit: Int, path: String) throws(ScanError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, wanted) }
            }
            guard count >= 0 else { throw .unreadable(path: path, reason: ErrnoText.message(for: errno)) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
