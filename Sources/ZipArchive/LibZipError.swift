internal import CZip

/// A failure reported by libzip, with its codes kept: `code` is libzip's `ZIP_ER_*` (zip_error_t's
/// `ze`), `systemCode` the errno or zlib code behind it (`se`, 0 when none), `message` the text of
/// `zip_error_strerror`.
public struct LibZipError: Error, Equatable, Sendable {
    public var code: Int32
    public var systemCode: Int32
    public var message: String

    /// A failure with libzip's code, the system code behind it and libzip's text for it.
    public init(code: Int32, systemCode: Int32 = 0, message: String) {
        self.code = code
        self.systemCode = systemCode
        self.message = message
    }

    /// The error libzip filled in `error`.
    init(_ error: UnsafeMutablePointer<zip_error_t>?, libzip: wallet_libzip) {
        let code = libzip.zip_error_code_zip!(error)
        self.init(
            code: code, systemCode: libzip.zip_error_code_system!(error),
            message: libzip.zip_error_strerror!(error).map { String(cString: $0) } ?? "libzip error \(code)")
    }

    /// An error libzip did not report itself (e.g. an allocation that failed before libzip ran).
    init(code: Int32, libzip: wallet_libzip) {
        var error = zip_error_t()
        libzip.zip_error_init_with_code!(&error, code)
        defer { libzip.zip_error_fini!(&error) }
        self.init(&error, libzip: libzip)
    }

    /// The libzip code for a wrong password (`ZIP_ER_WRONGPASSWD`): the key check stored in the
    /// member (1 byte for ZipCrypto, 2 for WinZip AES) did not match.
    static let wrongPassword = ZIP_ER_WRONGPASSWD
    /// An encryption method libzip cannot decrypt (`ZIP_ER_ENCRNOTSUPP`), e.g. PKWARE strong encryption.
    static let unsupportedEncryption = ZIP_ER_ENCRNOTSUPP
    /// Data that fails its check after decryption: a CRC (or AES authentication code) mismatch,
    /// or a deflate stream zlib cannot read. After a key check that a wrong password passes by
    /// chance (1 in 256 for ZipCrypto), this is how the wrong password shows.
    static let corruptAfterDecryption: Set<Int32> = [ZIP_ER_CRC, ZIP_ER_ZLIB, ZIP_ER_COMPRESSED_DATA]

    /// What this failure means for reading member `member` of an encrypted zip.
    func failure(member: String) -> ZipArchiveError {
        switch code {
        case Self.wrongPassword: .wrongPassword(self)
        case Self.unsupportedEncryption: .unsupportedEncryption(self)
        case let code where Self.corruptAfterDecryption.contains(code): .decryptsToInvalidData(self)
        case ZIP_ER_NOPASSWD: .encryptedWithoutPassword
        default: .libzip(member: member, self)
        }
    }
}
