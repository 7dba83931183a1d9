import Foundation
import WalletCore
import WalletTestSupport
import Barcodes

enum Fixtures {
    static func card(_ n: Int, _ store: String, favorite: Bool = false, archived: Bool = false) -> Card {
        TestCards.card(n, store, code: "12345\(n)", format: .code128, color: "#336699", favorite: favorite, archived: archived)
    }

    static let a = card(1, "Alpha")
    static let b = card(2, "Beta")
    static let c = card(3, "Gamma", favorite: true)
    static let d = card(4, "Delta")
    static let archived = card(5, "Old", archived: true)
    static let reader = FixtureReader(all: [a, b, c, d, archived])

    /// 2026-11-22 is a Sunday.
    static func date(_ text: String) -> Date { ISO8601.parse(text)! }
}
