/// The bytes one import may inflate from zip members in all. Each member is capped on its own
/// (``MemberLimit``), but a bundle of many passes was not, and one of many large passes ran for
/// minutes (bench/results.md, "Figures behind the code's comments", `InflateBudget`). Every member read through a ``ZipContainer`` sharing the budget (a `.pkpasses`
/// bundle and the passes inside it) is counted; past ``limit`` the import is refused.
public final class InflateBudget {
    /// Far above any real export: a Catima zip of 10,000 cards with images is tens of MB.
    public static let standardLimit: UInt64 = 256 << 20

    public let limit: UInt64
    public private(set) var spent: UInt64 = 0

    public init(limit: UInt64 = standardLimit) {
        self.limit = limit
    }

    /// Counts `bytes` more; throws once the total is past the limit.
    func spend(_ bytes: Int) throws(ZipArchiveError) {
        spent += UInt64(bytes)
        guard spent <= limit else { throw .inflatesTooMuch(limit: limit) }
    }
}
