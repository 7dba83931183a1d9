import Barcodes
import Foundation
import WalletCore

/// Catima's share links, both ways: `https://catima.app/share#<fragment>`.
///
/// The format, from Catima's `ImportURIHelper`: the fragment is `key=value` pairs joined with
/// `&`, each value encoded like Java's `URLEncoder` (space as `+`, everything but letters, digits
/// and `.-*_` as `%XX` of its UTF-8 bytes), and the whole fragment encoded once more like
/// Android's `Uri.encode` (so `=` and `&` travel as `%3D` and `%26`). Keys: `store`, `note`,
/// `balance`, `balancetype` (ISO 4217; absent for points), `validfrom` and `expiry`
/// (milliseconds since 1970), `cardid` (the number), `barcodeid` (what the barcode encodes, when
/// it differs), `barcodetype` (Catima's names such as `EAN_13`) and `headercolor` (signed ARGB).
/// Older links carry the same keys as query parameters; those are read too, the fragment wins.
/// Catima reads links of three hosts (its site and the two it had before).
public struct CatimaShareLink: Sendable {
    /// Host and path of the links Catima accepts; the first is the one it writes.
    static let places: [(host: String, path: String)] = [
        ("catima.app", "/share"), ("thelastproject.github.io", "/Catima/share"),
        ("brarcher.github.io", "/loyalty-card-locker/share"),
    ]
    /// Longest link read: a card with a long note fits many times over.
    public static let maxLength = 64 * 1024

    let values: CatimaValues

    /// Links whose expiry days are calendar days in `timeZone` (the phone's, as in Catima's exports).
    public init(timeZone: TimeZone = .current) {
        values = CatimaValues(timeZone: timeZone)
    }

    /// The share link for `card`, as Catima writes it (star status, groups and usage are not shared).
    public func link(for card: Card) -> String {
        var pairs: [(String, String)] = [("store", card.store), ("note", card.note), ("balance", card.balance ?? "0")]
        let balanceType = CatimaValues.balanceType(card.currency)
        if !balanceType.isEmpty { pairs.append(("balancetype", balanceType)) }
        if card.expiry != nil { pairs.append(("expiry", values.milliseconds(day: card.expiry))) }
        pairs.append(("cardid", card.code))
        if let value = card.barcodeValue { pairs.append(("barcodeid", value)) }
        if let format = card.format { pairs.append(("barcodetype", format.catimaName)) }
        if let color = ColorEncodings.androidColor(hex: card.color) { pairs.append(("headercolor", String(color))) }
        let fragment = pairs.map { "\($0)=\(ShareLinkEncoding.formEncoded($1))" }.joined(separator: "&")
        let place = Self.places[0]
        return "https://\(place.host)\(place.path)#" + ShareLinkEncoding.uriEncoded(fragment)
    }

    /// The card a share link describes, checked like an imported Catima row (new id, created `now`).
    public func card(from link: String, now: Date) throws(ShareLinkError) -> Card {
        let fields = try Self.fields(of: link)
        func text(_ key: String) -> String? { fields[key].flatMap { $0.isEmpty ? nil : $0 } }
        guard let store = text("store") else { throw .missingField("store") }
        guard let code = text("cardid") else { throw .missingField("cardid") }
        let card: Card
        do throws(LocatedProblem) {
            var balance = try CatimaValues.balance(fields["balance"] ?? "")
            let currency = try CatimaValues.currency(fields["balancetype"] ?? "")
            if currency == nil, let amount = balance, CatimaValues.isZero(amount) { balance = nil }
            if currency != nil, balance == nil { balance = "0" }
            let color: String
            if let colorText = text("headercolor") {
                guard let android = Int32(colorText) else { throw LocatedProblem(.invalidColor(colorText)) }
                color = ColorEncodings.hex(androidColor: android)
            } else {
                color = CardColor.derived(fromStore: store)
            }
            let barcodeID = text("barcodeid")
            card = Card(
                fields: CardFields(
                    store: store, code: code, barcodeValue: barcodeID == code ? nil : barcodeID,
                    format: try CatimaCardRow.symbology(fields["barcodetype"] ?? ""), color: color,
                    note: CatimaCardRow.unixLineEnds(fields["note"] ?? ""),
                    expiry: try values.day(fields["expiry"] ?? "", field: "expiry"), balance: balance,
                    currency: currency),
                createdAt: now)
            try CardCheck.checkBarcode(of: card, at: .jsonPath(""))
        } catch {
            throw .invalidValue(error.problem)
        }
        do {
            return try card.validated()
        } catch {
            throw .invalidValue(.invalidCard(error.description))
        }
    }

    /// True when `argument` looks like a web link (so `card import` treats it as one, not a file).
    public static func looksLikeLink(_ argument: String) -> Bool {
        let lowered = argument.prefix(8).lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    /// The decoded key-value pairs of a share link: query parameters, then the fragment's.
    static func fields(of link: String) throws(ShareLinkError) -> [String: String] {
        guard link.utf8.count <= maxLength else { throw .tooLong(bytes: link.utf8.count) }
        guard let components = URLComponents(string: link.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased()
        else { throw .notALink }
        let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        guard places.contains(where: { $0.host == host && $0.path == path }) else {
            throw .notCatima(host: host, path: components.path)
        }
        var fields: [String: String] = [:]
        for item in components.percentEncodedQueryItems ?? [] {
            // Android's getQueryParameter decodes `+` as a space, like a form.
            guard let name = ShareLinkEncoding.formDecoded(item.name), let value = ShareLinkEncoding.formDecoded(item.value ?? "")
            else { throw .badEncoding }
            fields[name] = value
        }
        if let fragment = components.percentEncodedFragment, !fragment.isEmpty {
            guard let pairs = ShareLinkEncoding.percentDecoded(fragment) else { throw .badEncoding }
            for pair in pairs.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let value = ShareLinkEncoding.formDecoded(String(parts[1])) else {
                    throw .badEncoding
                }
                fields[String(parts[0])] = value
            }
        }
        return fields
    }
}

/// Why a share link cannot become a card. Each ``description`` is one line saying what to fix.
public enum ShareLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(bytes: Int)
    case notALink
    case notCatima(host: String, path: String)
    case badEncoding
    case missingField(String)
    case invalidValue(ImportProblem)

    public var description: String {
        let prefix = "cannot import the share link: "
        switch self {
        case .tooLong(let bytes):
            return prefix + "\(bytes) bytes is longer than any card's link (\(CatimaShareLink.maxLength) at most)"
        case .notALink:
            return prefix + "not a web link; copy the whole https://catima.app/share#... link"
        case .notCatima(let host, let path):
            return prefix + "\(host)\(path) is not a Catima share link (https://catima.app/share#...)"
        case .badEncoding:
            return prefix + "its card data is garbled (bad % escapes or a part without '='); copy the link again"
        case .missingField(let name):
            return prefix + "it has no \(name); copy the whole link, the card data follows the #"
        case .invalidValue(let problem):
            return prefix + "\(problem)"
        }
    }
}
