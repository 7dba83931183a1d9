import Testing
import WalletCore

/// "no card matches 'Kase'" offers the store the user most likely meant, or nothing.
@Suite struct CardReferenceCloseMatchTests {
    static let stores = ["Book Nook", "Käse Laden", "Tesco", "Tesco Extra"]

    @Test(arguments: [
        ("Kase", "Käse Laden"), ("laden", "Käse Laden"), ("Kse Laden", "Käse Laden"), ("tesko", "Tesco"),
        ("Nook", "Book Nook"), ("boook nook", "Book Nook"),
    ])
    func offersTheCloseStore(typed: String, expected: String) {
        #expect(CardReference(typed).closeMatch(among: Self.stores) == expected)
    }

    @Test(arguments: ["Zebra", "xy", "", "q"])
    func offersNothingFarOrShort(typed: String) {
        #expect(CardReference(typed).closeMatch(among: Self.stores) == nil)
    }
}
