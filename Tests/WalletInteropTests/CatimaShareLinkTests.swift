import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct CatimaShareLinkTests {
    let links = CatimaShareLink(timeZone: Fixtures.utc)

    @Test func readsCatimasDocumentedExample() throws {
        let link =
            "https://catima.app/share#store%3DGrocery%2BStore%26note%3DQuite%2Bnecessary%26balance%3D150"
            + "%26cardid%3Ddhd%26barcodetype%3DAZTEC%26headercolor%3D-9977996"
        let card = try links.card(from: link, now: Fixtures.now)
        #expect(card.store == "Grocery Store" && card.note == "Quite necessary")
        #expect(card.code == "dhd" && card.format == .aztec && card.barcodeValue == nil)
        #expect(card.color == "#67BF74")
        #expect(card.balance == "150" && card.currency == nil)
    }

    @Test func readsCatimasTestLinkWithCurrencyExpiryAndOldHosts() throws {
        let expiry = "1795000000000"  // 2026-11-18 in UTC
        for host in [
            "https://catima.app/share", "https://thelastproject.github.io/Catima/share/",
            "https://brarcher.github.io/loyalty-card-locker/share",
        ] {
            let link =
                host + "#store%3DExample%2BStore%26note%3D%26validfrom%3D1%26expiry%3D\(expiry)%26balance%3D10.00"
                + "%26balancetype%3DUSD%26cardid%3D123456%26barcodetype%3DAZTEC%26headercolor%3D-416706%26notforeseen%3Dno"
            let card = try links.card(from: link, now: Fixtures.now)
            #expect(card.store == "Example Store" && card.expiry == "2026-11-18")
            #expect(card.balance == "10.00" && card.currency == "USD" && card.color == "#F9A43E")
        }
    }

    @Test func readsOldQueryParameterLinks() throws {
        let card = try links.card(
            from: "https://catima.app/share?store=Old+Shop&note=n&cardid=123456&barcodetype=ITF&headercolor=-416706",
            now: Fixtures.now)
        #expect(card.store == "Old Shop" && card.code == "123456" && card.format == .itf)
    }

    @Test func roundTripsEveryFieldAndAwkwardText() throws {
        let original = try CardDraft(
            store: "Café & Co = 100% +plus", code: "4006381333931", barcodeValue: "https://x.example/?a=1&b=%20",
            format: .qr, color: "#123456", note: "line 1\nline 2 ✓ #hash", expiry: "2031-02-28", balance: "12.50",
            currency: "EUR"
        ).card(createdAt: Fixtures.now)
        let link = links.link(for: original)
        #expect(link.hasPrefix("https://catima.app/share#store%3DCaf%25C3%25A9%2B%2526%2BCo"))
        #expect(!link.dropFirst(8).contains("&") && !link.contains(" "))
        let back = try links.card(from: link, now: Fixtures.now)
        #expect(back.store == original.store && back.code == original.code && back.barcodeValue == original.barcodeValue)
        #expect(back.format == .qr && back.color == "#123456" && back.note == original.note)
        #expect(back.expiry == "2031-02-28" && back.balance == "12.50" && back.currency == "EUR")
    }

    @Test func cardWithoutBarcodeOrBalanceStaysWithout() throws {
        let original = try CardDraft(store: "Plain", code: "ABC").card(createdAt: Fixtures.now)
        let link = links.link(for: original)
        #expect(!link.contains("barcodetype") && link.contains("balance%3D0"))
        let back = try links.card(from: link, now: Fixtures.now)
        #expect(back.format == nil && back.balance == nil && back.currency == nil && back.color == original.color)
    }

    @Test func refusesWhatIsNotAValidShareLink() {
        let cases: [(String, ShareLinkError)] = [
            ("https://example.com/share#store%3DA%26cardid%3D1", .notCatima(host: "example.com", path: "/share")),
            ("https://catima.app/other#store%3DA%26cardid%3D1", .notCatima(host: "catima.app", path: "/other")),
            ("https://catima.app/share#note%3Dx%26cardid%3D1", .missingField("store")),
            ("https://catima.app/share#store%3DA", .missingField("cardid")),
            ("https://catima.app/share#store%3DA%26cardid%3D1%26balance%3D%25ZZ", .badEncoding),
            ("https://catima.app/share#store%3DA%26cardid", .badEncoding),
            ("https://catima.app/share#store%3DA%26cardid%3D1%26headercolor%3Dred", .invalidValue(.invalidColor("red"))),
            (
                "https://catima.app/share#store%3DA%26cardid%3D1%26barcodetype%3DMAXICODE",
                .invalidValue(.unsupportedBarcodeType("MAXICODE"))
            ),
            ("https://catima.app/share#store%3DA%26cardid%3D1%26balancetype%3DPOINTS", .invalidValue(.invalidCurrency("POINTS"))),
            (
                "https://catima.app/share#" + String(repeating: "a", count: CatimaShareLink.maxLength),
                .tooLong(bytes: CatimaShareLink.maxLength + 25)
            ),
        ]
        for (link, expected) in cases {
            #expect(throws: expected) { try links.card(from: link, now: Fixtures.now) }
        }
        #expect(throws: ShareLinkError.self) {
            try links.card(from: "https://catima.app/share#store%3DA%26cardid%3D12%26barcodetype%3DEAN_13", now: Fixtures.now)
        }
    }

    @Test func encodingsMatchJavaAndAndroid() {
        #expect(ShareLinkEncoding.formEncoded("a b+c*~é") == "a+b%2Bc*%7E%C3%A9")
        #expect(ShareLinkEncoding.uriEncoded("a=b&c+d~'()!") == "a%3Db%26c%2Bd~'()!")
        #expect(ShareLinkEncoding.formDecoded("a+b%2Bc%C3%A9") == "a b+cé")
        #expect(ShareLinkEncoding.percentDecoded("a+b%3D") == "a+b=")
        #expect(ShareLinkEncoding.formDecoded("%C3") == nil && ShareLinkEncoding.formDecoded("%4") == nil)
    }
}
