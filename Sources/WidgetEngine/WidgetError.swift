public import FileOutput

/// Why a widget operation failed. Each ``description`` is one line saying what is wrong and how to fix it.
public enum WidgetError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownFamily(String)
    case unknownMode(String)
    case unknownDevice(String, known: [String])
    /// A `--cards` reference matches no card.
    case unknownCard(String)
    /// A `--cards` reference matches several cards (by id prefix or store name).
    case ambiguousCard(String, matches: Int)
    /// Archived cards are not offered to widgets.
    case archivedCard(String)
    case tooManyCards(WidgetFamily, count: Int)
    case unknownWidget(String)
    case ambiguousWidget(String, matches: Int)
    /// The widget store file exists but cannot be read as widgets.
    case corruptStore(path: String, detail: String)
    /// Reading or writing the shared container failed (usually a `FileError`).
    case storage(UnderlyingError)
    /// The card reader failed (with a `WalletStoreError` for the real database).
    case cards(UnderlyingError)
    /// The device's screen has no widgets of this family (lock-screen widgets need iOS 16).
    case familyNotOnDevice(WidgetFamily, device: String, supported: [String])
    /// `--scale` differs from the display scale a desktop preset is made for.
    case scaleNotOfDevice(Int, device: String, scale: Int)
    /// A widget button's intent has nothing to act on (no other card, no card under the star).
    case intentFailed(String)
    /// A star could not flip its card's favorite flag (with the `WalletStoreError`).
    case favoriteNotToggled(UnderlyingError)

    public var description: String {
        switch self {
        case .unknownFamily(let name):
            "unknown widget family '\(name)': use one of \(WidgetFamily.names)"
        case .unknownMode(let name):
            "unknown selection mode '\(name)': use one of \(SelectionMode.names)"
        case .unknownDevice(let name, let known):
            "unknown device '\(name)': use one of \(known.joined(separator: ", "))"
        case .unknownCard(let reference):
            "no card matches '\(reference)': use a card id, a unique id prefix or an exact store name "
                + "(see wallet widget options W)"
        case .ambiguousCard(let reference, let matches):
            "'\(reference)' matches \(matches) cards: use a longer id prefix or the full id"
        case .archivedCard(let reference):
            "card '\(reference)' is archived: unarchive it (wallet card edit CARD --unarchive) to show it in a widget"
        case .tooManyCards(let family, let count):
            "too many cards for \(family.rawValue.hasPrefix("a") ? "an" : "a") \(family.rawValue) widget: "
                + "\(count) given, it holds at most \(family.maxCards)"
        case .unknownWidget(let reference):
            "no widget matches '\(reference)': see wallet widget list"
        case .ambiguousWidget(let reference, let matches):
            "'\(reference)' matches \(matches) widgets: use a longer id prefix"
        case .corruptStore(let path, let detail):
            "widget store \(path) is unreadable (\(detail)): fix or delete the file"
        case .storage(let detail):
            "cannot access the widget store: \(detail)"
        case .cards(let detail):
            "cannot read cards: \(detail)"
        case .familyNotOnDevice(let family, let device, let supported):
            "the \(device) screen has no \(family.rawValue) widgets: use --device with one of \(supported.joined(separator: ", "))"
        case .scaleNotOfDevice(let asked, let device, let scale):
            "--device \(device) is drawn at scale \(scale), its display's own: drop --scale \(asked), "
                + "or pick the preset made for your display (\(DeviceMetrics.desktopPresetNames))"
        case .intentFailed(let detail):
            "the widget button's intent failed: \(detail)"
        case .favoriteNotToggled(let underlying):
            "the widget button's intent failed: cannot toggle the favorite: \(underlying)"
        }
    }
}
