extension BarcodeMatrix {
    /// 256-color black, the modules' color in a terminal.
    static let terminalBlack = 16
    /// 256-color white, the plate's color in a terminal.
    static let terminalWhite = 231

    /// Columns ``terminalRendering()`` takes: one per module, quiet zones included. A terminal
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
    /// Not `colored` (a terminal without colors, `TERM=dumb`): no escape sequence at all; dark
    /// modules are drawn in the text's own color (█, ▀, ▄) and light ones left blank, so the
    /// code reads where text is dark on light.
    public func terminalRendering(colored: Bool = true) -> String {
        let zone = quietZone
        let plate = "\u{1B}[38;5;\(Self.terminalBlack);48;5;\(Self.terminalWhite)m"
        let reset = "\u{1B}[0m"
        let columns = totalWidth
        func dark(_ x: Int, _ y: Int) -> Bool {
            let column = x - zone.left
            return column >= 0 && column < width && y >= 0 && y < height && self[column, y]
        }
        var lines: [String] = []
        if !colored {
            return plainRendering(dark: dark)
        }
        if isLinear {
            let bars = String((0..<columns).map { dark($0, 0) ? "█" : " " })
            let blank = String(repeating: " ", count: columns)
            lines = [blank] + Array(repeating: bars, count: 8) + [blank]
        } else {
            // Terminal rows of two module rows each, from the top quiet zone to the bottom one.
            let firstRow = -zone.top
            let lastRow = height + zone.bottom
            for top in stride(from: firstRow, to: lastRow, by: 2) {
                lines.append(halfBlockLine(columns: columns) { x in
                    (dark(x, top), top + 1 < lastRow && dark(x, top + 1))
                })
            }
        }
        return lines.map { plate + $0 + reset }.joined(separator: "\n") + "\n"
    }

    /// ``terminalRendering(colored:)`` without colors.
    private func plainRendering(dark: (Int, Int) -> Bool) -> String {
        let columns = totalWidth
        if isLinear {
            let bars = String((0..<columns).map { dark($0, 0) ? "█" : " " })
            let blank = String(repeating: " ", count: columns)
            return ([blank] + Array(repeating: bars, count: 8) + [blank]).joined(separator: "\n") + "\n"
        }
        let zone = quietZone
        let lastRow = height + zone.bottom
        var lines: [String] = []
        for top in stride(from: -zone.top, to: lastRow, by: 2) {
            lines.append(String((0..<columns).map { x -> Character in
                switch (dark(x, top), top + 1 < lastRow && dark(x, top + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line of upper half blocks: foreground the upper module, background the lower one,
    /// starting from black on white and emitting a color only where it changes.
    private func halfBlockLine(columns: Int, modules: (Int) -> (upper: Bool, lower: Bool)) -> String {
        func color(_ dark: Bool) -> Int { dark ? Self.terminalBlack : Self.terminalWhite }
        var foreground = Self.terminalBlack
        var background = Self.terminalWhite
        var line = ""
        for x in 0..<columns {
            let (upper, lower) = modules(x)
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
