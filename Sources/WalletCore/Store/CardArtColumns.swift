import Foundation
internal import GRDB

/// The art columns of the `card` row (v3: card art): the pass colors and the
/// ``CardArtSummary`` a list loads with each card; the images are rows of `cardImage`
/// (``CardArtStore``).
enum CardArtColumns {
    /// The columns, in SELECT order.
    static let summary = ["foregroundColor", "labelColor", "artRoles", "artDigest"]

    /// Where the columns are in a statement's rows.
    struct Positions {
        let foregroundColor, labelColor, roles, digest: Int

        init(_ at: (String) throws -> Int) throws {
            (foregroundColor, labelColor, roles, digest) = (
                try at("foregroundColor"), try at("labelColor"), try at("artRoles"), try at("artDigest")
            )
        }
    }

    /// The summary stored in `row`; a role name this binary does not know is left out. A card
    /// without art (no digest: most of a 10,000-card list) costs one column read.
    static func summary(_ row: Row, at positions: Positions) -> CardArtSummary {
        guard let digest: String = row[positions.digest] else { return .none }
        let roles: String? = row[positions.roles]
        return CardArtSummary(
            roles: (roles ?? "").split(separator: ",").compactMap { CardImageRole(rawValue: String($0)) },
            digest: digest, foregroundColor: row[positions.foregroundColor], labelColor: row[positions.labelColor])
    }

    /// The values of the four columns for `summary`, in ``summary`` order.
    static func values(_ summary: CardArtSummary) -> StatementArguments {
        [
            summary.foregroundColor, summary.labelColor,
            summary.roles.isEmpty ? nil : summary.roles.map(\.rawValue).joined(separator: ","), summary.digest,
        ]
    }
}
