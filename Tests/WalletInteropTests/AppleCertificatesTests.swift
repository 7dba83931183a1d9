import Foundation
import Testing
@testable import WalletInterop

/// The bundled Apple certificates are the ones Apple publishes at
/// https://www.apple.com/certificateauthority/: each SHA-256 fingerprint is checked against two
/// independent public sources, recorded here with where they were read (November 2026).
@Suite struct AppleCertificatesTests {
    /// Source A: Apple's certificate files as other projects ship them, hashed here byte for byte:
    /// walt-app/walt-passes-android (Apache-2.0, commit c056a71bb9ff,
    /// passes-core/src/main/resources/is/walt/passes/core/internal/certs/*.cer) and, for WWDR G4,
    /// ueman/passkit (Apache-2.0, commit 4638635b6f20, passkit/lib/src/crypto/apple_wwdr_certificate.dart).
    static let sourceA: [String: String] = [
        "Apple Root CA": "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024",
        "Apple Root CA - G3": "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
        "WWDR G3": "dcf21878c77f4198e4b4614f03d696d89c66c66008d4244e1b99161aac91601f",
        "WWDR G4": "ea4757885538dd8cb59ff4556f676087d83c85e70902c122e42c0808b5bce14c",
        "WWDR G6": "bdd4ed6e74691f0c2bfd01be0296197af1379e0418e2d300efa9c3bef642ca30",
    ]

    /// Source B: fingerprints published as text by projects that pin them: fastlane/fastlane
    /// (fastlane_core/lib/fastlane_core/cert_checker.rb, WWDRCA_CERTIFICATES: G2 to G6),
    /// manyou/x509-chain-verifier (README, APPLE_WDR: G1 to G6), tamtamchik/apple-iap-tools
    /// (src/constants.ts, APPLE_ROOT_CA: Root CA - G3), and, for Apple Root CA, the Apple root
    /// tables of Go and Python App Store projects found with the same fingerprint
    /// ("CN=Apple Root CA B0B1730E...", `'sha_256': 'b0b1730e...'` with Apple's validity 2006-04-25 to 2035-02-09).
    static let sourceB: [String: String] = [
        "Apple Root CA": "B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024",
        "Apple Root CA - G3": "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79",
        "WWDR G3": "dcf21878c77f4198e4b4614f03d696d89c66c66008d4244e1b99161aac91601f",
        "WWDR G4": "ea4757885538dd8cb59ff4556f676087d83c85e70902c122e42c0808b5bce14c",
        "WWDR G6": "bdd4ed6e74691f0c2bfd01be0296197af1379e0418e2d300efa9c3bef642ca30",
    ]

    static let bundled: [String: Data] = [
        "Apple Root CA": AppleCertificates.appleRootCA, "Apple Root CA - G3": AppleCertificates.appleRootCAG3,
        "WWDR G3": AppleCertificates.wwdrG3, "WWDR G4": AppleCertificates.wwdrG4, "WWDR G6": AppleCertificates.wwdrG6,
    ]

    static func normalized(_ fingerprint: String) -> String {
        fingerprint.lowercased().filter { $0 != ":" }
    }

    @Test(arguments: bundled.keys.sorted())
    func fingerprintMatchesBothSources(name: String) throws {
        let data = try #require(Self.bundled[name])
        let digest = sha256Hex(data)
        #expect(digest == Self.normalized(try #require(Self.sourceA[name])), "\(name) against source A")
        #expect(digest == Self.normalized(try #require(Self.sourceB[name])), "\(name) against source B")
    }

    @Test func anchorsAreTheTwoRootsAndIntermediatesTheWWDRs() {
        #expect(AppleCertificates.anchors == [AppleCertificates.appleRootCA, AppleCertificates.appleRootCAG3])
        #expect(
            AppleCertificates.intermediates == [AppleCertificates.wwdrG3, AppleCertificates.wwdrG4, AppleCertificates.wwdrG6])
    }

    /// SHA-256 in lower-case hex through openssl (independent of GLib, which the wallet uses).
    private func sha256Hex(_ data: Data) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["dgst", "-sha256", "-r"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return "openssl did not run: \(error)"
        }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }
}
