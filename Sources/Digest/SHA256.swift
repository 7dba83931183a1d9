internal import CGio

/// SHA-256 through GLib's `GChecksum` (GLib opened at the first call, CLibrariesOnDemand): snapshot
/// cache keys (a collision would show the wrong picture, so the key is a cryptographic digest of
/// everything the pixels depend on), the widget host's manifest digests, lock names and temporary
/// names.
public enum SHA256 {
    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        // GLib aborts when it cannot allocate (its g_malloc policy) and returns NULL only for an
        // unknown checksum type, which SHA-256 is not.
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            preconditionFailure("GLib does not know G_CHECKSUM_SHA256")
        }
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
