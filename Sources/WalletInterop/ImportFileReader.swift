internal import FileOutput
import Foundation
import Glibc
import CoreFoundation
// `struct stat` resolves to CDispatch (which includes <sys/stat.h>) once OpenSSL's headers (CLibCrypto) are
// in this module's graph: imported here so its members stay visible.
internal import CDispatch

/// Reads the file `wallet card import` was given without ever blocking for good: opened with
/// `O_NONBLOCK` (opening a FIFO no one writes to blocked in `open()` for ever) and checked with
/// `fstat` before a byte is read. A regular file is read up to the size limit; a pipe or FIFO
/// (`<(...)`) is read as its writer writes, within ``deadline`` in all; a FIFO with no writer
/// is refused as empty; directories, devices and sockets are refused.
enum ImportFileReader {
    /// The longest a pipe may take to deliver the whole file.
    static let deadline: Duration = .seconds(30)

    /// At most `limit` + 1 bytes of `path` (one past the limit tells a file over it).
    static func read(_ path: String, limit: Int) throws(LocatedProblem) -> Data {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw LocatedProblem(.cannotRead(reason(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw LocatedProblem(.cannotRead(reason(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard status.st_size <= off_t(limit) else { throw LocatedProblem(.fileTooLarge(bytes: UInt64(status.st_size))) }
        case S_IFIFO: break
        case S_IFDIR: throw LocatedProblem(.cannotRead("it is a directory"))
        default:
            throw LocatedProblem(.cannotRead("it is not a regular file, pipe or FIFO (a device or socket): give an export file"))
        }
        let isPipe = status.st_mode & S_IFMT == S_IFIFO
        let end = ContinuousClock.now + deadline
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, wanted) }
            }
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                break
            } else if errno == EAGAIN {
                let left = end - ContinuousClock.now
                guard left > .zero else {
                    throw LocatedProblem(.cannotRead("the pipe delivered no end of file within \(deadline.components.seconds) s"))
                }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, Int32(min(left.components.seconds * 1000 + 1, 1000)))
            } else {
                throw LocatedProblem(.cannotRead(reason(errno)))
            }
        }
        if isPipe && data.isEmpty { throw LocatedProblem(.cannotRead("it is a FIFO or pipe with nothing written to it")) }
        return data
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "it is a directory"
        default: ErrnoText.message(for: code)
        }
    }
}
