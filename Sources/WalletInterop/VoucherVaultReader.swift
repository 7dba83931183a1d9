import Barcodes
import Foundation
import WalletCore

/// Reads a Voucher Vault export (a JSON array of vouchers), mapped as Catima's
/// `VoucherVaultImporter` maps it: `description` is the store, `code` the number, `codeType`
/// (`CODE128`, `CODE39`, `EAN13`, `PDF417`, `QR`, or `TEXT` for none) the format, `expires`
/// (`yyyy-MM-dd'T'HH:mm:ss.SSS`, UTC) the expiry, `balanceMilliunits` (else `balance`) a USD
/// balance (Voucher Vault has no currency; Catima assumes dollars), `color` one of Voucher
/// Vault's seven names (Android's color constants, as Catima sets them).
public struct VoucherVaultReader: Sendable {
    /// Creation date given to the imported cards.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// True for a JSON array whose first element has Voucher Vault's `description` and
    /// `codeType` keys (only that element is decoded).
    static func looksLikeVoucherVault(_ data: Data) -> Bool {
        let scanner = JSONScanner(data: data)
        var first: Range<Int>?
        _ = try? scanner.forEachElement(ofArrayAt: scanner.skipSpace(0), path: "") { _, range in
            first = range
            return false
        }
        guard let first, let probe = try? JSONDecoder().decode(VoucherProbe.self, from: scanner.slice(first)) else {
            return false
        }
        return probe.description != nil && probe.codeType != nil
    }

    static let formats: [String: Symbology?] = [
        "CODE128": .code128, "CODE39": .code39, "EAN13": .ean13, "PDF417": .pdf417, "QR": .qr, "TEXT": nil,
    ]
    static let colors: [String: String] = [
        "GREY": "#888888", "BLUE": "#0000FF", "GREEN": "#00FF00", "ORANGE": "#FFA500",
        "PURPLE": "#800080", "RED": "#FF0000", "YELLOW": "#FFFF00",
    ]

    /// Reads the vouchers of `data` from `file`.
    public func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            let scanner = JSONScanner(data: data)
            let start = scanner.skipSpace(0)
            var balances: [Int: String] = [:]
            try scanner.forEachElement(ofArrayAt: start, path: "") { (index, range) throws(LocatedProblem) in
                guard index < ImportLimits.maximumRecords else { return false }
                if scanner.byte(at: range.lowerBound) == UInt8(ascii: "{"),
                    let balance = try scanner.members(ofObjectAt: range.lowerBound, path: "[\(index)]").members.last(where: {
                        $0.key == "balance"
                    })
                {
                    balances[index] = scanner.text(balance.value)
                }
                return true
            }
            var archive = WalletArchive()
            try JSONChunks.decode(Voucher.self, arrayAt: start, in: scanner, path: "", limit: ImportLimits.maximumRecords) {
                (index, voucher) throws(LocatedProblem) in
                let location = SourceLocation.jsonPath("[\(index)]")
                do throws(LocatedProblem) {
                    archive.cards.append(try card(from: voucher, balanceText: balances[index], at: location))
                    archive.cardLocations.append(location)
                } catch {
                    throw LocatedProblem(error.problem, at: error.location ?? location)
                }
            }
            return archive
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    /// `balanceText`: the `balance` number as written (found by ``JSONScanner``), kept exactly.
    private func card(from voucher: Voucher, balanceText: String?, at location: SourceLocation) throws(LocatedProblem) -> Card {
        func at(_ key: String) -> SourceLocation { .jsonPath("\(location)." + key) }
        guard let format = Self.formats[voucher.codeType] else {
            throw LocatedProblem(.unknownBarcodeType(voucher.codeType), at: at("codeType"))
        }
        guard let color = Self.colors[voucher.color] else {
            throw LocatedProblem(.invalidColor(voucher.color), at: at("color"))
        }
        var balance: String?
        if let milliunits = voucher.balanceMilliunits {
            balance = "\(Decimal(milliunits) / 1000)"
        } else if let amount = voucher.balance {
            balance = try Self.exactBalance(balanceText, decoded: amount, at: at("balance"))
        }
        let card = Card(
            fields: CardFields(
                store: voucher.description, code: voucher.code, format: format, color: color,
                expiry: try expiry(voucher.expires, at: at("expires")), balance: balance,
                currency: balance == nil ? nil : "USD"),
            createdAt: now)
        try CardCheck.checkBarcode(of: card, at: at("code"))
        return card
    }

    /// The balance as written when it is plain digits (`Decimal` keeps 38 significant digits:
    /// a longer balance would be rounded); in exponent form, the decoded value when it has at
    /// most 38 significant digits, else refused.
    private static func exactBalance(
        _ text: String?, decoded: Decimal, at location: SourceLocation
    ) throws(LocatedProblem) -> String {
        guard let text else { return "\(decoded)" }
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : text[...]
        if CardValueRules.isDecimal(unsigned) { return text }
        let mantissa = unsigned.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        guard mantissa.count <= 38 else {
            throw LocatedProblem(.inexactNumber(field: "balance", digits: mantissa.count), at: location)
        }
        return "\(decoded)"
    }

    /// The calendar day (UTC) of Voucher Vault's `yyyy-MM-dd'T'HH:mm:ss.SSS`, nil when absent.
    private func expiry(_ text: String?, at location: SourceLocation) throws(LocatedProblem) -> String? {
        guard let text else { return nil }
        let day = String(text.prefix(10))
        guard text.count >= 10, CardDate.isValid(day), text.count == 10 || text.dropFirst(10).first == "T" else {
            throw LocatedProblem(.invalidDate(field: "expires", value: text), at: location)
        }
        return day
    }
}

/// One voucher of a Voucher Vault export.
private struct Voucher: Decodable {
    var description: String
    var code: String
    var codeType: String
    var color: String
    var expires: String?
    var balanceMilliunits: Int64?
    var balance: Decimal?
}

/// The keys that tell a Voucher Vault export apart from a wallet card array.
private struct VoucherProbe: Decodable {
    var description: String?
    var codeType: String?
}
