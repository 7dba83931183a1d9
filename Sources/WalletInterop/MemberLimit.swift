/// The most bytes one kind of zip member may inflate to, and what the member is, so that a
/// refusal names the limit it broke ("over the 1 MB limit for a pass's strings file", not the
/// 64 MB of any member).
public struct MemberLimit: Equatable, Sendable {
    public let bytes: UInt64
    /// What such a member is, for messages: "a zip member", "a pass's strings file".
    public let what: String

    /// Any member: ``ImportLimits/maximumEntryBytes``.
    public static let member = MemberLimit(bytes: ImportLimits.maximumEntryBytes, what: "a zip member")
    /// A pass's `pass.json`: real ones are a few KB (a boarding pass with every back field under
    /// 50 KB); a 60 MB one took 1.5 GB to decode.
    public static let passJSON = MemberLimit(bytes: 4 << 20, what: "a pass's pass.json")
    /// A pass's `pass.strings` (a pass's texts are a few KB).
    public static let passStrings = MemberLimit(bytes: 1 << 20, what: "a pass's strings file")

    /// "1 MB", "64 MB"; kilobytes below a megabyte.
    var shown: String {
        bytes >= 1 << 20 ? ImportLimits.megabytes(bytes) : "\(bytes / 1024) KB"
    }
}
