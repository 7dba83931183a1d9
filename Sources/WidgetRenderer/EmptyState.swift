import WidgetEngine

/// What a widget with nothing to show says, per selection mode: a short title and a full
/// sentence saying what to do next, sized to fit every family without being cut.
struct EmptyState: Equatable {
    let title: String
    let hint: String

    init(mode: SelectionMode?) {
        switch mode {
        case .favorites?:
            (title, hint) = ("No favorites yet", "Star a card to see it here")
        case .recent?:
            (title, hint) = ("No recent cards", "Cards you open appear here")
        case .suggested?:
            (title, hint) = ("Nothing to suggest yet", "Cards you use often appear here")
        case .manual?, nil:
            (title, hint) = ("No cards chosen", "Edit the widget to choose cards")
        }
    }
}
