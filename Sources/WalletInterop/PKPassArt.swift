import CardArt
import Foundation
import WalletCore

/// A pass's images and text colors, read beside its `pass.json` (kept apart from
/// ``PKPassReader``'s fields so the two evolve separately).
///
/// Images: `logo`, `icon`, `strip` and `thumbnail`, each the largest variant the pass carries
/// (`x@3x.png`, else `x@2x.png`, else `x.png`, in the directory of `pass.json`), taken in through
/// ``CardImageIntake`` (bounded, scaled to the role, re-encoded). Colors: `foregroundColor` and
/// `labelColor` in the syntaxes `backgroundColor` accepts (``ColorEncodings/hex(passColor:)``).
/// A broken image or an unreadable color is a warning and the card comes in without it.
enum PKPassArt {
    /// The pass images the wallet keeps, by their file name in the pass.
    static let roles: [CardImageRole] = [.logo, .icon, .strip, .thumbnail]

    /// `archive` (the one card read from `passJSON`, at `entry` in `zip`) with the pass's art.
    static func adding(
        to archive: WalletArchive, from zip: some ZipMembers, passJSON: Data, entry: String,
        intake: CardImageIntake = CardImageIntake()
    ) -> WalletArchive {
        guard let card = archive.cards.first else { return archive }
        var result = archive
        var art = CardArt()
        let directory = entry.contains("/") ? String(entry[...entry.lastIndex(of: "/")!]) : ""
        let paths = Set(zip.filePaths)
        for role in roles {
            guard let name = bestVariant(of: role.rawValue, in: paths, directory: directory) else { continue }
            do {
                art.images[role] = try intake.image(try zip.contents(of: name), name: name, role: role)
            } catch let error as LocatedProblem {
                result.warnings.append(ImportWarning(location: .entry(name, line: nil), message: "\(error.problem): pass imported without its \(role.rawValue)"))
            } catch {
                result.warnings.append(ImportWarning(location: nil, message: "\(error): pass imported without its \(role.rawValue)"))
            }
        }
        let colors = (try? JSONSerialization.jsonObject(with: passJSON)) as? [String: Any] ?? [:]
        for (key, path) in [("foregroundColor", \CardArt.foregroundColor), ("labelColor", \CardArt.labelColor)] {
            guard let value = colors[key] else { continue }
            if let text = value as? String, let hex = ColorEncodings.hex(passColor: text) {
                art[keyPath: path] = hex
            } else {
                result.warnings.append(ImportWarning(
                    location: .entry(entry, line: nil),
                    message: "\(key) \(String(describing: value).prefix(40)) is not a color (rgb(r, g, b) or #RRGGBB): left out"))
            }
        }
        if !art.isEmpty { result.art[card.id] = art }
        return result
    }

    /// `name@3x.png`, else `name@2x.png`, else `name.png` in `directory`, whichever exists first.
    static func bestVariant(of name: String, in paths: Set<String>, directory: String) -> String? {
        ["@3x", "@2x", ""].map { directory + name + $0 + ".png" }.first(where: paths.contains)
    }
}
