internal import CAdw
import Foundation

/// The app's strings through gettext (domain "wallet"), as GNOME's apps do: po/wallet.pot is the
/// template (`make pot`), po/LANG.po the translations, installed as
/// PREFIX/share/locale/LANG/LC_MESSAGES/wallet.mo. Messages that come from the card store
/// (validation, the card's state lines) are the CLI's and stay in English.
enum Localization {
    static let domain = "wallet"

    /// Takes the locale from the environment and finds the catalogs: `WALLET_LOCALE_DIR`, else
    /// `share/locale` beside the executable's `bin` directory.
    static func start(environment: [String: String] = ProcessInfo.processInfo.environment) {
        setlocale(LC_ALL, "")
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale").path
        bindtextdomain(domain, environment["WALLET_LOCALE_DIR"] ?? installed)
        bind_textdomain_codeset(domain, "UTF-8")
    }
}

/// `text` in the person's language (itself when there is no translation). dgettext then returns
/// the very pointer it was given, so the result is copied while that C string still lives.
func tr(_ text: String) -> String {
    text.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// A translated format with one `%@` filled in by `argument`.
func tr(_ format: String, _ argument: String) -> String {
    tr(format).replacingOccurrences(of: "%@", with: argument)
}
