import Foundation

/// The environment a child starts with: nothing of the parent's but what its caller names, so no
/// secret of the wallet's (`WALLET_ZIP_PASSWORD`) nor a variable that changes how a program
/// behaves (`GIT_DIR`, `LD_PRELOAD`) reaches a child by accident.
public enum ChildEnvironment {
    /// The parent's environment, read once (nothing in the wallet changes its own).
    public static let current: [String: String] = {
        var variables: [String: String] = [:]
        var entry = environ
        while let text = entry.pointee {
            let pair = String(cString: text)
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(pair[..<equals])] = String(pair[pair.utf8.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }()

    /// The variables of `names` that `environment` sets, with their values.
    public static func inherited(_ names: [String], from environment: [String: String] = current) -> [String: String] {
        var kept: [String: String] = [:]
        for name in names { kept[name] = environment[name] }
        return kept
    }

    /// The first executable file `name` in the directories of `path` (a PATH value; the
    /// parent's, else /usr/bin:/bin), or nil.
    public static func executable(named name: String, path: String? = current["PATH"]) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var status = stat()
            if access(candidate, X_OK) == 0, stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                return candidate
            }
        }
        return nil
    }

    /// What a desktop program (a URL opener, a settings tool) needs of the session: where the
    /// display, the session bus and the user's data and settings are, and the language.
    public static let session = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "DISPLAY",
        "WAYLAND_DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CURRENT_DESKTOP",
        "XDG_SESSION_DESKTOP", "XDG_SESSION_TYPE", "DESKTOP_SESSION", "XDG_DATA_HOME", "XDG_DATA_DIRS",
        "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_CACHE_HOME",
    ]

    /// What a program that goes on the network needs: proxies and certificate stores.
    public static let network = [
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY", "SSL_CERT_FILE",
        "SSL_CERT_DIR", "CURL_CA_BUNDLE",
    ]
}
