/// Draws an Aztec symbol (ISO/IEC 24778, 7.2 and 7.3.1.3): the bullseye finder with its
/// orientation marks, the mode message around it, the reference grid of a full-range symbol and
/// the message bits spiralling out in two-module-deep layers, first codeword outermost. The
/// geometry follows ZXing's Encoder (Apache-2.0).
struct AztecSymbolLayout {
    let size: AztecSize
    /// Modules per side.
    let side: Int
    /// Row-major, true = dark.
    private(set) var modules: [Bool]

    init(size: AztecSize) {
        self.size = size
        side = size.matrixSize
        modules = [Bool](repeating: false, count: side * side)
    }

    @inline(__always)
    private mutating func set(column: Int, row: Int) { modules[row * side + column] = true }

    /// The whole symbol for `messageBits` (``AztecSize/layerBits`` bits, one per byte, the
    /// unused remainder first) and the 28 or 40 bits of `modeMessage` (the first highest).
    static func draw(size: AztecSize, messageBits: [UInt8], modeMessage: UInt64) -> [Bool] {
        var layout = AztecSymbolLayout(size: size)
        layout.drawData(messageBits)
        layout.drawModeMessage(modeMessage)
        layout.drawBullseye()
        if !size.compact { layout.drawReferenceGrid() }
        return layout.modules
    }

    /// Modules per side of the grid-free square the layers are laid out in.
    private var baseSide: Int { (size.compact ? 11 : 14) + size.layers * 4 }

    /// Where the layers' coordinates land once the reference grid lines are skipped: index i of
    /// the grid-free square maps to module `map[i]`.
    private func fillCoordinateMap(_ map: UnsafeMutableBufferPointer<Int>) {
        let base = map.count
        if size.compact {
            for index in 0..<base { map[index] = index }
            return
        }
        let originalCenter = base / 2
        let center = side / 2
        for index in 0..<originalCenter {
            let offset = index + index / 15
            map[originalCenter - index - 1] = center - offset - 1
            map[originalCenter + index] = center + offset + 1
        }
    }

    private mutating func drawData(_ bits: [UInt8]) {
        let base = baseSide
        let layers = size.layers
        let compact = size.compact
        let side = side
        withUnsafeTemporaryAllocation(of: Int.self, capacity: base) { map in
            fillCoordinateMap(map)
            bits.withUnsafeBufferPointer { bits in
                modules.withUnsafeMutableBufferPointer { modules in
                    var rowOffset = 0
                    for layer in 0..<layers {
                        let rowSize = (layers - layer) * 4 + (compact ? 9 : 12)
                        let near = layer * 2
                        let far = base - 1 - layer * 2
                        for step in 0..<rowSize {
                            let columnOffset = rowOffset + step * 2
                            for depth in 0..<2 {
                                // Top, right, bottom, left sides of the ring, each two modules deep.
                                if bits[columnOffset + depth] != 0 {
                                    modules[map[near + step] * side + map[near + depth]] = true
                                }
                                if bits[columnOffset + rowSize * 2 + depth] != 0 {
                                    modules[map[far - depth] * side + map[near + step]] = true
                                }
                                if bits[columnOffset + rowSize * 4 + depth] != 0 {
                                    modules[map[far - step] * side + map[far - depth]] = true
                                }
                                if bits[columnOffset + rowSize * 6 + depth] != 0 {
                                    modules[map[near + depth] * side + map[far - step]] = true
                                }
                            }
                        }
                        rowOffset += rowSize * 8
                    }
                }
            }
        }
    }

    private mutating func drawModeMessage(_ message: UInt64) {
        let center = side / 2
        let count = size.compact ? 28 : 40
        func bit(_ index: Int) -> Bool { message >> (count - 1 - index) & 1 != 0 }
        if size.compact {
            for index in 0..<7 {
                let offset = center - 3 + index
                if bit(index) { set(column: offset, row: center - 5) }
                if bit(index + 7) { set(column: center + 5, row: offset) }
                if bit(20 - index) { set(column: offset, row: center + 5) }
                if bit(27 - index) { set(column: center - 5, row: offset) }
            }
        } else {
            for index in 0..<10 {
                // Five bits, the reference grid's centre line, five bits.
                let offset = center - 5 + index + index / 5
                if bit(index) { set(column: offset, row: center - 7) }
                if bit(index + 10) { set(column: center + 7, row: offset) }
                if bit(29 - index) { set(column: offset, row: center + 7) }
                if bit(39 - index) { set(column: center - 7, row: offset) }
            }
        }
    }

    /// Dark rings at even distances from the centre (radius 0 to 4 compact, 0 to 6 full), and
    /// the six orientation modules at the corners of the mode message ring.
    private mutating func drawBullseye() {
        let center = side / 2
        let radius = size.compact ? 5 : 7
        for ring in stride(from: 0, to: radius, by: 2) {
            for index in (center - ring)...(center + ring) {
                set(column: index, row: center - ring)
                set(column: index, row: center + ring)
                set(column: center - ring, row: index)
                set(column: center + ring, row: index)
            }
        }
        set(column: center - radius, row: center - radius)
        set(column: center - radius + 1, row: center - radius)
        set(column: center - radius, row: center - radius + 1)
        set(column: center + radius, row: center - radius)
        set(column: center + radius, row: center - radius + 1)
        set(column: center + radius, row: center + radius - 1)
    }

    /// Full-range only: every 16th row and column from the centre out to the edge, alternating
    /// dark and light, dark on the centre lines. (ZXing's loop stops one line short for 12 and 27
    /// layers, whose outermost line is the symbol's second row; libzint draws it, and so do we.)
    private mutating func drawReferenceGrid() {
        let center = side / 2
        for distance in stride(from: 0, through: center, by: 16) {
            for along in stride(from: center & 1, to: side, by: 2) {
                set(column: center - distance, row: along)
                set(column: center + distance, row: along)
                set(column: along, row: center - distance)
                set(column: along, row: center + distance)
            }
        }
    }
}
