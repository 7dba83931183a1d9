import Foundation

/// A drawn entry: the PNG and what the renderer reports about it.
public struct RenderedSnapshot: Sendable {
    public var png: Data
    /// Pixel size.
    public var width: Int
    public var height: Int
    public var notes: [RenderNote]
}
