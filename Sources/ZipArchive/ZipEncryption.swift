import Foundation

/// Tells a password-protected zip apart from one that lacks the expected member. ZIPFoundation
/// reads no encrypted entries (it skips them as if absent), so a Catima backup exported with a
/// password (zip4j, AES) looked like a zip without `catima.csv`. Such a zip is refused as
/// ``ZipArchiveError/encryptedWithoutPassword`` without a password, and read through ``LibZipArchive`` with one.
public enum ZipEncryption {
    /// True when a member of the zip is encrypted: its first local file header has the
    /// "encrypted" flag (bit 0 of the general purpose flags, bytes 6-7 after the `PK\u{3}\u{4}`
    /// signature; APPNOTE.TXT 4.4.4), as traditional (ZipCrypto) and AES encryption both set it,
    /// or, for a zip whose first member is plain, libzip finds an encrypted one further on.
    public static func isEncrypted(_ data: Data) -> Bool {
        let header = Array(data.prefix(8))
        if header.count == 8 && header[0..<4] == [0x50, 0x4B, 0x03, 0x04] && header[6] & 0x01 != 0 { return true }
        return (try? LibZipArchive(data: data, password: "").hasEncryptedMember) == true
    }
}
