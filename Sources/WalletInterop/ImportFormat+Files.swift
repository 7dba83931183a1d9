/// What `card import`'s help and the shells' file completion say about each format, derived
/// from ``ImportFormat`` so that a format added there is offered everywhere at once.
extension ImportFormat {
    /// The application whose export this is, as a person names it.
    public var application: String {
        switch self {
        case .catimaCSV, .catimaZip: "Catima"
        case .pkpass, .pkpasses: "Apple Wallet"
        case .walletJSON: "this wallet"
        case .voucherVault: "Voucher Vault"
        case .fidMe: "FidMe"
        }
    }

    /// The file name extension such a file usually has (the format is still read from the
    /// content, never from the name).
    public var fileExtension: String {
        switch self {
        case .catimaCSV: "csv"
        case .catimaZip, .fidMe: "zip"
        case .pkpass: "pkpass"
        case .pkpasses: "pkpasses"
        case .walletJSON, .voucherVault: "json"
        }
    }

    /// Every format's extension once, in the order of `allCases`: what the shells complete.
    public static var fileExtensions: [String] {
        allCases.map(\.fileExtension).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// "Catima (.csv/.zip), Apple Wallet (.pkpass/.pkpasses), this wallet (.json), Voucher Vault
    /// (.json) or FidMe (.zip)": each application once, in the order of `allCases`, with its
    /// extensions.
    public static var applicationList: String {
        var applications: [(name: String, extensions: [String])] = []
        for format in allCases {
            if let index = applications.firstIndex(where: { $0.name == format.application }) {
                applications[index].extensions.append(format.fileExtension)
            } else {
                applications.append((format.application, [format.fileExtension]))
            }
        }
        let named = applications.map { "\($0.name) (\($0.extensions.map { "." + $0 }.joined(separator: "/")))" }
        return named.dropLast().joined(separator: ", ") + (named.count > 1 ? " or " : "") + (named.last ?? "")
    }
}
