import Foundation
import Testing
import ZipArchive
import WalletCore
@testable import WalletInterop

/// What makes a pass live is kept on import, with the verdict of its manifest and signature.
@Suite struct PassLiveTests {
    private let reader = PKPassReader(now: Fixtures.now)

    static let live = """
        {"formatVersion": 1, "passTypeIdentifier": "pass.example.coffee", "serialNumber": "C-42",
         "organizationName": "Coffee Club", "description": "Coffee", "teamIdentifier": "T",
         "webServiceURL": "https://passes.example.com/pk", "authenticationToken": "0123456789abcdef0123",
         "relevantDate": "2026-12-01T18:30+01:00", "expirationDate": "2027-03-31T23:59:00+02:00",
         "locations": [{"latitude": 48.85, "longitude": 2.35, "relevantText": "Near the shop"}],
         "barcodes": [{"format": "PKBarcodeFormatQR", "message": "C-42", "messageEncoding": "iso-8859-1"}],
         "storeCard": {
            "headerFields": [{"key": "tier", "label": "Tier", "value": "Gold"}],
            "primaryFields": [{"key": "balance", "label": "Balance", "value": 12.5, "currencyCode": "EUR",
                               "changeMessage": "Balance now %@"}],
            "secondaryFields": [{"key": "gate", "label": "Gate", "value": "A1", "changeMessage": "Gate changed to %@"}],
            "backFields": [{"key": "terms", "label": "Terms", "value": "No cash value."}]}}
        """

