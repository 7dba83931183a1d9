import CardArt
import Foundation
import WalletCore
import ZipArchive

/// Catima's card images inside its export zip: `card_<_id>_front.png`, `card_<_id>_back.png` and
/// `card_<_id>_icon.png` at the top level (Catima's `Utils.getCardImageFileName`, written by its
/// `CatimaExporter` for each `ImageLocationType`). They become the card's front, back and icon.
enum CatimaArt {
    /// Catima's side names and the roles they become, in Catima's order.
    static let sides: [(name: String, role: CardImageRole)] = [("front", .front), ("back", .back), ("icon", .icon)]

    /// The member name of a card's image.
    static func memberName(catimaID: String, side: String) -> String { "card_\(catimaID)_\(side).png" }

    /// Takes in the images `zip` holds for the cards of `archive` (by their Catima `_id`). An image
    /// that cannot be read is a warning and the card comes in without it, as a pass's would.
    static func read(into archive: inout WalletArchive, from zip: some ZipMembers, intake: CardImageIntake = CardImageIntake()) {
        let paths = Set(zip.filePaths)
        for card in archive.cards {
            guard let catimaID = archive.sourceIDs[card.id] else { continue }
            for side in sides {
                let name = memberName(catimaID: catimaID, side: side.name)
                guard paths.contains(name) else { continue }
                do {
                    let data = try zip.member(name)
                    archive.art[card.id, default: .none].images[side.role] = try intake.image(data, name: name, role: side.role)
                } catch let error as LocatedProblem {
                    archive.warnings.append(
                        ImportWarning(location: .entry(name, line: nil), message: "\(error.problem): card imported without it"))
                } catch {
                    archive.warnings.append(ImportWarning(location: nil, message: "\(error): card imported without it"))
                }
            }
        }
    }

    /// The zip members for the images of `archive`'s cards, numbered as ``CatimaCSVWriter``
    /// numbers them (1, 2, ... in archive order).
    static func members(of archive: WalletArchive) -> [(String, Data)] {
        var members: [(String, Data)] = []
        for (offset, card) in archive.cards.enumerated() {
            guard let art = archive.art[card.id] else { continue }
            for side in sides {
                guard let image = art.images[side.role] else { continue }
                members.append((memberName(catimaID: String(offset + 1), side: side.name), image.png))
            }
        }
        return members
    }
}
