import Foundation

/// One stored image of a card: a PNG the wallet encoded itself (8-bit RGBA) and its size.
public struct CardImage: Equatable, Sendable {
    /// The PNG file's bytes.
    public var png: Data
    public var width: Int
    public var height: Int

    public init(png: Data, width: Int, height: Int) {
        self.png = png
        self.width = width
        self.height = height
    }

    /// Largest PNG the database accepts for one image (a 1200 x 1200 RGBA photo compresses to
    /// well under this).
    public static let maxBytes = 6 << 20
}
