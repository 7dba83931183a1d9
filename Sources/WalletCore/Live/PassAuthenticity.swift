import Foundation

/// Whether a pass is really from its issuer: the verdict on its `manifest.json` digests and the
/// CMS signature over that manifest, kept with the card (``LivePass/authenticity``) and shown in
/// card JSON as `authenticity` (`state`, `organization`, `teamIdentifier`, `signedAt`, `reason`).
public struct PassAuthenticity: Equatable, Sendable, Codable {
    /// The verdict's kind.
    public enum State: String, Equatable, Sendable, Codable {
        /// Signed by the pass type's own certificate, chaining to Apple's root through a WWDR
        /// intermediate, valid when it signed; every file matches the manifest.
        case verified
        /// No `signature` (or no `manifest.json`): nothing vouches for the pass.
        case unsigned
        /// A file does not match its manifest digest, or the signature does not match the manifest.
        case altered
        /// A signature that matches, by a certificate not chaining to Apple, for another pass
        /// type or team, or not valid when it signed.
        case untrusted
    }

    public var state: State
    /// The signer certificate's organization (`O`), when there is a signer.
    public var organization: String?
    /// The signer certificate's team (`OU`), when there is a signer.
    public var teamIdentifier: String?
    /// The signing time the signature states.
    public var signedAt: Date?
    /// Why the pass is not verified (nil when it is).
    public var reason: String?
    /// The signer certificate's pass type (`UID`): an issuer update must be signed for the same
    /// type as the pass it replaces. Kept with the card, not shown in card JSON.
    public var signerPassType: String?

    public init(
        state: State, organization: String? = nil, teamIdentifier: String? = nil, signedAt: Date? = nil,
        reason: String? = nil, signerPassType: String? = nil
    ) {
        self.state = state
        self.organization = organization
        self.teamIdentifier = teamIdentifier
        self.signedAt = signedAt
        self.reason = reason
        self.signerPassType = signerPassType
    }

    /// A pass nothing vouches for, and why.
    public static func unsigned(_ reason: String) -> PassAuthenticity {
        PassAuthenticity(state: .unsigned, reason: reason)
    }

    /// A pass whose files or signature do not match, and why.
    public static func altered(_ reason: String) -> PassAuthenticity {
        PassAuthenticity(state: .altered, reason: reason)
    }

    /// The signature matches the manifest (verified or untrusted): a signer can be named.
    public var hasValidSignature: Bool { state == .verified || state == .untrusted }

    /// The one-line warning an import prints for a pass that is not verified, nil for one that is.
    public var importWarning: String? {
        guard state != .verified else { return nil }
        return "the pass is \(state.rawValue): \(reason ?? "no reason given"); imported anyway"
    }

    /// Why `update`, the issuer's new version of the pass this verdict is for, may not replace
    /// it, or nil when it may. An update must carry a signature matching its manifest; it must be
    /// signed by the same team for the same pass type as the pass held (the signer certificates'
    /// `OU` and `UID` equal), and a verified pass takes only verified updates. A pass held without
    /// a signer (unsigned, altered, or stored before signatures were checked) names no signer to
    /// compare: its first validly signed update is taken unless its certificate names another pass
    /// type than `passType`, the pass's own.
    public func refusal(ofUpdate update: PassAuthenticity, passType: String) -> String? {
        guard update.hasValidSignature else {
            return "the update is \(update.state.rawValue): \(update.reason ?? "no reason given")"
        }
        if state == .verified && update.state != .verified {
            return "the update is not verified (\(update.reason ?? "untrusted")) but the pass it replaces is"
        }
        guard hasValidSignature, organization != nil || teamIdentifier != nil || signerPassType != nil else {
            guard let signed = update.signerPassType, signed != passType else { return nil }
            return "the update is signed for pass type \(signed), not \(passType)"
        }
        if update.signerPassType != signerPassType {
            return "the update is signed for pass type \(update.signerPassType ?? "none"), not \(signerPassType ?? "none")"
        }
        if update.teamIdentifier != teamIdentifier {
            return "the update is signed by team \(update.teamIdentifier ?? "none"), not \(teamIdentifier ?? "none")"
        }
        return nil
    }
}

extension PassAuthenticity {
    /// The verdict shown for a pass stored before the wallet checked signatures: its files were
    /// checked against the manifest, its signature never was.
    public static let unchecked = PassAuthenticity(
        state: .untrusted, reason: "imported before the wallet checked signatures: import the pass again to check it")
}

/// A pass's authenticity as the card JSON shows it (`{"state", "organization", "teamIdentifier",
/// "signedAt", "reason"}`): every key present, null when absent; the layout report uses it too.
public struct PassAuthenticityJSON: Encodable {
    public var authenticity: PassAuthenticity

    public init(_ authenticity: PassAuthenticity) { self.authenticity = authenticity }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(authenticity.state.rawValue, forKey: .state)
        try container.encode(authenticity.organization, forKey: .organization)
        try container.encode(authenticity.teamIdentifier, forKey: .teamIdentifier)
        try container.encode(authenticity.signedAt.map(ISO8601.format), forKey: .signedAt)
        try container.encode(authenticity.reason, forKey: .reason)
    }

    private enum CodingKeys: String, CodingKey { case state, organization, teamIdentifier, signedAt, reason }
}

extension Card {
    /// The authenticity of the pass the card came from, nil for a card not from a pass.
    public var authenticity: PassAuthenticity? { pass.map { $0.authenticity ?? .unchecked } }
}

extension PassAuthenticity {
    /// One line for `card show` and the app: the state and what it means.
    public var sentence: String {
        let signer = [organization, teamIdentifier.map { "team \($0)" }].compactMap { $0 }.joined(separator: ", ")
        let signed = signedAt.map { " on \(ISO8601.format($0))" } ?? ""
        switch state {
        case .verified:
            return "verified: signed by \(signer)\(signed), through Apple's certificates"
        case .unsigned, .altered, .untrusted:
            let by = signer.isEmpty ? "" : " (signed by \(signer)\(signed))"
            return "\(state.rawValue)\(by): \(reason ?? "no reason given")"
        }
    }
}
