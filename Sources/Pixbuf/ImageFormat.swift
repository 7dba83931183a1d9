/// The image formats the wallet decodes: a scan and a card image take PNG and JPEG only.
public enum ImageFormat: String, Equatable, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The name in messages: "PNG", "JPEG".
    public var name: String { rawValue }

    /// The format whose signature starts `bytes`, else nil.
    static func signed(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The format gdk-pixbuf calls `name` (`png`, `jpeg`), else nil.
    init?(gdkName name: String) {
        switch name {
        case "png": self = .png
        case "jpeg": self = .jpeg
        default: return nil
        }
    }
}
