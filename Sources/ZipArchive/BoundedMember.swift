import Foundation

/// Collects the bytes of one zip member as they come out of the decompressor, trusting neither
/// its declared size nor the zip library: a member declaring more than
/// its ``MemberLimit`` (``MemberLimit/member`` for any member) is refused before anything is read, and one that inflates
/// past what it declares (a zip bomb, or damage) is stopped at the first chunk that does, so
/// memory never exceeds the declared size, itself under the cap.
struct BoundedMember {
    /// The member's path, for messages.
    let path: String
    /// The uncompressed size the zip declares for the member.
    let declared: UInt64
    private(set) var data = Data()

    init(path: String, declared: UInt64, limit: MemberLimit = .member) throws(ZipArchiveError) {
        guard declared <= limit.bytes else {
            throw .memberTooLarge(path: path, declared: declared, limit: limit)
        }
        self.path = path
        self.declared = declared
        data.reserveCapacity(Int(min(declared, 1 << 20)))  // the declared size may be a lie
    }

    /// Adds the next decompressed `chunk`, refusing it when it takes the member past its declared size.
    mutating func append<Bytes: Collection<UInt8>>(_ chunk: Bytes) throws(ZipArchiveError) {
        guard UInt64(data.count) + UInt64(chunk.count) <= declared else {
            throw .corrupt("\(path) inflates to more than the \(declared) bytes it declares")
        }
        data.append(contentsOf: chunk)
    }

    /// The whole member, once the stream has ended: exactly the declared size, or an error.
    func finished() throws(ZipArchiveError) -> Data {
        guard UInt64(data.count) == declared else {
            throw .corrupt("\(path) holds \(data.count) bytes but declares \(declared)")
        }
        return data
    }
}
