import Foundation
import WalletCore

/// One card's pull as `wallet card update --json` writes it: `{card, store, status, changes,
/// messages, reason, retryAfter}`. The CLI encodes it; a parent that ran the pull in a child
/// (``PullChild``: the host, the app's "Update now") decodes it and gets the ``PullOutcome`` back.
public struct PullRecord: Codable, Sendable, Equatable {
    public var card: String
    public var store: String
    /// `changed`, `unchanged` or `failed`.
    public var status: String
    public var changes: [FieldChange]
    public var messages: [String]
    public var reason: String?
    public var retryAfter: Int?

    public init(_ outcome: PullOutcome) {
        (card, store, retryAfter) = (outcome.cardID.lowercasedText, outcome.store, outcome.retryAfter)
        switch outcome.status {
        case .changed(let changes, let messages):
            (status, self.changes, self.messages, reason) = ("changed", changes, messages, nil)
        case .unchanged: (status, changes, messages, reason) = ("unchanged", [], [], nil)
        case .failed(let why): (status, changes, messages, reason) = ("failed", [], [], why)
        }
    }

    /// The outcome this record was written from; nil when its card id or status is not one a
    /// pull writes.
    public var outcome: PullOutcome? {
        guard let id = UUID(uuidString: card) else { return nil }
        let pulled: PullStatus
        switch status {
        case "changed": pulled = .changed(changes, messages: messages)
        case "unchanged": pulled = .unchanged
        case "failed": pulled = .failed(reason ?? "unknown")
        default: return nil
        }
        return PullOutcome(cardID: id, store: store, status: pulled, retryAfter: retryAfter)
    }

    private enum CodingKeys: String, CodingKey { case card, store, status, changes, messages, reason, retryAfter }

    /// Every key is written, `null` included, as CLI.md gives the JSON.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(card, forKey: .card)
        try container.encode(store, forKey: .store)
        try container.encode(status, forKey: .status)
        try container.encode(changes, forKey: .changes)
        try container.encode(messages, forKey: .messages)
        try container.encode(reason, forKey: .reason)
        try container.encode(retryAfter, forKey: .retryAfter)
    }
}
