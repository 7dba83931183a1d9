import Foundation

/// What a finished child left: how it ended and what it wrote.
public struct ChildResult: Sendable, Equatable {
    public var ending: ChildEnding
    /// Its standard output (at most ``ChildLimits/outputBytes``).
    public var output: Data
    /// The start of its standard error (at most ``ChildLimits/errorBytes``).
    public var errors: Data

    public init(ending: ChildEnding, output: Data, errors: Data) {
        self.ending = ending
        self.output = output
        self.errors = errors
    }

    /// The exit status as a shell gives it: the child's own code, or 128 + the signal that
    /// ended it (a child killed at its deadline or limit: 128 + SIGKILL).
    public var status: Int32 {
        switch ending {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        case .timedOut, .outputTooLarge: 128 + SIGKILL
        }
    }
}

/// How a child ended.
public enum ChildEnding: Sendable, Equatable {
    /// It exited with this code.
    case exited(Int32)
    /// This signal ended it (not the runner's kill).
    case signaled(Int32)
    /// It was still running at its deadline and was killed.
    case timedOut
    /// It wrote more than ``ChildLimits/outputBytes`` and was killed.
    case outputTooLarge
}
