import Barcodes
import ZipArchive

/// Where in an imported file something went wrong: a CSV line, a zip entry, a JSON path.
public enum SourceLocation: Equatable, Sendable, CustomStringConvertible {
    /// A 1-based line of a CSV file (the line a record starts on).
    case line(Int)
    /// A member of a zip file, optionally with a line inside it.
    case entry(String, line: Int?)
    /// A key path inside a JSON document, e.g. `cards[3].store`.
    case jsonPath(String)

    public var description: String {
        switch self {
        case .line(let line): "line \(line)"
        case .entry(let name, let line?): "\(name) line \(line)"
        case .entry(let name, nil): name
        case .jsonPath(let path): path.isEmpty ? "top level" : path
        }
    }

    /// The same place seen from inside zip member `entry`.
    func inside(entry: String) -> SourceLocation {
        switch self {
        case .line(let line): .entry(entry, line: line)
        case .jsonPath(let path): .entry(path.isEmpty ? entry : "\(entry) at \(path)", line: nil)
        case .entry: self
        }
    }
}

/// Why an imported file cannot be read. Each case's ``description`` says what is wrong and how to fix it.
public enum ImportProblem: Equatable, Sendable, CustomStringConvertible {
    case cannotRead(String)
    case emptyFile
    case notUTF8
    case unrecognizedFormat
    /// An unterminated quoted field, or a quote in the wrong place.
    case badQuoting(String)
    case wrongColumnCount(found: Int, expected: Int)
    case missingColumns([String])
    case missingSection(String)
    case unexpectedSection(String)
    case unsupportedVersion(String)
    case requiredFieldEmpty(String)
    case duplicateCardID(String)
    case invalidNumber(field: String, value: String)
    /// A number with more significant digits than the wallet can read exactly (written with an
    /// exponent, so its digits cannot be kept as text either): refused rather than rounded.
    case inexactNumber(field: String, digits: Int)
    /// The members read from one file inflate to more than `InflateBudget` allows in all.
    case inflatesTooMuch(limit: UInt64)
    /// A zip with more members than `ZipContainer.maximumMembers`.
    case tooManyMembers(count: Int, limit: Int)
    case invalidCurrency(String)
    case invalidColor(String)
    case invalidDate(field: String, value: String)
    case unknownBarcodeType(String)
    /// A barcode type Catima knows but this wallet cannot draw (MAXICODE, RSS_14, RSS_EXPANDED).
    case unsupportedBarcodeType(String)
    case invalidCode(value: String, format: Symbology, reason: BarcodeError)
    case notAZip(String)
    case missingZipEntry([String])
    /// A member inflating to more than `limit` allows for its kind.
    case entryTooLarge(name: String, bytes: UInt64, limit: MemberLimit = .member)
    /// A password-protected zip read without a password.
    case encryptedZip
    /// A password that does not decrypt the zip: libzip's key check refused it (`certain`), or the
    /// data it decrypted to fails its CRC, authentication or deflate check, which after a
    /// ZipCrypto key check (passed by 1 wrong password in 256) usually means the same.
    case wrongPassword(detail: String, certain: Bool)
    /// A member encrypted with a method libzip cannot decrypt (PKWARE strong encryption, ...).
    case unsupportedEncryption(String)
    /// The file is larger than ``ImportLimits/maximumFileBytes``.
    case fileTooLarge(bytes: UInt64)
    /// More CSV records than ``ImportLimits/maximumRecords``.
    case tooManyRecords
    /// A CSV record with more fields than ``ImportLimits/maximumFieldsPerRecord``.
    case tooManyFields
    /// A CSV field longer than ``ImportLimits/maximumFieldBytes``.
    case fieldTooLong
    case invalidJSON(String)
    case passWithoutBarcode(foundFormats: [String])
    case passWithoutName
    case unknownCardReference(String)
    /// A field rule of the card model (store name, color, balance, ...).
    case invalidCard(String)

