import FileOutput
import Foundation
import Glibc

/// Reads an image file whole: a regular file (links followed, as every tool does), not empty,
/// at most `limit` bytes (checked at open and again while reading, so a growing file is caught).
enum ImageFileRead {
    static func bytes(_ path: String, limit: Int) throws(CardImageError) -> Data {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw .unreadable(name: path, reason: ErrnoText.message(for: errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(name: path, reason: ErrnoText.message(for: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(name: path) }
        guard status.st_size > 0 else { throw .empty(name: path) }
        guard status.st_size <= limit else { throw .tooLarge(name: path, bytes: Int(status.st_size), limit: limit) }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable(name: path, reason: "\(error)")
        }
        guard !data.isEmpty else { throw .empty(name: path) }
        guard data.count <= limit else { throw .tooLarge(name: path, bytes: data.count, limit: limit) }
        return data
    }
}
