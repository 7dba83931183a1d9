/// Reed-Solomon check words over a ``GaloisField``, with the generator polynomial whose roots are
/// α^1 ... α^n (Aztec's choice: ISO/IEC 24778, 7.3.1.1). Scratch space is on the stack
/// (`withUnsafeTemporaryAllocation`): a heap array costs more than the arithmetic of a small symbol.
enum ReedSolomonEncoder {
    /// The `count` check words of `data`: the remainder of data(x) · x^count divided by the
    /// generator, highest degree first (the order they follow the data in the symbol).
    static func checkWords(for data: [Int], count: Int, in field: GaloisField) -> [Int] {
        data.withUnsafeBufferPointer { data in
            withCheckWords(for: data, count: count, in: field) { Array($0) }
        }
    }

    /// Calls `body` with the `count` check words of `data` (see ``checkWords(for:count:in:)``).
    static func withCheckWords<Result>(
        for data: UnsafeBufferPointer<Int>, count: Int, in field: GaloisField,
        _ body: (UnsafeBufferPointer<Int>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(count, 1)) { remainder in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count + 1) { generatorLogs in
                remainder.initialize(repeating: 0)
                field.exponents.withUnsafeBufferPointer { exponents in
                    field.logarithms.withUnsafeBufferPointer { logarithms in
                        writeGeneratorLogarithms(count, into: generatorLogs, exponents: exponents, logarithms: logarithms)
                        for word in data where count > 0 {
                            let feedback = word ^ remainder[0]
                            guard feedback != 0 else {
                                for index in 0..<(count - 1) { remainder[index] = remainder[index + 1] }
                                remainder[count - 1] = 0
                                continue
                            }
                            let feedbackLog = Int(logarithms[feedback])
                            for index in 0..<(count - 1) {
                                remainder[index] = remainder[index + 1] ^ Int(exponents[feedbackLog + generatorLogs[index]])
                            }
                            remainder[count - 1] = Int(exponents[feedbackLog + generatorLogs[count - 1]])
                        }
                    }
                }
                return body(UnsafeBufferPointer(rebasing: remainder[0..<count]))
            }
        }
    }

    /// Writes log_α of the generator's `count` coefficients below its leading 1, highest degree
    /// first, into `logs` (`count + 1` entries: the last is scratch). Every coefficient of a
    /// product of (x - α^i) is non-zero, so each has a logarithm.
    private static func writeGeneratorLogarithms(
        _ count: Int, into logs: UnsafeMutableBufferPointer<Int>,
        exponents: UnsafeBufferPointer<UInt16>, logarithms: UnsafeBufferPointer<UInt16>
    ) {
        guard count > 0 else { return }
        // times α^root: the element's log plus root (exponents holds two periods).
        func times(_ value: Int, _ root: Int) -> Int {
            value == 0 ? 0 : Int(exponents[Int(logarithms[value]) + root])
        }
        // The coefficients themselves first, in place: logs[0...root] is the product so far.
        logs.initialize(repeating: 0)
        logs[0] = 1
        for root in 1...count {
            // Multiply by (x + α^root).
            logs[root] = times(logs[root - 1], root)
            var index = root - 1
            while index > 0 {
                logs[index] ^= times(logs[index - 1], root)
                index -= 1
            }
        }
        for index in 0..<count { logs[index] = Int(logarithms[logs[index + 1]]) }
    }
}
