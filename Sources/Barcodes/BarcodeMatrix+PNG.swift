public import PNGEncoder

/// Why a matrix cannot be rasterized with the requested sizes.
public enum BarcodeImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Module size below 1 pixel.
    case invalidModuleSize(Int)
    /// Bar height below 1 pixel.
    case invalidBarHeight(Int)
    /// libpng could not encode the image (out of memory, or an image too large for PNG).
    case encoding(PNGError)

    public var description: String {
        switch self {
        case .invalidModuleSize(let size): "invalid module size \(size): use 1 or more pixels per module"
        case .invalidBarHeight(let height): "invalid bar height \(height): use 1 or more pixels"
        case .encoding(let error): error.description
        }
    }
}

extension BarcodeMatrix {
    /// Pixel size of the PNG ``png(moduleSize:barHeight:compression:)`` draws, quiet zones included.
    public func imageSize(moduleSize: Int, barHeight: Int? = nil) -> (width: Int, height: Int) {
        let zone = quietZone
        let width = totalWidth * moduleSize
        if isLinear {
            return (width, (zone.top + zone.bottom) * moduleSize + (barHeight ?? defaultBarHeight(moduleSize: moduleSize)))
        }
        return (width, (height + zone.top + zone.bottom) * moduleSize)
    }

    /// Bar height when none is given: half the symbol's width (quiet zones included), kept between
    /// 40 and 80 modules, so short codes stay easy to aim at and long ones do not become posters.
    public func defaultBarHeight(moduleSize: Int) -> Int {
        moduleSize * max(40, min(80, totalWidth / 2))
    }

    /// 1-bit grayscale PNG with the format's quiet zones, `moduleSize` px per module (>= 1),
    /// linear codes drawn `barHeight` px tall (``defaultBarHeight(moduleSize:)`` when nil).
    public func png(moduleSize: Int, barHeight: Int? = nil) throws(BarcodeImageError) -> [UInt8] {
        try png(moduleSize: moduleSize, barHeight: barHeight, compression: nil)
    }

    /// As ``png(moduleSize:barHeight:)`` with explicit compression settings (nil: the encoder's default).
    public func png(moduleSize: Int, barHeight: Int?, compression: PNGCompression?) throws(BarcodeImageError) -> [UInt8] {
        guard moduleSize >= 1 else { throw .invalidModuleSize(moduleSize) }
        if let barHeight, barHeight < 1 { throw .invalidBarHeight(barHeight) }
        let (pixelWidth, pixelHeight) = imageSize(moduleSize: moduleSize, barHeight: barHeight)
        let zone = quietZone
        let topMargin = zone.top * moduleSize
        let symbolHeight = pixelHeight - topMargin - zone.bottom * moduleSize
        var drawnRow = -2  // the matrix row currently in the buffer; -1 = blank quiet-zone row
        do throws(PNGError) {
            return try PNGEncoder.encode(width: pixelWidth, height: pixelHeight, format: .gray1, compression: compression) {
                y, row in
                let inside = y >= topMargin && y < topMargin + symbolHeight
                let matrixRow = !inside ? -1 : (isLinear ? 0 : (y - topMargin) / moduleSize)
                guard matrixRow != drawnRow else { return }
                drawnRow = matrixRow
                guard matrixRow >= 0 else { return row.update(repeating: 0xFF) }  // 1 = white
                drawRow(matrixRow, moduleSize: moduleSize, into: row)
            }
        } catch {
            throw .encoding(error)
        }
    }

    /// Writes matrix row `matrixRow` with its quiet zones into `row`, `moduleSize` px per module,
    /// a module at a time (``BilevelRowWriter``; finding runs of equal modules first cost more than
    /// it saved at 2 px per module). Rows are drawn once per module row: the encoder's
    /// row buffer keeps them for the pixel rows that repeat it.
    private func drawRow(_ matrixRow: Int, moduleSize: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        var writer = BilevelRowWriter(row)
        let zone = quietZone
        writer.append(zone.left * moduleSize, white: true)
        modules.withUnsafeBufferPointer { modules in
            let rowModules = modules[(matrixRow * width)..<((matrixRow + 1) * width)]
            if moduleSize <= 8 {
                for dark in rowModules { writer.appendShort(moduleSize, white: !dark) }
            } else {
                for dark in rowModules { writer.append(moduleSize, white: !dark) }
            }
        }
        writer.append(zone.right * moduleSize, white: true)
        writer.finish()
    }
}
