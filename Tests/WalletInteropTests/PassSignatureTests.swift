import Foundation
import Testing
import WalletCore
@testable import WalletInterop

/// The CMS signature check on real Apple-signed data (Tests/EndToEnd/real_passes, sources and
/// licences in its SOURCES.md) and tampered copies of it; the chain's failure cases with a CA of
/// the test's own are in Tests/EndToEnd/test_pass_authenticity.py (openssl makes them).
@Suite struct PassSignatureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../EndToEnd/real_passes").standardized

    /// The Tixly ticket's manifest and signature (walt-app/walt-passes-android's fixture).
    static func tixly() throws -> (manifest: Data, signature: Data) {
        let directory = folder.appendingPathComponent("tixly-signature")
        return (
            try Data(contentsOf: directory.appendingPathComponent("manifest.json")),
            try Data(contentsOf: directory.appendingPathComponent("signature"))
        )
    }

    @Test func appleSignedManifestIsVerifiedWithItsSignerAndTime() throws {
        let (manifest, signature) = try Self.tixly()
        let verdict = PassSignature.verify(
            signature: signature, manifest: manifest, passType: "pass.com.tixly", team: "A6DLLVNVR7")
        #expect(verdict.state == .verified, "\(verdict)")
        #expect(verdict.organization == "Tix EU ehf" && verdict.teamIdentifier == "A6DLLVNVR7")
        #expect(verdict.signerPassType == "pass.com.tixly" && verdict.reason == nil)
        #expect(verdict.signedAt == ISO8601.parse("2026-05-07T14:10:48Z"))
    }

    @Test func signerForAnotherPassTypeOrTeamIsUntrusted() throws {
        let (manifest, signature) = try Self.tixly()
        let otherType = PassSignature.verify(
            signature: signature, manifest: manifest, passType: "pass.com.example", team: "A6DLLVNVR7")
        #expect(otherType.state == .untrusted)
        #expect(otherType.reason == "the signer certificate is for pass type pass.com.tixly, not pass.com.example")
        let otherTeam = PassSignature.verify(
            signature: signature, manifest: manifest, passType: "pass.com.tixly", team: "ZZZZZZZZZZ")
        #expect(otherTeam.state == .untrusted && otherTeam.teamIdentifier == "A6DLLVNVR7")
        #expect(otherTeam.reason == "the signer certificate is team A6DLLVNVR7's, not ZZZZZZZZZZ's")
    }

    @Test func editedManifestOrTruncatedSignatureIsAltered() throws {
        let (manifest, signature) = try Self.tixly()
        var edited = manifest
        edited[edited.startIndex + 10] ^= 1
        let mismatch = PassSignature.verify(
            signature: signature, manifest: edited, passType: "pass.com.tixly", team: "A6DLLVNVR7")
        #expect(mismatch.state == .altered)
        #expect(mismatch.reason?.hasPrefix("the signature does not match manifest.json") == true)
        let truncated = PassSignature.verify(
            signature: signature.prefix(signature.count / 2), manifest: manifest, passType: "pass.com.tixly",
            team: "A6DLLVNVR7")
        #expect(truncated.state == .altered)
        #expect(truncated.reason?.hasPrefix("the signature is not a CMS signed-data structure") == true)
        let empty = PassSignature.verify(signature: Data(), manifest: manifest, passType: nil, team: nil)
        #expect(empty.state == .altered)
    }
}

/// The chain's failure cases, with a CA of the test's own standing in for Apple's root.
@Suite struct PassSignatureChainTests {
    static let manifest = Data(#"{"pass.json": "0123456789abcdef0123456789abcdef01234567"}"#.utf8)
    static let type = "pass.example.own"
    static let team = "OWNTEAM123"

    private func verdict(
        _ ca: OwnPassCA, _ name: String, passType: String = type, team: String = team, start: String = "20200101000000Z",
        end: String = "20400101000000Z", trusted: Bool = true
    ) throws -> PassAuthenticity {
        try ca.issue(name, passType: passType, team: team, start: start, end: end)
        let signature = try ca.sign(Self.manifest, with: name)
        return PassSignature.verify(
            signature: signature, manifest: Self.manifest, passType: Self.type, team: Self.team,
            anchors: trusted ? [ca.root] : AppleCertificates.anchors)
    }

    @Test func signerChainingToTheAnchorWithTheRightUIDAndTeamIsVerified() throws {
        let ca = try OwnPassCA()
        defer { ca.remove() }
        let result = try verdict(ca, "good")
        #expect(result.state == .verified, "\(result)")
        #expect(result.organization == "Own Test Issuer" && result.teamIdentifier == Self.team)
        #expect(abs((result.signedAt ?? .distantPast).timeIntervalSinceNow) < 600)
    }

    @Test func wrongUIDWrongTeamExpiredAndUnknownRootAreUntrusted() throws {
        let ca = try OwnPassCA()
        defer { ca.remove() }
        let wrongType = try verdict(ca, "type", passType: "pass.example.other")
        #expect(wrongType.state == .untrusted)
        #expect(wrongType.reason == "the signer certificate is for pass type pass.example.other, not \(Self.type)")
        let wrongTeam = try verdict(ca, "team", team: "OTHERTEAM1")
        #expect(wrongTeam.state == .untrusted && wrongTeam.teamIdentifier == "OTHERTEAM1")
        #expect(wrongTeam.reason == "the signer certificate is team OTHERTEAM1's, not \(Self.team)'s")
        let expired = try verdict(ca, "expired", start: "20200101000000Z", end: "20210101000000Z")
        #expect(expired.state == .untrusted)
        #expect(expired.reason == "the signer certificate does not chain to Apple's root: certificate has expired")
        let unknown = try verdict(ca, "unknown", trusted: false)
        #expect(unknown.state == .untrusted)
        #expect(
            unknown.reason == "the signer certificate does not chain to Apple's root: unable to get local issuer certificate")
    }
}
