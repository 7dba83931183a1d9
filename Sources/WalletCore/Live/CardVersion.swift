import Foundation

/// One version of a live card in its history (`wallet card history`): when it was made, by
/// what, and which fields changed from the version before.
public struct CardVersion: Equatable, Sendable {
    /// 1 for the import, then counting up.
    public var version: Int
    public var time: Date
    public var source: VersionSource
    public var changes: [FieldChange]

    public init(version: Int, time: Date, source: VersionSource, changes: [FieldChange]) {
        self.version = version
        self.time = time
        self.source = source
        self.changes = changes
    }
}

/// What made a version: the first import, a pull from the issuer, the user (`card edit`, `card
/// revert`), or a sync.
public enum VersionSource: String, Sendable, Codable {
    case `import`, update, edit, sync
}

/// One field's change between two versions. Card fields are named by their card JSON key
/// (`balance`), a pass's own fields `fields.KEY`, its flags by their pass.json key (`voided`,
/// `relevantDate`, `expirationDate`).
public struct FieldChange: Equatable, Sendable, Codable {
    public var field: String
    public var from: String?
    public var to: String?

    public init(field: String, from: String?, to: String?) {
        self.field = field
        self.from = from
        self.to = to
    }
}
