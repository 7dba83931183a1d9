import Testing
import WalletCore

/// "Did you mean" rests on these distances: a swap of neighbours costs one, as a typo does.
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("card", "card", 0), ("crad", "card", 1), ("lst", "list", 1), ("", "abc", 3), ("abc", "", 3),
        ("kitten", "sitting", 3), ("käse", "kase", 1), ("widget", "wdiget", 1),
    ])
    func distance(first: String, second: String, expected: Int) {
        #expect(EditDistance.between(first, second) == expected)
        #expect(EditDistance.between(second, first) == expected)
    }

    @Test func nearestIsCloseEnoughOrNothing() {
        let commands = ["add", "scan", "list", "show", "edit", "remove", "import", "export", "share"]
        #expect(EditDistance.nearest(to: "lst", in: commands) == "list")
        #expect(EditDistance.nearest(to: "remvoe", in: commands) == "remove")
        #expect(EditDistance.nearest(to: "xyz", in: commands) == nil)
        #expect(EditDistance.nearest(to: "frobnicate", in: commands) == nil)
    }
}
