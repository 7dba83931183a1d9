import Foundation

/// A program to run as a child process (``ChildProcess/run(_:limits:)``): an executable by its
/// path, its arguments, the whole of its environment and what goes to its standard input.
public struct ChildCommand: Sendable {
    /// The program's path (``ChildEnvironment/executable(named:path:)`` finds one on a PATH).
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// The child's whole environment: nothing of the parent's goes along unless it is here
    /// (``ChildEnvironment/inherited(_:from:)`` copies the variables a caller names).
    public var environment: [String: String]
    /// Written to the child's standard input, which is then closed; nil: closed at once.
    public var input: Data?
    /// What becomes of the child's standard output and error.
    public var streams: ChildStreams

    public init(
        executable: String, arguments: [String], environment: [String: String] = [:], input: Data? = nil,
        streams: ChildStreams = .collected
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.input = input
        self.streams = streams
    }
}

/// Where a child's standard output and error go.
public enum ChildStreams: Sendable {
    /// Read by the parent, within ``ChildLimits``.
    case collected
    /// To /dev/null: for a launcher (`xdg-open`) whose program may outlive it and must not write
    /// into a pipe nobody reads any more.
    case discarded
}
