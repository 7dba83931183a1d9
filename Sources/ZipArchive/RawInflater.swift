internal import CInflate
import Foundation

/// Inflates a raw deflate stream (zip compression method 8) through zlib, chunk by chunk into a
/// ``BoundedMember``, so a stream that inflates past its member's declared size is stopped there.
/// Used for WinZip AES members, which ``LibZipArchive`` has libzip decrypt but not inflate (see
/// there why). The `z_stream` is owned by this object and ended in `deinit`.
final class RawInflater {
    /// A zlib failure: `code` is zlib's return code (`Z_DATA_ERROR`, ...), `message` its `msg`.
    struct ZlibError: Error {
        var code: Int32
        var message: String
    }

    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private static let chunkBytes = 64 * 1024

    init() throws(ZlibError) {
        stream.initialize(to: z_stream())
        // Negative window bits: a raw deflate stream, no zlib header or checksum (as in a zip).
        let status = inflateInit2_(stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw ZlibError(code: status, message: "inflateInit2 failed")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates all of `compressed` into `member`; the stream must end exactly where the data does.
    func inflate(_ compressed: Data, into member: inout BoundedMember) throws(ZipArchiveError) {
        var input = [UInt8](compressed)
        var output = [UInt8](repeating: 0, count: Self.chunkBytes)
        var status: Int32 = Z_OK
        let count = input.count
        try input.withUnsafeMutableBufferPointer { (inputBytes) throws(ZipArchiveError) in
            stream.pointee.next_in = inputBytes.baseAddress
            stream.pointee.avail_in = uInt(count)
            while status != Z_STREAM_END {
                status = output.withUnsafeMutableBufferPointer { outputBytes in
                    stream.pointee.next_out = outputBytes.baseAddress
                    stream.pointee.avail_out = uInt(outputBytes.count)
                    return CInflate.inflate(stream, Z_NO_FLUSH)
                }
                let produced = Self.chunkBytes - Int(stream.pointee.avail_out)
                try member.append(output[0..<produced])
                // All the input and a whole free output chunk were given: no progress means no more input.
                if status == Z_BUF_ERROR {
                    throw .corrupt("\(member.path) ends inside its compressed data")
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "code \(status)"
                    throw .corrupt("\(member.path) has damaged compressed data (zlib: \(message))")
                }
            }
        }
    }
}
