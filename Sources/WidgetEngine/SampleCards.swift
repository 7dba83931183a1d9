import Barcodes
import Foundation
import WalletCore

/// The made-up cards placeholders and gallery previews show when there is no real data.
public enum SampleCards {
    /// Eight sample cards, enough for the largest family; ids are fixed so previews are stable.
    public static let all: [Card] = [
        sample(1, "Green Grocer", "4006381333931", .ean13, "#2E7D32"),
        sample(2, "Coffee Corner", "COFFEE-1234", .qr, "#6D4C41"),
        sample(3, "Book Nook", "BN0042", .code128, "#1565C0"),
        sample(4, "Fit Club", "FIT 2026", .aztec, "#C62828"),
        sample(5, "Pet Pals", "96385074", .ean8, "#F9A825"),
        sample(6, "Cinema", "CIN-77", .code39, "#4527A0"),
        sample(7, "Bakery", "042100005264", .upcA, "#EF6C00"),
        sample(8, "Library", "A123456B", .codabar, "#00838F"),
    ]

    /// The first `family.maxCards` samples.
    public static func cards(for family: WidgetFamily) -> [Card] {
        Array(all.prefix(family.maxCards))
    }

    private static func sample(_ n: Int, _ store: String, _ code: String, _ format: Symbology, _ color: String) -> Card {
        let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
        return Card(
            id: id,
            fields: CardFields(store: store, code: code, format: format, color: color),
            createdAt: Date(timeIntervalSince1970: 0))
    }
}
