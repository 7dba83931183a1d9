import ZipArchive

/// Bounds on what `wallet card import` reads, so that a hostile or broken file is refused with a
/// one-line error before it can take the machine's memory.
///
/// The limits are far above any real wallet: an export of 10,000 cards is a few MB and about
/// 10,000 CSV records; no card field comes near 64 KiB (the card model caps notes at 10,000
/// characters).
public enum ImportLimits {
    /// The largest import file read.
    public static let maximumFileBytes = 64 * 1024 * 1024
    /// The largest uncompressed zip member read (checked against its declared size, then
    /// against the bytes that actually come out).
    public static let maximumEntryBytes: UInt64 = MemberLimit.member.bytes
    /// The most CSV records (lines, blank ones included) in one file.
    public static let maximumRecords = 100_000
    /// The most fields in one CSV record (Catima's cards have 17).
    public static let maximumFieldsPerRecord = 1_000
    /// The longest CSV field, in UTF-8 bytes.
    public static let maximumFieldBytes = 64 * 1024

    /// `bytes` in MB for messages (64 MB, not 67108864).
    static func megabytes(_ bytes: UInt64) -> String { "\(bytes / (1024 * 1024)) MB" }
}
