/// Something an import accepted the way Catima does rather than refuse the file (a flag that is
/// not a number, a color it cannot read, a code its format cannot encode), reported to the user.
public struct ImportWarning: Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation?
    /// What was found and what was done instead, e.g. `starstatus 'yes' is not a number: not starred`.
    public var message: String

    public init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }

    /// The same warning seen from inside zip member `entry`.
    func inside(entry: String) -> ImportWarning {
        ImportWarning(location: location?.inside(entry: entry) ?? .entry(entry, line: nil), message: message)
    }
}
