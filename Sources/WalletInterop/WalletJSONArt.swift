import CardArt
import Foundation
import WalletCore

/// The `art` list of the wallet JSON export: per card with art, its pass colors and its images
/// as base64 PNGs, so an export carries them back in.
///
/// ```json
/// "art":[{"card":"<card id>","foregroundColor":"#FFFFFF","labelColor":null,
///         "images":[{"role":"logo","width":480,"height":150,"png":"iVBORw0..."}]}]
/// ```
/// Read back, every image goes through ``CardImageIntake`` like any untrusted image (bounded,
/// decoded, re-encoded); a bad one fails the import, naming its place in the file. Roles this
/// wallet does not know are skipped (a newer wallet's export).
enum WalletJSONArt {
    /// One entry of the list (absent colors written as `null`, as the card JSON writes them).
    struct Entry: Codable {
        var card: String
        var foregroundColor: String?
        var labelColor: String?
        var images: [Image]

        private enum CodingKeys: String, CodingKey { case card, foregroundColor, labelColor, images }

        init(card: String, foregroundColor: String?, labelColor: String?, images: [Image]) {
            (self.card, self.foregroundColor, self.labelColor, self.images) = (card, foregroundColor, labelColor, images)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(card, forKey: .card)
            try container.encode(foregroundColor, forKey: .foregroundColor)
            try container.encode(labelColor, forKey: .labelColor)
            try container.encode(images, forKey: .images)
        }
    }

    /// One image of an entry.
    struct Image: Codable {
        var role: String
        var width: Int
        var height: Int
        var png: String
    }

    /// The `,"art":[...]` member for `archive` (cards in archive order), or nothing when no card has art.
    static func encoded(_ archive: WalletArchive) throws -> Data {
        let entries = archive.cards.compactMap { card -> Entry? in
            guard let art = archive.art[card.id], !art.isEmpty else { return nil }
            return Entry(
                card: card.id.lowercasedText, foregroundColor: art.foregroundColor, labelColor: art.labelColor,
                images: art.images.keys.sorted().map { role in
                    let image = art.images[role]!
                    return Image(
                        role: role.rawValue, width: image.width, height: image.height, png: image.png.base64EncodedString())
                })
        }
        guard !entries.isEmpty else { return Data() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var data = Data(",\n\"art\":[".utf8)
        for (index, entry) in entries.enumerated() {
            data.append(contentsOf: (index == 0 ? "\n" : ",\n").utf8)
            data.append(try encoder.encode(entry))
        }
        data.append(contentsOf: "]".utf8)
        return data
    }

    /// The art of `entries`, for cards among `ids`, taken in through `intake`.
    static func decoded(
        _ entries: [Entry], ids: Set<UUID>, intake: CardImageIntake = CardImageIntake()
    ) throws(LocatedProblem) -> [UUID: CardArtwork] {
        var result: [UUID: CardArtwork] = [:]
        for (index, entry) in entries.enumerated() {
            let path = "art[\(index)]"
            guard let id = UUID(uuidString: entry.card), ids.contains(id) else {
                throw LocatedProblem(.unknownCardReference(entry.card), at: .jsonPath("\(path).card"))
            }
            var art = CardArtwork()
            for (key, value, keyPath) in [
                ("foregroundColor", entry.foregroundColor, \CardArtwork.foregroundColor),
                ("labelColor", entry.labelColor, \CardArtwork.labelColor),
            ] {
                guard let value else { continue }
                guard let color = CardColor.normalized(value) else {
                    throw LocatedProblem(.invalidColor(value), at: .jsonPath("\(path).\(key)"))
                }
                art[keyPath: keyPath] = color
            }
            for (imageIndex, image) in entry.images.enumerated() {
                guard let role = CardImageRole(rawValue: image.role) else { continue }
                let place = "\(path).images[\(imageIndex)]"
                guard let bytes = Data(base64Encoded: image.png) else {
                    throw LocatedProblem(.invalidCard("\(role.rawValue) image is not base64"), at: .jsonPath("\(place).png"))
                }
                do {
                    art.images[role] = try intake.image(bytes, name: "\(place).png", role: role)
                } catch {
                    throw LocatedProblem(.invalidCard(error.description), at: .jsonPath("\(place).png"))
                }
            }
            result[id] = art
        }
        return result
    }
}