    @Test func keepsIdentityServiceDatesAndEveryField() throws {
        let card = try #require(reader.read(Fixtures.pkpass([("pass.json", Data(Self.live.utf8))]), file: "c.pkpass").cards.first)
        let pass = try #require(card.pass)
        #expect(pass.serialNumber == "C-42" && pass.passTypeIdentifier == "pass.example.coffee")
        #expect(pass.webServiceURL == "https://passes.example.com/pk" && pass.authenticationToken == "0123456789abcdef0123")
        #expect(pass.relevantDate == ISO8601.parse("2026-12-01T17:30:00Z"))
        #expect(pass.expirationDate == ISO8601.parse("2027-03-31T21:59:00Z"))
        #expect(pass.locations == [PassLocation(latitude: 48.85, longitude: 2.35, relevantText: "Near the shop")])
        #expect(pass.signed && !pass.voided && pass.isLive && card.isLive)
        #expect(pass.fields.map(\.key) == ["tier", "balance", "gate", "terms"])
        #expect(pass.fields.map(\.section) == [.header, .primary, .secondary, .back])
        #expect(
            pass.fields[2]
                == LiveField(key: "gate", label: "Gate", value: "A1", changeMessage: "Gate changed to %@", section: .secondary))
        #expect(pass.fields[2].announcement == "Gate changed to A1")
        #expect(pass.frontFields.map(\.key) == ["balance", "gate", "tier"])
    }

    @Test func passWithoutServiceIsNotLive() throws {
        let json = Self.live.replacingOccurrences(of: "\"webServiceURL\"", with: "\"otherURL\"")
        let card = try #require(reader.read(Fixtures.pkpass([("pass.json", Data(json.utf8))]), file: "c.pkpass").cards.first)
        #expect(card.pass != nil && !card.isLive)
    }

    /// The authenticity a pass zip of `files` is read with, and the import's warnings.
    private func authenticity(_ files: [(String, String)]) throws -> (PassAuthenticity?, [String]) {
        let archive = try reader.read(Fixtures.zip(files), file: "c.pkpass")
        return (archive.cards.first?.pass?.authenticity, archive.warnings.map(\.description))
    }

    @Test func digestMismatchIsKeptAsAlteredNamingTheFile() throws {
        let manifest = #"{"pass.json": "\#(PassManifest.sha1Hex(Data(Self.live.utf8)))", "logo.png": "0000"}"#
        let (verdict, warnings) = try authenticity([("pass.json", Self.live), ("logo.png", "png"), ("manifest.json", manifest)])
        #expect(verdict == .altered("logo.png does not match its SHA-1 digest in manifest.json"))
        #expect(
            warnings.first
                == "pass.json: the pass is altered: logo.png does not match its SHA-1 digest in manifest.json; imported anyway")
    }

    @Test func unlistedMissingAndAbsentManifestAreKeptAsAlteredOrUnsigned() throws {
        let digest = PassManifest.sha1Hex(Data(Self.live.utf8))
        let unlisted = try authenticity([
            ("pass.json", Self.live), ("icon.png", "x"), ("manifest.json", #"{"pass.json": "\#(digest)"}"#),
        ])
        #expect(unlisted.0 == .altered("icon.png is not listed in manifest.json"))
        let missing = try authenticity([
            ("pass.json", Self.live), ("manifest.json", #"{"pass.json": "\#(digest)", "strip.png": "ab"}"#),
        ])
        #expect(missing.0 == .altered("strip.png is listed in manifest.json but missing from the pass"))
        #expect(try authenticity([("pass.json", Self.live)]).0 == .unsigned("the pass has no manifest.json"))
        #expect(
            try authenticity([("pass.json", Self.live), ("manifest.json", "[1]")]).0
                == .altered("manifest.json is not an object of file names and SHA-1 digests"))
    }

    @Test func passWithoutSerialOrTypeKeepsItsAuthenticityButIsNotLive() throws {
        let json = Self.live.replacingOccurrences(of: #""serialNumber": "C-42","#, with: "")
        let (verdict, _) = try authenticity([("pass.json", json)])
        #expect(verdict?.state == .unsigned)
        let card = try #require(reader.read(Fixtures.zip([("pass.json", json)]), file: "c.pkpass").cards.first)
        #expect(card.pass?.serialNumber == "" && !card.isLive && card.authenticity?.state == .unsigned)
    }

    @Test func unsignedPassSaysSo() throws {
        let digest = PassManifest.sha1Hex(Data(Self.live.utf8))
        let (verdict, warnings) = try authenticity([("pass.json", Self.live), ("manifest.json", #"{"pass.json": "\#(digest)"}"#)])
        #expect(verdict == .unsigned("the pass has no signature"))
        #expect(warnings == ["pass.json: the pass is unsigned: the pass has no signature; imported anyway"])
    }

    @Test func signatureThatIsNotCMSIsAltered() throws {
        let card = try #require(reader.read(Fixtures.pkpass([("pass.json", Data(Self.live.utf8))]), file: "c.pkpass").cards.first)
        #expect(card.pass?.signed == true && card.authenticity?.state == .altered)
        #expect(card.authenticity?.reason?.hasPrefix("the signature is not a CMS signed-data structure") == true)
    }

    @Test func sha1MatchesTheStandardVectors() {
        #expect(PassManifest.sha1Hex(Data("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(PassManifest.sha1Hex(Data()) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

}

/// Each pass of a `.pkpasses` bundle is checked and kept live like a single pass.
@Suite struct PassBundleLiveTests {
    @Test func bundleMembersAreVerifiedAndLive() throws {
        let member = try Fixtures.pkpass([("pass.json", Data(PassLiveTests.live.utf8))])
        let bundle = try ZipContainer.archiveData(files: [("a.pkpass", member)], modified: Fixtures.now)
        let card = try #require(
            PKPassesBundle.read(bundle, file: "b.pkpasses", reader: PKPassReader(now: Fixtures.now)).cards.first)
        #expect(card.isLive && card.pass?.serialNumber == "C-42")
        let tampered = try Fixtures.zip([("pass.json", PassLiveTests.live), ("manifest.json", #"{"pass.json": "00"}"#)])
        let nameless = try Fixtures.zip([("pass.json", #"{"serialNumber": "1"}"#)])
        let bundle2 = try ZipContainer.archiveData(
            files: [("a.pkpass", tampered), ("b.pkpass", nameless)], modified: Fixtures.now)
        let read = try PKPassesBundle.read(bundle2, file: "b.pkpasses", reader: PKPassReader(now: Fixtures.now))
        #expect(read.cards.count == 1 && read.cards.first?.authenticity?.state == .altered)
        #expect(
            read.warnings.map(\.description).contains { $0.hasPrefix("b.pkpass: ") && $0.hasSuffix("that pass was left out") })
        let onlyBad = try ZipContainer.archiveData(files: [("b.pkpass", nameless)], modified: Fixtures.now)
        #expect(throws: ImportError.self) {
            try PKPassesBundle.read(onlyBad, file: "b.pkpasses", reader: PKPassReader(now: Fixtures.now))
        }
    }
}
