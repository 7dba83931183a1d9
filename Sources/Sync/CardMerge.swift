import Foundation

/// How two sides' changes to the same card were settled, reported by `wallet sync`.
public struct SyncConflict: Equatable, Sendable, Encodable {
    /// The card's id.
    public var card: String
    /// The card JSON key of the field, or `card` when a removal met an edit.
    public var field: String
    /// The value kept, and the value set aside (it stays in the sync history).
    public var kept: String?
    public var other: String?
    public var reason: String

    private enum CodingKeys: String, CodingKey { case card, field, kept, other, reason }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(card, forKey: .card)
        try container.encode(field, forKey: .field)
        try container.encode(kept, forKey: .kept)
        try container.encode(other, forKey: .other)
        try container.encode(reason, forKey: .reason)
    }
}

/// The three-way merge of one card, field by field: `base` is the card as both sides last
/// agreed (nil: unknown to one of them), `ours` and `theirs` each side's version (nil: removed
/// or never had it). The result is the same whichever side is "ours", so every device converges.
public enum CardMerge {
    /// The merged card (nil: removed) and the conflicts settled on the way.
    public static func merge(
        base: SyncedCard?, ours: SyncedCard?, theirs: SyncedCard?
    ) -> (card: SyncedCard?, conflicts: [SyncConflict]) {
        switch (ours, theirs) {
        case (nil, nil):
            return (nil, [])
        case (let kept?, nil), (nil, let kept?):
            guard let base else { return (kept, []) }
            // One side removed the card: it stays removed unless the other side edited it.
            if kept.sameValues(as: base) { return (nil, []) }
            let conflict = SyncConflict(
                card: kept.id.uuidString.lowercased(), field: "card", kept: "edited", other: "removed",
                reason: "an edit beats a removal: the card is kept")
            return (kept, [conflict])
        case (let ours?, let theirs?):
            return fields(base: base, ours: ours, theirs: theirs)
        }
    }

    private static func fields(
        base: SyncedCard?, ours: SyncedCard, theirs: SyncedCard
    ) -> (card: SyncedCard?, conflicts: [SyncConflict]) {
        var merged = ours
        merged.createdAt = min(ours.createdAt, theirs.createdAt)
        var conflicts: [SyncConflict] = []
        for key in Set(ours.fields.keys).union(theirs.fields.keys).sorted() {
            let mine = ours.fields[key], other = theirs.fields[key], original = base?.fields[key]
            guard let mine, let other else {
                merged.fields[key] = mine ?? other
                continue
            }
            if mine.json == other.json {
                merged.fields[key] = mine.edited >= other.edited ? mine : other
            } else if let original, original.json == mine.json {
                merged.fields[key] = other
            } else if let original, original.json == other.json {
                merged.fields[key] = mine
            } else {
                let (winner, loser) = later(mine, other)
                merged.fields[key] = winner
                conflicts.append(
                    SyncConflict(
                        card: ours.id.uuidString.lowercased(), field: key, kept: winner.shown, other: loser.shown,
                        reason: "edited on both devices: the later edit is kept"))
            }
        }
        return (merged, conflicts)
    }

    /// The later edit first; equal times are settled by the value, so both sides choose alike.
    static func later(_ one: SyncedField, _ two: SyncedField) -> (SyncedField, SyncedField) {
        if one.edited != two.edited { return one.edited > two.edited ? (one, two) : (two, one) }
        return one.json > two.json ? (one, two) : (two, one)
    }
}