    public var description: String {
        switch self {
        case .cannotRead(let reason):
            return "cannot read the file (\(reason)): check the path"
        case .emptyFile:
            return "the file is empty: export again from the other wallet"
        case .notUTF8:
            return "the file is not UTF-8 text: save it as UTF-8"
        case .unrecognizedFormat:
            return
                "not a Catima CSV or zip, an Apple Wallet .pkpass or .pkpasses, a FidMe zip, a Voucher Vault or a wallet JSON export"
        case .badQuoting(let detail):
            return "bad quoting: \(detail) (quote fields containing commas, quotes or line breaks, and double inner quotes)"
        case .wrongColumnCount(let found, let expected):
            return "\(found) fields but the header has \(expected): check commas and quoting on this line"
        case .missingColumns(let names):
            return "the header lacks column\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
        case .missingSection(let name):
            return "no \(name) section: a Catima version 2 file has groups, cards and links sections separated by blank lines"
        case .unexpectedSection(let header):
            return "unexpected section header '\(header)': expected _id (groups), the cards header or cardId,groupId (links)"
        case .unsupportedVersion(let version):
            return "Catima file version \(version) is not supported: export from Catima as version 2 (or 1)"
        case .requiredFieldEmpty(let field):
            return "\(field) is empty but required"
        case .duplicateCardID(let id):
            return "card id \(id) appears twice: each card needs its own id"
        case .invalidNumber(let field, let value):
            return "\(field) '\(value)' is not a number"
        case .inflatesTooMuch(let limit):
            return
                "its zip members inflate to more than \(ImportLimits.megabytes(limit)) in all: no wallet export holds that much"
        case .tooManyMembers(let count, let limit):
            return "the zip holds \(count) members, more than \(limit): no wallet export holds that many"
        case .inexactNumber(let field, let digits):
            return "\(field) has \(digits) significant digits in exponent form, more than the 38 the wallet reads exactly: "
                + "write it as plain digits (e.g. 1234.50)"
        case .invalidCurrency(let value):
            return
                "balance type '\(value)' is not an ISO 4217 currency code (three letters such as EUR), leave it empty for points"
        case .invalidColor(let value):
            return "color '\(value)' is not understood: use a signed 32-bit ARGB integer, #RRGGBB or rgb(r, g, b)"
        case .invalidDate(let field, let value):
            return "\(field) '\(value)' is not a date"
        case .unknownBarcodeType(let name):
            let names = Symbology.allCases.map(\.catimaName).sorted().joined(separator: ", ")
            return "unknown barcode type '\(name)': use one of \(names), or leave it empty for no barcode"
        case .unsupportedBarcodeType(let name):
            return "barcode type \(name) is not supported by this wallet: change it in the other wallet or leave it empty"
        case .invalidCode(let value, let format, let reason):
            return "code '\(value)' is not valid \(format.catimaName): \(reason)"
        case .notAZip(let detail):
            return "not a readable zip archive (\(detail)): export the file again"
        case .missingZipEntry(let names):
            return "the zip holds no \(names.joined(separator: " or ")): it is not a Catima export or an Apple Wallet pass"
        case .encryptedZip:
            return "the zip is encrypted (password-protected): give its password with --password, --password-file "
                + "or WALLET_ZIP_PASSWORD, or export it again without a password"
        case .wrongPassword(let detail, certain: true):
            return "\(detail): give the password the zip was exported with"
        case .wrongPassword(let detail, certain: false):
            return "\(detail): the password is probably wrong (if it is right, the zip is damaged)"
        case .unsupportedEncryption(let detail):
            return "encrypted in a way this wallet cannot decrypt (\(detail)): export it again without a password, "
                + "or with Catima's own (compressed, AES) encryption"
        case .entryTooLarge(let name, let bytes, let limit):
            return "\(name) is \(bytes) bytes uncompressed, over the \(limit.shown) limit for \(limit.what): "
                + (limit == .member ? "no wallet export holds that much" : "no real pass holds that much")
        case .fileTooLarge(let bytes):
            return "the file is \(bytes) bytes, over the \(ImportLimits.megabytes(UInt64(ImportLimits.maximumFileBytes))) "
                + "import limit: no wallet export is that large (split it, or check it is the right file)"
        case .tooManyRecords:
            return "more than \(ImportLimits.maximumRecords) CSV records (lines): split the file"
        case .tooManyFields:
            return "more than \(ImportLimits.maximumFieldsPerRecord) fields on one line: check commas and quoting"
        case .fieldTooLong:
            return "a field is longer than \(ImportLimits.maximumFieldBytes) bytes: no card field is that long, check the quoting"
        case .invalidJSON(let detail):
            return "invalid JSON: \(detail)"
        case .passWithoutBarcode(let formats):
            let found = formats.isEmpty ? "none" : formats.joined(separator: ", ")
            return "the pass has no usable barcode (found: \(found)): supported are PKBarcodeFormatQR, "
                + "PKBarcodeFormatPDF417, PKBarcodeFormatAztec and PKBarcodeFormatCode128"
        case .passWithoutName:
            return "the pass has no name: neither logoText nor organizationName is set"
        case .unknownCardReference(let id):
            return "refers to card \(id), which is not in the file"
        case .invalidCard(let detail):
            return detail
        }
    }
}

/// An import that failed: the file, where in it, and why. Nothing was stored.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it.
    public var file: String
    public var location: SourceLocation?
    public var problem: ImportProblem

    public init(file: String, location: SourceLocation? = nil, problem: ImportProblem) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    public var description: String {
        let place = location.map { "\(file): \($0)" } ?? file
        if case .wrongPassword = problem { return "wrong password for \(place): \(problem); nothing was imported" }
        return "cannot import \(place): \(problem); nothing was imported"
    }
}

/// A problem found while reading one part of a file; the reader adds the file name.
struct LocatedProblem: Error, Equatable {
    var location: SourceLocation?
    var problem: ImportProblem

    init(_ problem: ImportProblem, at location: SourceLocation? = nil) {
        self.problem = problem
        self.location = location
    }

    /// The same problem, located inside zip member `entry`.
    func inside(entry: String) -> LocatedProblem {
        LocatedProblem(problem, at: location?.inside(entry: entry) ?? .entry(entry, line: nil))
    }
}
