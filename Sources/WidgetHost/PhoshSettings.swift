import Foundation
import ProcessRunner

/// Phosh's lock-screen settings, read with `gsettings` (GSettings' own command line, so the
/// session's backend answers: dconf on a phone, a keyfile or memory elsewhere). Read once when
/// the host starts; without gsettings, phosh or its ticket-box plugin the answer is "off".
public enum PhoshSettings {
    /// Phosh's list of enabled lock-screen plugins (key `lock-screen`).
    static let pluginsSchema = "sm.puri.phosh.plugins"
    /// The ticket-box plugin's settings (key `folder`).
    static let ticketBoxSchema = "sm.puri.phosh.plugins.ticket-box"
    /// The plugin's own default folder, relative to the home directory.
    static let defaultFolder = "phosh-ticket-box"
    /// How long one `gsettings get` may take before it is stopped and the answer is "off".
    static let deadline = 5

    /// The folder the ticket-box plugin shows PDFs from, when the plugin is enabled on the lock
    /// screen: its `folder` setting (relative to `home`, as phosh reads it), else the plugin's
    /// default; nil when the plugin is not enabled or its settings cannot be read.
    /// `read(schema, key)` returns `gsettings get`'s output (nil when it failed).
    public static func ticketBoxFolder(
        home: String, read: (String, String) -> String? = gsettingsGet
    ) -> String? {
        guard let plugins = read(pluginsSchema, "lock-screen"),
            GVariantText.strings(plugins).contains("ticket-box"),
            let setting = read(ticketBoxSchema, "folder")
        else { return nil }
        let folder = GVariantText.strings(setting).first ?? defaultFolder
        guard !folder.isEmpty else { return nil }
        return folder.hasPrefix("/") ? folder : (home as NSString).appendingPathComponent(folder)
    }

    /// What gsettings needs of the session to reach its backend (dconf over the session bus, or
    /// a keyfile under the configuration directory) and the installed schemas.
    static let inheritedVariables =
        ChildEnvironment.session + ["GSETTINGS_BACKEND", "GSETTINGS_SCHEMA_DIR", "DCONF_PROFILE"]

    /// `gsettings get SCHEMA KEY`'s output, or nil when gsettings is missing, the schema is not
    /// installed, or it takes longer than `deadline`.
    public static func gsettingsGet(_ schema: String, _ key: String) -> String? {
        guard let gsettings = ChildEnvironment.executable(named: "gsettings") else { return nil }
        let command = ChildCommand(
            executable: gsettings, arguments: ["get", schema, key],
            environment: ChildEnvironment.inherited(inheritedVariables))
        let limits = ChildLimits(deadline: .seconds(deadline), outputBytes: 4096, errorBytes: 0)
        guard let result = try? ChildProcess.run(command, limits: limits), result.ending == .exited(0) else { return nil }
        return String(decoding: result.output, as: UTF8.self)
    }
}

/// The strings of a GVariant in its text form as `gsettings get` prints it: `'phosh-ticket-box'`,
/// `['ticket-box', 'calendar']` or `@as []` (strings quoted with ' or ", backslash escapes).
enum GVariantText {
    static func strings(_ text: String) -> [String] {
        var found: [String] = []
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "'" || character == "\"" else { continue }
            var value = ""
            while let next = characters.next(), next != character {
                value.append(next == "\\" ? (characters.next() ?? next) : next)
            }
            found.append(value)
        }
        return found
    }
}
