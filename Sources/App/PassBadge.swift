internal import CAdw
import WalletCore

/// Whether a pass is really from its issuer, on the card page: a short verdict in the color of
/// what it means (verified green, unsigned or untrusted amber, altered red) and, under it, the
/// sentence `card show` prints ("Signed by Coffee Club (team ABC123) ...", or why not). Hidden for
/// a card that did not come from a pass. The label is the badge's accessible text as it is.
final class PassBadge {
    let handle: ObjectHandle
    private static let styles = ["success", "warning", "error"]

    init() {
        handle = Widgets.label("", classes: ["caption"], wrap: true)
        gtk_label_set_xalign(handle.opaque, 0.5)
        gtk_label_set_justify(handle.opaque, GTK_JUSTIFY_CENTER)
        gtk_widget_set_visible(handle.widget, 0)
    }

    /// Shows `verdict`, or hides the badge when there is none (not a pass).
    func show(_ verdict: PassAuthenticity?) {
        for style in Self.styles { gtk_widget_remove_css_class(handle.widget, style) }
        guard let verdict else {
            gtk_widget_set_visible(handle.widget, 0)
            return
        }
        let (title, style) = Self.title(of: verdict.state)
        gtk_widget_add_css_class(handle.widget, style)
        gtk_label_set_text(handle.opaque, title + "\n" + verdict.sentence)
        gtk_widget_set_visible(handle.widget, 1)
    }

    /// The verdict's short title and its style class.
    static func title(of state: PassAuthenticity.State) -> (String, String) {
        switch state {
        case .verified: (tr("Verified pass"), "success")
        case .unsigned: (tr("Unsigned pass"), "warning")
        case .untrusted: (tr("Untrusted pass"), "warning")
        case .altered: (tr("Altered pass"), "error")
        }
    }
}
