import CardArt
import Foundation
import WalletCore
import ZipArchive

/// A pass's images and text colors, read beside its `pass.json` (kept apart from
/// ``PKPassReader``'s fields so the two evolve separately).
///
/// Images: `logo`, `icon`, `strip` and `thumbnail`, each the largest variant the pass carries
/// (`x@3x.png`, else `x@2x.png`, else `x.png`), from the `.lproj` folder of the user's language
/// (chosen as ``PKPassStrings`` chooses it) when it has the image, else beside `pass.json`, taken in through
/// ``CardImageIntake`` (bounded, scaled to the role, re-encoded). Colors: `foregroundColor` and
/// `labelColor` in the syntaxes `backgroundColor` accepts (``ColorEncodings/hex(passColor:)``).
/// A broken image or an unreadable color is a warning and the card comes in without it.
enum PKPassArt {
    /// The pass images the wallet keeps, by their file name in the pass.
    static let roles: [CardImageRole] = [.logo, .icon, .strip, .thumbnail]

    /// `archive` (the one card read from `passJSON`, at `entry` in `zip`) with the pass's art.
    static func adding(
        to archive: WalletArchive, from zip: some ZipMembers, passJSON: Data, entry: String, languages: [String],
        intake: CardImageIntake = CardImageIntake()
    ) -> WalletArchive {
        guard let card = archive.cards.first else { return archive }
        var result = archive
        var art = CardArtwork()
        let directory = entry.contains("/") ? String(entry[...entry.lastIndex(of: "/")!]) : ""
        let paths = Set(zip.filePaths)
        let directories = imageDirectories(in: paths, directory: directory, languages: languages)
        for role in roles {
            guard let name = directories.lazy.compactMap({ bestVariant(of: role.rawValue, in: paths, directory: $0) }).first
            else { continue }
            do {
                art.images[role] = try intake.image(try zip.member(name), name: name, role: role)
            } catch let error as LocatedProblem {
                result.warnings.append(
                    ImportWarning(
                        location: .entry(name, line: nil), message: "\(error.problem): pass imported without its \(role.rawValue)"
                    ))
            } catch {
                result.warnings.append(
                    ImportWarning(location: nil, message: "\(error): pass imported without its \(role.rawValue)"))
            }
        }
        let colors = (try? JSONSerialization.jsonObject(with: passJSON)) as? [String: Any] ?? [:]
        for (key, path) in [("foregroundColor", \CardArtwork.foregroundColor), ("labelColor", \CardArtwork.labelColor)] {
            guard let value = colors[key] else { continue }
            if let text = value as? String, let hex = ColorEncodings.hex(passColor: text) {
                art[keyPath: path] = hex
            } else {
                result.warnings.append(
                    ImportWarning(
                        location: .entry(entry, line: nil),
                        message:
                            "\(key) \(String(describing: value).prefix(40)) is not a color (rgb(r, g, b) or #RRGGBB): left out"))
            }
        }
        if !art.isEmpty { result.art[card.id] = art }
        return result
    }

    /// Where images are looked for, first match winning: the chosen language's `.lproj` folder
    /// in `directory` (when the pass has any), then `directory` itself.
    static func imageDirectories(in paths: Set<String>, directory: String, languages: [String]) -> [String] {
        var folders: Set<String> = []
        for path in paths where path.hasPrefix(directory) {
            let parts = path.dropFirst(directory.count).split(separator: "/")
            if parts.count == 2, parts[0].hasSuffix(".lproj") { folders.insert(String(parts[0].dropLast(".lproj".count))) }
        }
        guard let language = PKPassStrings.choose(from: folders.sorted(), preferred: languages) else { return [directory] }
        return [directory + language + ".lproj/", directory]
    }

    /// `name@3x.png`, else `name@2x.png`, else `name.png` in `directory`, whichever exists first.
    static func bestVariant(of name: String, in paths: Set<String>, directory: String) -> String? {
        ["@3x", "@2x", ""].map { directory + name + $0 + ".png" }.first(where: paths.contains)
    }
}
