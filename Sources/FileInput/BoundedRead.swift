import FileOutput
import Glibc

/// Reads a whole file in chunks and stops once it passes a limit, so a file that is (or grows)
/// larger, or a FIFO that never ends, costs at most the limit and one chunk of memory.
public enum BoundedRead {
    /// Why the file was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// Opening or reading failed: the `FileError` names the operation the caller gave.
        case unreadable(FileError)
        /// The file holds more than the limit.
        case tooLarge
    }

    private static let chunkBytes = 1 << 16

    /// The bytes of the file at `path`, at most `limit` of them; `operation` is what errors say
    /// could not be done ("read batch file").
    public static func bytes(of path: String, limit: Int, operation: String = "read") throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(FileError(operation: operation, path: path, errno: .current)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw .unreadable(FileError(operation: operation, path: path, errno: .current)) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { throw .tooLarge }
        }
    }
}
