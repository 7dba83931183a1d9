import Foundation
import ZipArchive

/// A pass's translations: `<language>.lproj/pass.strings` members of the `.pkpass`, Apple's
/// `"key" = "value";` strings files (UTF-16 with a byte order mark, or UTF-8), read with
/// Foundation's property-list reader. A localized pass writes keys where text goes (`logoText`,
/// field labels and values); the strings of the chosen language replace them.
///
/// The language: the first of the user's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as
/// gettext orders them) the pass has, matched by full tag (`pt-BR`) and then by language (`pt`),
/// else English, else the first the pass has.
public struct PKPassStrings: Sendable {
    static let fileName = "pass.strings"
    let table: [String: String]

    /// The text for `key`, or `key` itself when the table has none.
    func localized(_ key: String?) -> String? {
        guard let key else { return nil }
        return table[key] ?? key
    }

    /// The user's languages from the environment, most preferred first (`de_DE.UTF-8` → `de-DE`).
    public static func preferredLanguages(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var languages: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty { languages += list.split(separator: ":").map(String.init) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                languages.append(value)
                break
            }
        }
        return languages.compactMap { tag in
            let bare = tag.split(separator: ".").first.map(String.init) ?? tag
            let cleaned = (bare.split(separator: "@").first.map(String.init) ?? bare).replacingOccurrences(of: "_", with: "-")
            return cleaned.isEmpty || cleaned == "C" || cleaned == "POSIX" ? nil : cleaned
        }
    }

    /// The `.lproj` folder to use among `available` (folder names without `.lproj`).
    static func choose(from available: [String], preferred: [String]) -> String? {
        let lowered = available.map { $0.lowercased() }
        for tag in preferred.map({ $0.lowercased() }) {
            if let exact = lowered.firstIndex(of: tag) { return available[exact] }
            let language = tag.split(separator: "-").first.map(String.init) ?? tag
            if let same = lowered.firstIndex(where: { $0 == language || $0.hasPrefix(language + "-") }) { return available[same] }
        }
        if let english = lowered.firstIndex(where: { $0 == "en" || $0.hasPrefix("en-") }) { return available[english] }
        return available.sorted().first
    }

    /// The strings of the chosen language in `zip` (an empty table when the pass has none).
    static func load(from zip: ZipContainer, preferred: [String]) throws(LocatedProblem) -> PKPassStrings {
        var folders: [String: String] = [:]
        for path in zip.filePaths {
            let parts = path.split(separator: "/")
            guard parts.count >= 2, parts.last == Substring(fileName), parts[parts.count - 2].hasSuffix(".lproj") else {
                continue
            }
            let folder = String(parts[parts.count - 2].dropLast(".lproj".count))
            if folders[folder] == nil { folders[folder] = path }
        }
        guard let language = choose(from: Array(folders.keys), preferred: preferred), let path = folders[language] else {
            return PKPassStrings(table: [:])
        }
        let data = try zip.member(path, limit: .passStrings)
        do {
            return PKPassStrings(table: try parse(data))
        } catch {
            throw LocatedProblem(error.problem, at: .entry(path, line: nil))
        }
    }

    /// The key-value table of a strings file.
    static func parse(_ data: Data) throws(LocatedProblem) -> [String: String] {
        guard let text = decode(data) else { throw LocatedProblem(.notUTF8) }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        } catch {
            throw LocatedProblem(.invalidJSON("not a strings file (\"key\" = \"value\"; lines): \(error.localizedDescription)"))
        }
        guard let table = parsed as? [String: String] else {
            throw LocatedProblem(.invalidJSON("not a strings file (\"key\" = \"value\"; lines)"))
        }
        return table
    }

    /// The file's text: UTF-16 when it starts with a byte order mark, else UTF-8 (BOM optional).
    private static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(2))
        if bytes == [0xFF, 0xFE] { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes == [0xFE, 0xFF] { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        return String(data: body, encoding: .utf8)
    }
}

extension PassJSON {
    /// The pass with its texts looked up in `strings`.
    func localized(with strings: PKPassStrings) -> PassJSON {
        guard !strings.table.isEmpty else { return self }
        var pass = self
        pass.organizationName = strings.localized(organizationName)
        pass.logoText = strings.localized(logoText)
        pass.description = strings.localized(description)
        pass.barcodes = barcodes?.map { $0.localized(with: strings) }
        pass.barcode = barcode?.localized(with: strings)
        pass.storeCard = storeCard?.localized(with: strings)
        pass.coupon = coupon?.localized(with: strings)
        pass.generic = generic?.localized(with: strings)
        pass.eventTicket = eventTicket?.localized(with: strings)
        pass.boardingPass = boardingPass?.localized(with: strings)
        return pass
    }
}

extension PassBarcode {
    /// `altText` translated; the message is what the barcode encodes and stays as it is.
    func localized(with strings: PKPassStrings) -> PassBarcode {
        var barcode = self
        barcode.altText = strings.localized(altText)
        return barcode
    }
}

extension PassStructure {
    func localized(with strings: PKPassStrings) -> PassStructure {
        func translate(_ fields: [PassField]?) -> [PassField]? {
            fields?.map { field in
                var field = field
                field.label = strings.localized(field.label)
                if case .text(let text) = field.value { field.value = .text(strings.localized(text) ?? text) }
                return field
            }
        }
        var structure = self
        structure.headerFields = translate(headerFields)
        structure.primaryFields = translate(primaryFields)
        structure.secondaryFields = translate(secondaryFields)
        structure.auxiliaryFields = translate(auxiliaryFields)
        structure.backFields = translate(backFields)
        return structure
    }
}
