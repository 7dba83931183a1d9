extension BarcodeMatrix {
    /// 256-color black, the modules' color in a terminal.
    static let terminalBlack = 16
    /// 256-color white, the plate's color in a terminal.
    static let terminalWhite = 231

    /// Columns `terminalRendering()` takes: one per module, quiet zones included. A terminal
    /// narrower than this wraps the lines and breaks the code.
    public var terminalColumns: Int { totalWidth }

    /// Text rendering for a terminal, scannable from the screen, ``terminalColumns`` wide: full-block
    /// columns for linear codes; for 2D codes two module rows per line (modules come out square),
    /// each cell an upper half block (▀) in the upper module's color on the lower module's color
    /// as background, so a terminal's line spacing above 1.0 (filled with the background) never
    /// opens white bands through dark modules. Quiet zones included. Black modules on a white
    /// plate whatever the terminal theme: every line starts black on white (256 colors), changes
    /// color only where the modules do, and resets at its end.
    ///
    /// Without `colors` (a pipe, `NO_COLOR`, `TERM=dumb`) no escape is written: dark modules are
    /// block characters (█ ▀ ▄) and light ones spaces, in the terminal's own colors, which reads
    /// as printed on a light theme and inverted on a dark one.
    public func terminalRendering(colors: Bool = true) -> String {
        let plate = "\u{1B}[38;5;\(Self.terminalBlack);48;5;\(Self.terminalWhite)m"
        let reset = "\u{1B}[0m"
        let lines = terminalCells().map { cells -> String in
            guard colors, !isLinear else {
                let glyphs = String(cells.map(Self.glyph))
                return colors ? plate + glyphs + reset : glyphs
            }
            return plate + halfBlockLine(cells) + reset
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cells of ``terminalRendering(colors:)``, line by line: whether the upper and lower
    /// halves of each are dark. A linear code's bars fill whole cells, over 8 lines between two
    /// blank ones; a 2D code puts two module rows in each line, from the top quiet zone on.
    private func terminalCells() -> [[(upper: Bool, lower: Bool)]] {
        let zone = quietZone
        let columns = totalWidth
        func dark(_ x: Int, _ y: Int) -> Bool {
            let column = x - zone.left
            return column >= 0 && column < width && y >= 0 && y < height && self[column, y]
        }
        if isLinear {
            let bars = (0..<columns).map { (upper: dark($0, 0), lower: dark($0, 0)) }
            let blank = Array(repeating: (upper: false, lower: false), count: columns)
            return [blank] + Array(repeating: bars, count: 8) + [blank]
        }
        let lastRow = height + zone.bottom
        return stride(from: -zone.top, to: lastRow, by: 2).map { top in
            (0..<columns).map { x in (upper: dark(x, top), lower: top + 1 < lastRow && dark(x, top + 1)) }
        }
    }

    /// The block that draws a cell's dark halves in the foreground color.
    private static func glyph(_ cell: (upper: Bool, lower: Bool)) -> Character {
        switch cell {
        case (true, true): "█"
        case (true, false): "▀"
        case (false, true): "▄"
        case (false, false): " "
        }
    }

    /// One line of upper half blocks: foreground the upper module, background the lower one,
    /// starting from black on white and emitting a color only where it changes.
    private func halfBlockLine(_ cells: [(upper: Bool, lower: Bool)]) -> String {
        func color(_ dark: Bool) -> Int { dark ? Self.terminalBlack : Self.terminalWhite }
        var foreground = Self.terminalBlack
        var background = Self.terminalWhite
        var line = ""
        for (upper, lower) in cells {
            var changes: [String] = []
            if color(upper) != foreground {
                foreground = color(upper)
                changes.append("38;5;\(foreground)")
            }
            if color(lower) != background {
                background = color(lower)
                changes.append("48;5;\(background)")
            }
            if !changes.isEmpty { line += "\u{1B}[" + changes.joined(separator: ";") + "m" }
            line += "▀"
        }
        return line
    }
}
