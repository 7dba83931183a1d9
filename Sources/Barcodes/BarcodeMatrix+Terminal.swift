extension BarcodeMatrix {
    /// Text rendering for a terminal, scannable from the screen: Unicode half blocks for 2D codes
    /// (two module rows per line, so modules come out square), full-block columns for linear codes,
    /// quiet zones included. Black modules on a white plate whatever the terminal theme: every line
    /// sets 256-color black foreground / white background and resets at its end.
    public func terminalRendering() -> String {
        let zone = quietZone
        let plate = "\u{1B}[38;5;16;48;5;231m"
        let reset = "\u{1B}[0m"
        let columns = totalWidth
        func dark(_ x: Int, _ y: Int) -> Bool {
            let column = x - zone.left
            return column >= 0 && column < width && y >= 0 && y < height && self[column, y]
        }
        var lines: [String] = []
        if isLinear {
            let bars = String((0..<columns).map { dark($0, 0) ? "█" : " " })
            let blank = String(repeating: " ", count: columns)
            lines = [blank] + Array(repeating: bars, count: 8) + [blank]
        } else {
            // Terminal rows of two module rows each, from the top quiet zone to the bottom one.
            let firstRow = -zone.top
            let lastRow = height + zone.bottom
            for top in stride(from: firstRow, to: lastRow, by: 2) {
                lines.append(String((0..<columns).map { x -> Character in
                    switch (dark(x, top), top + 1 < lastRow && dark(x, top + 1)) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                }))
            }
        }
        return lines.map { plate + $0 + reset }.joined(separator: "\n") + "\n"
    }
}
