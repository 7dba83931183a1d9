import Foundation
internal import CLibCrypto
import OnDemandLibrary
import WalletCore

/// The check of a pass's detached CMS (PKCS#7) signature over its `manifest.json`, as Apple
/// Wallet makes it: the signature matches the manifest; the signer chains to Apple's root through
/// a WWDR intermediate (``AppleCertificates``), every certificate valid at the signing time the
/// signature states; the signer certificate's `UID` is the pass's `passTypeIdentifier` and its
/// `OU` the pass's `teamIdentifier`.
///
/// OpenSSL's libcrypto does the CMS and X.509 work, opened with dlopen the first time a pass is
/// checked (CLibCrypto/shim.h): it is on every system the wallet runs on, reads every CMS form
/// real passes use (issuer-and-serial and subject-key-identifier signers, SHA-1 and SHA-256),
/// and costs `wallet`'s start-up nothing. swift-certificates was the alternative: its CMS
/// verification is `@_spi(CMS)` (not public API, free to change in any release) and it would
/// compile BoringSSL (swift-crypto) into `wallet`.
enum PassSignature {
    /// The verdict on `signature` over `manifest` for a pass of type `passType` and team `team`,
    /// trusting `anchors` only (Apple's roots; tests give a CA of their own).
    static func verify(
        signature: Data, manifest: Data, passType: String?, team: String?, anchors: [Data] = AppleCertificates.anchors,
        intermediates: [Data] = AppleCertificates.intermediates
    ) -> PassAuthenticity {
        let crypto: CryptoLibrary
        do {
            crypto = try CryptoLibrary.shared()
        } catch {
            return PassAuthenticity(state: .untrusted, reason: "the signature cannot be checked: \(error.description)")
        }
        let verdict = crypto.check(signature: signature, content: manifest, anchors: anchors, intermediates: intermediates)
        return authenticity(of: verdict, passType: passType, team: team)
    }

    /// The card's authenticity from what OpenSSL found and the pass's own identifiers.
    static func authenticity(of verdict: SignatureVerdict, passType: String?, team: String?) -> PassAuthenticity {
        guard verdict.matches else { return .altered(verdict.reason) }
        var result = PassAuthenticity(
            state: .untrusted, organization: verdict.organization, teamIdentifier: verdict.team,
            signedAt: verdict.signedAt, signerPassType: verdict.uid)
        if !verdict.chains {
            result.reason = "the signer certificate does not chain to Apple's root: \(verdict.reason)"
        } else if verdict.uid != passType {
            result.reason = "the signer certificate is for pass type \(verdict.uid ?? "none"), not \(passType ?? "none")"
        } else if verdict.team != team {
            result.reason = "the signer certificate is team \(verdict.team ?? "none")'s, not \(team ?? "none")'s"
        } else {
            result.state = .verified
        }
        return result
    }
}

/// What OpenSSL found in a signature, in Swift terms.
struct SignatureVerdict: Equatable {
    /// The signature is CMS and matches the manifest.
    var matches: Bool
    /// Its signer chains to a bundled anchor, valid at the signing time.
    var chains: Bool
    var reason: String
    var uid: String?
    var team: String?
    var organization: String?
    var signedAt: Date?
}

/// libcrypto, opened with dlopen the first time a pass signature is checked.
final class CryptoLibrary: Sendable {
    /// libcrypto's function pointers, filled once before the table is shared.
    let api: wallet_crypto

    private init(api: wallet_crypto) { self.api = api }

    private static let loaded: Result<CryptoLibrary, OnDemandLibraryError> = Result {
        () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_CRYPTO_SONAME)
        var api = wallet_crypto()
        try library.fill { wallet_crypto_fill(&api, $0) }
        return CryptoLibrary(api: api)
    }

    /// The library, loading it on first use.
    static func shared() throws(OnDemandLibraryError) -> CryptoLibrary {
        try loaded.get()
    }

    /// Runs the C check of `signature` over `content`, trusting `anchors`, helped by `intermediates`.
    func check(signature: Data, content: Data, anchors: [Data], intermediates: [Data]) -> SignatureVerdict {
        var verdict = wallet_signature_verdict()
        let certificates = anchors + intermediates
        withDER(certificates) { ders in
            signature.withUnsafeBytes { signatureBytes in
                content.withUnsafeBytes { contentBytes in
                    withUnsafePointer(to: api) { api in
                        wallet_pass_signature_check(
                            api, signatureBytes.bindMemory(to: UInt8.self).baseAddress, Int32(signatureBytes.count),
                            contentBytes.bindMemory(to: UInt8.self).baseAddress, Int32(contentBytes.count),
                            ders.baseAddress, Int32(anchors.count), ders.baseAddress.map { $0 + anchors.count },
                            Int32(intermediates.count), &verdict)
                    }
                }
            }
        }
        return SignatureVerdict(
            matches: verdict.outcome != WALLET_SIGNATURE_MISMATCH, chains: verdict.outcome == WALLET_SIGNATURE_TRUSTED,
            reason: Self.text(&verdict.reason), uid: Self.text(&verdict.uid).nonEmpty,
            team: Self.text(&verdict.team).nonEmpty, organization: Self.text(&verdict.organization).nonEmpty,
            signedAt: verdict.has_signing_time != 0 ? Date(timeIntervalSince1970: TimeInterval(verdict.signing_time)) : nil)
    }

    /// `body` with a buffer of `wallet_der` pointing into `certificates` (valid only inside it).
    private func withDER(_ certificates: [Data], _ body: (UnsafeBufferPointer<wallet_der>) -> Void) {
        let joined = certificates.reduce(Data(), +)
        joined.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            var offset = 0
            var ders: [wallet_der] = []
            for certificate in certificates {
                ders.append(wallet_der(bytes: base.map { $0 + offset }, length: certificate.count))
                offset += certificate.count
            }
            ders.withUnsafeBufferPointer(body)
        }
    }

    /// A NUL-terminated C character array of the verdict as a String.
    private static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension String {
    /// Nil for the empty string.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
