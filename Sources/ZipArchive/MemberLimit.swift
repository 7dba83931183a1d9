/// The most bytes one kind of zip member may inflate to, and what the member is, so that a
/// refusal names the limit it broke ("over the 1 MB limit for a pass's strings file", not the
/// 64 MB of any member). Kinds of members of one format (a pass's `pass.json`, ...) are declared
/// by its reader.
public struct MemberLimit: Equatable, Sendable {
    public let bytes: UInt64
    /// What such a member is, for messages: "a zip member", "a pass's strings file".
    public let what: String

    public init(bytes: UInt64, what: String) {
        self.bytes = bytes
        self.what = what
    }

    /// Any member: 64 MiB, far above any real export's member, checked against its declared
    /// size, then against the bytes that actually come out.
    public static let member = MemberLimit(bytes: 64 * 1024 * 1024, what: "a zip member")
}
