import Foundation

/// What the wallet keeps of an Apple Wallet pass beyond the card it became: what identifies it
/// at its issuer, where its issuer's web service is, its dates, and every field it shows.
///
/// A card imported from a `.pkpass` holds one (``Card/pass``); other cards hold none. The
/// widget side reads it with the card (``CardReading``): ``fields`` for the tiles, ``updatedAt``
/// for freshness, ``message`` for the latest unread issuer message, ``relevantDate`` and
/// ``voided`` for relevance.
public struct LivePass: Equatable, Sendable, Codable {
    /// The pass's `serialNumber`: with ``passTypeIdentifier``, what the issuer knows it by.
    public var serialNumber: String
    /// The pass's `passTypeIdentifier` (`pass.com.example.coffee`).
    public var passTypeIdentifier: String
    /// The issuer's PassKit web service (`webServiceURL`), or nil: the pass never updates.
    public var webServiceURL: String?
    /// What the wallet proves itself with to that service (`authenticationToken`).
    public var authenticationToken: String?
    /// When the pass matters (a flight, a show): `relevantDate`.
    public var relevantDate: Date?
    /// When the pass stops being valid: `expirationDate`.
    public var expirationDate: Date?
    /// The issuer voided the pass (used, refunded, replaced).
    public var voided: Bool
    /// The places the pass is relevant at.
    public var locations: [PassLocation]
    /// Every field of the pass, in the order header, primary, secondary, auxiliary, back.
    public var fields: [LiveField]
    /// The pass carried a `signature` file.
    public var signed: Bool
    /// Whether the pass is really from its issuer (its manifest digests and signature), or nil
    /// for a pass stored before the wallet checked signatures (shown as ``PassAuthenticity/unchecked``).
    public var authenticity: PassAuthenticity?
    /// The last successful pull from the issuer, or nil when it was never pulled.
    public var updatedAt: Date?
    /// The issuer's `Last-Modified` for the version held, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// The latest issuer message (a field's `changeMessage` with its new value) not yet seen:
    /// cleared when the card is opened.
    public var message: String?

    public init(
        serialNumber: String, passTypeIdentifier: String, webServiceURL: String? = nil, authenticationToken: String? = nil,
        relevantDate: Date? = nil, expirationDate: Date? = nil, voided: Bool = false, locations: [PassLocation] = [],
        fields: [LiveField] = [], signed: Bool = false, authenticity: PassAuthenticity? = nil, updatedAt: Date? = nil,
        lastModified: String? = nil, message: String? = nil
    ) {
        self.serialNumber = serialNumber
        self.passTypeIdentifier = passTypeIdentifier
        self.webServiceURL = webServiceURL
        self.authenticationToken = authenticationToken
        self.relevantDate = relevantDate
        self.expirationDate = expirationDate
        self.voided = voided
        self.locations = locations
        self.fields = fields
        self.signed = signed
        self.authenticity = authenticity
        self.updatedAt = updatedAt
        self.lastModified = lastModified
        self.message = message
    }

    /// A live pass's data counts as stale this long after its last pull (the host pulls every 15
    /// minutes by default: six hours means the issuer or the network has been away a while);
    /// tiles then say "Not updated since ...".
    public static let staleAge: TimeInterval = 6 * 3600

    /// The pass can be pulled from its issuer: it names a web service, a token, a serial number
    /// and a pass type (a pass without the last two is kept for its authenticity only).
    public var isLive: Bool {
        guard let webServiceURL, let authenticationToken else { return false }
        return !webServiceURL.isEmpty && !authenticationToken.isEmpty && !serialNumber.isEmpty
            && !passTypeIdentifier.isEmpty
    }

    /// The fields a tile shows: every field but the back's, most prominent first (primary,
    /// secondary, auxiliary, header).
    public var frontFields: [LiveField] {
        let order: [PassFieldSection] = [.primary, .secondary, .auxiliary, .header]
        return order.flatMap { section in fields.filter { $0.section == section } }
    }
}

/// Where a field sits on a pass.
public enum PassFieldSection: String, Codable, Sendable, CaseIterable {
    case header, primary, secondary, auxiliary, back
}

/// One field of a pass: its key, label, value as shown, and the message the issuer wants shown
/// when the value changes (`changeMessage`, `%@` standing for the new value).
public struct LiveField: Equatable, Sendable, Codable {
    public var key: String
    public var label: String?
    public var value: String
    public var changeMessage: String?
    public var section: PassFieldSection

    public init(key: String, label: String? = nil, value: String, changeMessage: String? = nil, section: PassFieldSection) {
        self.key = key
        self.label = label
        self.value = value
        self.changeMessage = changeMessage
        self.section = section
    }

    /// The change message with the new value in place of `%@`, or nil when the field has none.
    public var announcement: String? {
        guard let changeMessage, !changeMessage.isEmpty else { return nil }
        return changeMessage.replacingOccurrences(of: "%@", with: value)
    }
}

/// A place a pass is relevant at (`locations`).
public struct PassLocation: Equatable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    public var relevantText: String?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, relevantText: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.relevantText = relevantText
    }
}
