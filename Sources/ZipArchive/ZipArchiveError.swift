public import FileOutput

/// Why a zip archive, or one of its members, cannot be read. Each case names the condition; the
/// format readers (WalletInterop) turn it into their own one-line message in one place.
public enum ZipArchiveError: Error, Equatable, Sendable {
    /// The bytes are not a zip that can be read, or a member is damaged: `detail` says how in
    /// plain words ("no end of central directory", "m holds 3 bytes but declares 4").
    case corrupt(String)
    /// The archive holds no regular file at `path`.
    case memberMissing(String)
    /// A member declaring `declared` uncompressed bytes, more than `limit` allows for its kind.
    case memberTooLarge(path: String, declared: UInt64, limit: MemberLimit)
    /// More members than ``ZipContainer/maximumMembers``: `count` is how many were seen when reading stopped.
    case tooManyMembers(count: Int, limit: Int)
    /// The members read against one ``InflateBudget`` inflate to more than its `limit` in all.
    case inflatesTooMuch(limit: UInt64)
    /// An encrypted member read without a password.
    case encryptedWithoutPassword
    /// libzip's key check refused the password (`ZIP_ER_WRONGPASSWD`).
    case wrongPassword(LibZipError)
    /// A member decrypted to data that fails its CRC, authentication or deflate check: after a
    /// key check that a wrong password passes by chance (1 in 256 for ZipCrypto), this is how a
    /// wrong password shows; with the right one, the zip is damaged.
    case decryptsToInvalidData(LibZipError)
    /// A member encrypted in a way libzip cannot decrypt (PKWARE strong encryption, ...).
    case unsupportedEncryption(LibZipError)
    /// A WinZip AES member stored without compression (AE-2), whose zero CRC libzip 1.7 checks,
    /// so its authentication cannot be told apart from a failed CRC.
    case storedAESUnverifiable
    /// libzip failed otherwise: opening the archive (`member` nil) or reading `member`.
    case libzip(member: String?, LibZipError)
    /// libzip could not be loaded: `reason` is the dynamic loader's message.
    case libzipMissing(reason: String)
    /// zlib's inflate could not start: `code` is zlib's return code.
    case zlibCannotStart(code: Int32)
    /// The archive could not be copied into an anonymous file (`AnonymousFile`).
    case cannotHoldInMemory(Errno)
}
