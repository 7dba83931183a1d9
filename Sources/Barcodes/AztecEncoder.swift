/// Aztec codes (ISO/IEC 24778) written in Swift instead of through libzint, so an Aztec barcode
/// or batch never loads libzint.
///
/// Hand-written for a measured budget: per symbol it costs fewer instructions than libzint's
/// encoding, the mode search (``AztecHighLevelEncoder``) the largest part, then Reed-Solomon
/// (``ReedSolomonEncoder``, scratch on the stack), placement (``AztecSymbolLayout``), stuffing and
/// size choice (``AztecSize``, libzint's rule); its gain is mostly that libzint is never opened
/// (bench/results.md, "Figures behind the code's comments", `AztecEncoder`).
enum AztecEncoder {
    /// Encodes `bytes` (the payload in its character set), FLG(n) announcing ECI `eci` first when
    /// given (26 UTF-8, 3 ISO-8859-1), FLG(0) (FNC1: a GS1 symbol) first when `fnc1First`. Returns
    /// the side and the row-major modules (true = dark).
    static func encode(
        _ bytes: [UInt8], eci: Int32?, fnc1First: Bool = false
    ) throws(BarcodeError) -> (width: Int, modules: [Bool]) {
        // Every byte costs at least 2 bits (". " is one 4-bit Digit code): longer input cannot fit,
        // and the search below is not run on it.
        guard bytes.count <= AztecSize.maximumDataBits / 2 else { throw overCapacity(bytes.count, bits: nil) }
        let bits = AztecHighLevelEncoder.encode(bytes, eci: eci.map(Int.init), fnc1First: fnc1First)
        guard let (size, words) = AztecSize.choose(for: bits) else { throw overCapacity(bytes.count, bits: bits.count) }
        var message = AztecBitWriter(length: size.layerBits)
        message.append(0, bitCount: size.layerBits % size.wordSize)
        for word in words { message.append(word, bitCount: size.wordSize) }
        words.withUnsafeBufferPointer { words in
            ReedSolomonEncoder.withCheckWords(
                for: words, count: size.codewordCount - words.count, in: .aztec(wordSize: size.wordSize)
            ) { checkWords in
                for word in checkWords { message.append(word, bitCount: size.wordSize) }
            }
        }
        let modules = AztecSymbolLayout.draw(
            size: size, messageBits: message.bits, modeMessage: modeMessage(size: size, dataWords: words.count))
        return (size.matrixSize, modules)
    }

    /// The mode message (ISO/IEC 24778, 7.2): layers - 1 and data codewords - 1 (2 + 6 bits
    /// compact, 5 + 11 full-range) as 4-bit words, then 5 or 6 Reed-Solomon words over GF(16):
    /// 28 or 40 bits, the first in the highest bit.
    static func modeMessage(size: AztecSize, dataWords: Int) -> UInt64 {
        let value = size.compact ? (size.layers - 1) << 6 | (dataWords - 1) : (size.layers - 1) << 11 | (dataWords - 1)
        let dataNibbles = size.compact ? 2 : 4
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: dataNibbles) { nibbles in
            for index in 0..<dataNibbles { nibbles[index] = (value >> (4 * (dataNibbles - 1 - index))) & 0xF }
            return ReedSolomonEncoder.withCheckWords(
                for: UnsafeBufferPointer(nibbles), count: size.compact ? 5 : 6, in: .aztecModeMessage
            ) { checkWords in
                checkWords.reduce(UInt64(value)) { $0 << 4 | UInt64($1) }
            }
        }
    }

    private static func overCapacity(_ byteCount: Int, bits: Int?) -> BarcodeError {
        let need = bits.map { "\($0) bits" } ?? "more bits"
        return .overCapacity(
            .aztec,
            detail: "\(byteCount) bytes need \(need), more than the \(AztecSize.maximumDataBits) the largest Aztec symbol "
                + "holds (32 layers, 23% error correction); shorten the data")
    }
}
