/// Orders of `wallet card list --sort`; favorites always come first.
public enum CardSort: String, CaseIterable, Sendable {
    /// By store name (case and accents ignored).
    case name
    /// Most recently used first; never-used cards last.
    case recent
    /// Soonest expiry first; cards without expiry last.
    case expiry
    /// Most recently added first.
    case added
}
