import ZipArchive

/// The limits of a pass's own members, tighter than any member's (`MemberLimit.member`).
extension MemberLimit {
    /// A pass's `pass.json`: real ones are a few KB (a boarding pass with every back field under
    /// 50 KB); decoding a huge one takes many times its size (bench/results.md, "Figures behind
    /// the code's comments", `pass.json`).
    public static let passJSON = MemberLimit(bytes: 4 << 20, what: "a pass's pass.json")
    /// A pass's `signature` (Apple's are 3 to 5 KB: a CMS structure with two certificates).
    public static let passSignature = MemberLimit(bytes: 256 << 10, what: "a pass's signature")
    /// A pass's `pass.strings` (a pass's texts are a few KB).
    public static let passStrings = MemberLimit(bytes: 1 << 20, what: "a pass's strings file")

    /// "1 MB", "64 MB"; kilobytes below a megabyte.
    var shown: String {
        bytes >= 1 << 20 ? ImportLimits.megabytes(bytes) : "\(bytes / 1024) KB"
    }
}
