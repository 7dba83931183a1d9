internal import CWalletWindowAPI
import Foundation

/// The app's window on a desktop (GTK 4): a card with its barcode full-size, or the overview of
/// all cards where clicking one shows it. Esc or q closes it.
public enum CardWindow {
    /// What the window reports while it runs.
    public enum Event: Equatable, Sendable {
        /// A card page (its index) or the overview (nil) is on screen; `moduleSize` is the barcode's
        /// device pixels per module (0: no barcode).
        case shown(card: Int?, moduleSize: Int)
        /// The person picked this card in the overview.
        case opened(card: Int)
    }

    /// True when the environment names a display to connect to (X11 or Wayland).
    public static var displayIsNamed: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Connects to the display, so a command can fail before it changes anything.
    public static func connect() throws(CardWindowError) {
        guard try WindowLibrary.load().openDisplay() == 1 else { throw .noDisplay }
    }

    /// Shows `cards` (the overview when `start` is nil, else that card) until the window closes.
    public static func run(
        _ cards: [WindowCard], start: Int?, title: String, onEvent: @escaping (Event) -> Void
    ) throws(CardWindowError) {
        let library = try WindowLibrary.load()
        let box = EventBox(onEvent)
        let storage = CardStorage(cards)
        let status = storage.withCards { pointer, count in
            library.run(
                pointer, Int32(count), Int32(start ?? -1), title,
                { context, event, index, moduleSize in
                    guard let context else { return }
                    let box = Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue()
                    switch event {
                    case WALLET_WINDOW_OPENED: box.handler(.opened(card: Int(index)))
                    default: box.handler(.shown(card: index >= 0 ? Int(index) : nil, moduleSize: Int(moduleSize)))
                    }
                },
                Unmanaged.passUnretained(box).toOpaque())
        }
        withExtendedLifetime(box) {}
        guard status == 0 else { throw .noDisplay }
    }

    /// Holds the event handler while C holds a pointer to it.
    private final class EventBox {
        let handler: (Event) -> Void
        init(_ handler: @escaping (Event) -> Void) { self.handler = handler }
    }
}

/// The cards as C structs, with the strings and modules they point to owned here and freed in deinit.
private final class CardStorage {
    private var cards: [wallet_window_card] = []
    private var allocations: [UnsafeMutableRawPointer] = []

    init(_ windowCards: [WindowCard]) {
        cards = windowCards.map { card in
            wallet_window_card(
                store: text(card.store), number: text(card.number), details: text(card.details.joined(separator: "\n")),
                modules: card.modules.isEmpty ? nil : bytes(card.modules.map { $0 ? 1 : 0 }),
                columns: Int32(card.columns), rows: Int32(card.rows), bar_height_modules: Int32(card.barHeightModules),
                color: card.color, favorite: card.favorite ? 1 : 0,
                logo_png: card.logo.map { bytes(Array($0)) }, logo_png_length: Int32(card.logo?.count ?? 0))
        }
    }

    deinit {
        allocations.forEach { $0.deallocate() }
    }

    func withCards<T>(_ body: (UnsafePointer<wallet_window_card>?, Int) -> T) -> T {
        cards.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }

    /// A NUL-terminated copy of `string` that lives as long as the storage.
    private func text(_ string: String) -> UnsafePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        copy.initialize(from: utf8, count: utf8.count)
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    private func bytes(_ values: [UInt8]) -> UnsafePointer<UInt8> {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, values.count))
        copy.initialize(from: values, count: values.count)
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }
}
