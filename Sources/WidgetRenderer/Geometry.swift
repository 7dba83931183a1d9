/// A rectangle; in points for tap maps, in device pixels for drawing.
public struct Rect: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when (px, py) lies inside, left/top edges included, right/bottom excluded.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// True when the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The rectangle shrunk by `amount` on every side (never below zero size).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    /// The rectangle multiplied by `factor`, not snapped (one kind of points to another).
    func multiplied(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// The rectangle multiplied by `factor` (points to pixels at a scale), snapped to whole units.
    func scaled(by factor: Int) -> Rect {
        scaledToWholeUnits(Double(factor))
    }

    /// The rectangle multiplied by `factor` and snapped outward-inward to whole units
    /// (edges rounded to the nearest whole unit), e.g. points to device pixels.
    func scaledToWholeUnits(_ factor: Double) -> Rect {
        let left = (x * factor).rounded()
        let top = (y * factor).rounded()
        let right = (maxX * factor).rounded()
        let bottom = (maxY * factor).rounded()
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
