/// A barcode as modules, independent of the library that made it.
///
/// A 2D code has `height` rows of `width` modules; a linear code has one row (`height == 1`)
/// whose modules are stretched to a bar height when drawn. The quiet zone is not part of
/// `width`/`height`: it is the format's ``Symbology/quietZone``, added when rasterizing.
public struct BarcodeMatrix: Equatable, Sendable {
    /// The format this matrix encodes.
    public let symbology: Symbology
    /// Modules per row.
    public let width: Int
    /// Rows (1 for a linear code).
    public let height: Int
    /// The exact text the symbol carries (after validation and normalization).
    public let payload: String
    /// Row-major, `true` = dark module. `modules.count == width * height`.
    public let modules: [Bool]

    public init(symbology: Symbology, width: Int, height: Int, payload: String, modules: [Bool]) {
        precondition(modules.count == width * height, "modules must fill width x height")
        self.symbology = symbology
        self.width = width
        self.height = height
        self.payload = payload
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool { modules[y * width + x] }

    /// True for a linear (one-row) code.
    public var isLinear: Bool { height == 1 }

    /// The quiet zone of this matrix's format, in modules.
    public var quietZone: QuietZone { symbology.quietZone }

    /// Width including quiet zones, in modules.
    public var totalWidth: Int { width + quietZone.left + quietZone.right }
}
