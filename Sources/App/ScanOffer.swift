import Barcodes
import Scanning

/// What a scanned file (or a camera reading) offers the add page, through the same choice as
/// `wallet card add --scan` (``ScanChoice``): the one code, a list to choose from when there are
/// several (`--pick`), a question when the chosen reading was seen once only (`--confirm`), or
/// the CLI's one-line refusal.
struct ScanOffer {
    /// One code found, as the list shows it.
    struct Entry: Equatable {
        /// Its number in the scan (1-based), as `--pick` counts.
        var number: Int
        /// Its format's name ("EAN-13", "QR code"; the reader's name for formats the wallet cannot store).
        var format: String
        /// Its human form (``ScannedBarcode/display``).
        var text: String
        /// Why it cannot become a card (nil when it can): the CLI's refusal.
        var refusal: String?
        /// Its PDF page, nil for an image.
        var page: Int?

        /// The button's accessible name: the format and the code as read ("EAN-13 4006381333931").
        var name: String { "\(format) \(text)" }
    }

    /// Where the scan leads.
    enum Outcome: Equatable {
        /// The code to fill the form with.
        case chosen(ScannedCode)
        /// Several codes: the person chooses one.
        case choose([Entry])
        /// The reading with this number was seen by one reader only: the person compares it
        /// with the number printed under the bars first.
        case confirm(Entry)
        /// Nothing can be added from it: the CLI's message.
        case refused(String)
    }

    /// The codes found, in the scan's order.
    let found: [ScannedBarcode]
    /// The file's name in messages.
    let file: String

    /// What the scan leads to before anything is chosen: the only code, or the list.
    var outcome: Outcome {
        found.count > 1 ? .choose(entries) : pick(nil)
    }

    /// Every code found, with why it cannot be stored where it cannot.
    var entries: [Entry] {
        found.enumerated().map { index, barcode in
            var refusal: String?
            do throws(ScanChoiceError) {
                _ = try ScanChoice.storable(barcode, path: file)
                if barcode.disputed { throw .disputed(path: file, summary: ScanChoice.summary(of: [barcode])) }
            } catch {
                refusal = error.description
            }
            return Entry(
                number: index + 1, format: barcode.format.symbology.map(CardForm.title) ?? barcode.format.name,
                text: barcode.display, refusal: refusal, page: barcode.page)
        }
    }

    /// Code `number` (1-based; nil: the only one), `confirmed` when the person compared it
    /// with the printed number.
    func pick(_ number: Int?, confirmed: Bool = false) -> Outcome {
        do throws(ScanChoiceError) {
            return .chosen(try ScanChoice.card(from: found, pick: number, confirmed: confirmed, path: file))
        } catch .unconfirmed(_, _, let pick) {
            return .confirm(entries[pick - 1])
        } catch {
            return .refused(error.description)
        }
    }
}
