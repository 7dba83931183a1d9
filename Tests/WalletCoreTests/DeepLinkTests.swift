import Foundation
import Testing
import WalletTestSupport
import WalletCore

@Suite struct DeepLinkTests {
    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    @Test func parsesTheTwoForms() throws {
        #expect(try DeepLink(parsing: "wallet://") == .app)
        #expect(try DeepLink(parsing: "WALLET://") == .app)
        #expect(try DeepLink(parsing: "wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff") == .card(id))
        #expect(try DeepLink(parsing: "wallet://card/6F9619FF-8B86-D011-B42D-00C04FC964FF/") == .card(id))
    }

    @Test func roundTrips() throws {
        for link in [DeepLink.app, .card(id)] {
            #expect(try DeepLink(parsing: link.url) == link)
        }
        #expect(DeepLink.card(id).url == "wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff")
    }

    @Test(arguments: [
        "https://card/6f9619ff-8b86-d011-b42d-00c04fc964ff", "wallet:card", "wallet", "",
        "wallet://card/../x", "wallet://card/", "wallet://card", "wallet://card/not-a-uuid",
        "wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff/extra", "wallet://cards/6f9619ff-8b86-d011-b42d-00c04fc964ff",
        "wallet://card//6f9619ff-8b86-d011-b42d-00c04fc964ff", "wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff?x=1",
        "wallet://card/6f9619ff-8b86-d011-b42d-00c04fc964ff#top", "wallet://card/%36f9619ff-8b86-d011-b42d-00c04fc964ff",
        "wallet://user@card/6f9619ff-8b86-d011-b42d-00c04fc964ff", "wallet://settings", "wallet:// ",
    ])
    func refuses(_ url: String) {
        #expect(throws: DeepLinkError.self) { try DeepLink(parsing: url) }
    }
}

@Suite struct UUIDTextTests {
    @Test func matchesFoundation() {
        for _ in 0..<100 {
            let id = UUID()
            #expect(id.lowercasedText == id.uuidString.lowercased())
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.lowercasedText) == id)
        }
    }
}

@Suite struct ISO8601Tests {
    @Test func formatsLikeFoundationAndRoundTrips() {
        let reference = ISO8601DateFormatter()
        // Foundation rounds to the millisecond before it drops the fraction: the last half
        // millisecond of a second is written as the next second.
        let edges = [0.0, 951_782_400, 1_700_000_000.75, 4_102_444_799, 197_568_539.999_6, 197_568_539.999_4, -0.000_2]
        // WALLET_TEST_SEED replays another run's draws.
        let seed = ProcessInfo.processInfo.environment["WALLET_TEST_SEED"].flatMap { UInt64($0) } ?? 20_261_122
        var generator = SeededRandom(seed: seed)
        let random = (0..<200).map { index in
            Double(Int.random(in: 0..<4_000_000_000, using: &generator))
                + [0, 0.999_7, Double.random(in: 0..<1, using: &generator)][index % 3]
        }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.format(date) == reference.string(from: date), "\(seconds) (WALLET_TEST_SEED=\(seed))")
            let whole = ((seconds * 1000).rounded() / 1000).rounded(.down)
            #expect(
                ISO8601.parse(ISO8601.format(date)) == Date(timeIntervalSince1970: whole),
                "\(seconds) (WALLET_TEST_SEED=\(seed))")
        }
    }
}
