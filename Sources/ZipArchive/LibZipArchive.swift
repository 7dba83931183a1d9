internal import CZip
import Foundation

/// A password-protected zip read through libzip (Debian's libzip 1.7, built with OpenSSL), which
/// decrypts WinZip AES (AE-1/AE-2, what Catima's zip4j writes) and traditional PKWARE
/// encryption (ZipCrypto); ZIPFoundation reads no encrypted member. The archive is opened from
/// a copy of the file in memory that libzip owns and frees with its source; `deinit` discards
/// the `zip_t`. Members are read in chunks through `BoundedMember`, and libzip checks each
/// one's CRC (ZipCrypto, AE-1) or authentication code (AES) as it reaches the end.
public final class LibZipArchive: ZipMembers {
    /// The `zip_t *` this object owns.
    private let archive: OpaquePointer
    /// libzip's entry points (``LibZipLibrary``).
    private let libzip: wallet_libzip
    /// The password every encrypted member is decrypted with; unencrypted members ignore it.
    private let password: String
    /// How much one `zip_fread` asks for.
    private static let chunkBytes = 64 * 1024

    /// Opens the zip `data`, to be read with `password` (loading libzip the first time).
    public init(data: Data, password: String) throws(ZipArchiveError) {
        let libzip = try LibZipLibrary.api()
        var error = zip_error_t()
        libzip.zip_error_init!(&error)
        defer { libzip.zip_error_fini!(&error) }
        // libzip frees the copy with the source (freep 1), whether the open succeeds or not.
        guard let copy = malloc(max(data.count, 1)) else {
            throw .libzip(member: nil, LibZipError(code: ZIP_ER_MEMORY, libzip: libzip))
        }
        data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
        guard let source = libzip.zip_source_buffer_create!(copy, zip_uint64_t(data.count), 1, &error) else {
            free(copy)
            throw .libzip(member: nil, LibZipError(&error, libzip: libzip))
        }
        // ZIP_CHECKCONS compares every local header with the central directory.
        guard let archive = libzip.zip_open_from_source!(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            libzip.zip_source_free!(source)
            throw .libzip(member: nil, LibZipError(&error, libzip: libzip))
        }
        self.archive = archive
        self.libzip = libzip
        self.password = password
    }

    deinit {
        libzip.zip_discard!(archive)
    }

    public var filePaths: [String] {
        let count = max(libzip.zip_get_num_entries!(archive, 0), 0)
        return (0..<zip_uint64_t(count)).compactMap { index in
            guard let name = libzip.zip_get_name!(archive, index, ZIP_FL_ENC_GUESS).map(String.init(cString:)),
                !name.hasSuffix("/")
            else { return nil }
            return name
        }
    }

    /// True when any member is encrypted: ZIPFoundation leaves such members out of its listing.
    public var hasEncryptedMember: Bool {
        let count = max(libzip.zip_get_num_entries!(archive, 0), 0)
        return (0..<zip_uint64_t(count)).contains { index in
            var info = zip_stat_t()
            libzip.zip_stat_init!(&info)
            return libzip.zip_stat_index!(archive, index, 0, &info) == 0
                && info.valid & zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD) != 0
                && info.encryption_method != UInt16(ZIP_EM_NONE)
        }
    }

    public func contents(of path: String, limit: MemberLimit) throws(ZipArchiveError) -> Data {
        let index = libzip.zip_name_locate!(archive, path, 0)
        guard index >= 0 else { throw .memberMissing(path) }
        let info = try stat(index: zip_uint64_t(index), path: path)
        guard info.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0 else {
            throw .corrupt("\(path) has no uncompressed size")
        }
        if info.encryption_method != UInt16(ZIP_EM_NONE)
            && libzip.zip_encryption_method_supported!(info.encryption_method, 0) == 0
        {
            throw .unsupportedEncryption(LibZipError(code: ZIP_ER_ENCRNOTSUPP, libzip: libzip))
        }
        if Self.isAES(info) && info.comp_method == UInt16(ZIP_CM_STORE) && info.valid & zip_uint64_t(ZIP_STAT_CRC) != 0
            && info.crc == 0
        {
            // libzip 1.7 checks the zero CRC of a stored AE-2 member (see below), and a failed
            // check cannot be told from a failed authentication code.
            throw .storedAESUnverifiable
        }
        var member = try BoundedMember(path: path, declared: info.size, limit: limit)
        if Self.isAES(info) && info.comp_method == UInt16(ZIP_CM_DEFLATE) {
            // Debian's libzip 1.7 checks the CRC of AE-2 members of 20 bytes or more, which AE-2
            // (what zip4j writes) sets to 0 and authenticates with an HMAC instead: every such
            // member "fails its CRC". Read decrypted but still compressed, libzip checks the
            // HMAC and nothing else; zlib inflates the rest.
            var compressed = Data()
            try read(index: zip_uint64_t(index), path: path, flags: zip_flags_t(ZIP_FL_COMPRESSED), limit: info.comp_size) {
                compressed.append(contentsOf: $0)
            }
            let inflater: RawInflater
            do {
                inflater = try RawInflater()
            } catch {
                throw .zlibCannotStart(code: error.code)
            }
            try inflater.inflate(compressed, into: &member)
        } else {
            try read(index: zip_uint64_t(index), path: path, flags: 0, limit: member.declared) {
                (chunk) throws(ZipArchiveError) in try member.append(chunk)
            }
        }
        return try member.finished()
    }

    /// True for a WinZip AES member.
    private static func isAES(_ info: zip_stat_t) -> Bool {
        [ZIP_EM_AES_128, ZIP_EM_AES_192, ZIP_EM_AES_256].map(UInt16.init).contains(info.encryption_method)
    }

    /// Reads the member at `index` (opened with `flags`) in chunks given to `consume`, asking
    /// for at most one byte past `limit` so a member longer than it says is caught.
    private func read(
        index: zip_uint64_t, path: String, flags: zip_flags_t, limit: UInt64,
        consume: (ArraySlice<UInt8>) throws(ZipArchiveError) -> Void
    ) throws(ZipArchiveError) {
        let opened = password.withCString { libzip.zip_fopen_index_encrypted!(archive, index, flags, $0) }
        guard let file = opened else { throw LibZipError(libzip.zip_get_error!(archive), libzip: libzip).failure(member: path) }
        var closed = false
        defer { if !closed { _ = libzip.zip_fclose!(file) } }
        var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
        var total: UInt64 = 0
        while true {
            let wanted = min(UInt64(Self.chunkBytes), limit - min(total, limit) + 1)
            let read = chunk.withUnsafeMutableBytes { libzip.zip_fread!(file, $0.baseAddress, zip_uint64_t(wanted)) }
            if read < 0 { throw LibZipError(libzip.zip_file_get_error!(file), libzip: libzip).failure(member: path) }
            if read == 0 { break }
            total += UInt64(read)
            try consume(chunk[0..<Int(read)])
            guard total <= limit else {
                throw .corrupt("\(path) holds more than the \(limit) bytes it declares")
            }
        }
        closed = true
        let status = libzip.zip_fclose!(file)
        guard status == 0 else { throw LibZipError(code: status, libzip: libzip).failure(member: path) }
    }

    /// libzip's `zip_stat` of the member at `index`.
    private func stat(index: zip_uint64_t, path: String) throws(ZipArchiveError) -> zip_stat_t {
        var info = zip_stat_t()
        libzip.zip_stat_init!(&info)
        guard libzip.zip_stat_index!(archive, index, 0, &info) == 0 else {
            throw LibZipError(libzip.zip_get_error!(archive), libzip: libzip).failure(member: path)
        }
        return info
    }
}
