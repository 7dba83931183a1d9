/// Reed-Solomon check words over a ``GaloisField``, with the generator polynomial whose roots are
/// α^1 ... α^n (Aztec's choice: ISO/IEC 24778, 7.3.1.1).
enum ReedSolomonEncoder {
    /// The `count` check words of `data`: the remainder of data(x) · x^count divided by the
    /// generator, highest degree first (the order they follow the data in the symbol).
    static func checkWords(for data: [Int], count: Int, in field: GaloisField) -> [Int] {
        var remainder = [Int](repeating: 0, count: count)
        guard count > 0 else { return remainder }
        let generatorLogs = generatorLogarithms(count, in: field)
        field.exponents.withUnsafeBufferPointer { exponents in
            field.logarithms.withUnsafeBufferPointer { logarithms in
                remainder.withUnsafeMutableBufferPointer { remainder in
                    for word in data {
                        let feedback = word ^ remainder[0]
                        for index in 0..<(count - 1) { remainder[index] = remainder[index + 1] }
                        remainder[count - 1] = 0
                        guard feedback != 0 else { continue }
                        let feedbackLog = Int(logarithms[feedback])
                        for index in 0..<count {
                            remainder[index] ^= Int(exponents[feedbackLog + generatorLogs[index]])
                        }
                    }
                }
            }
        }
        return remainder
    }

    /// log_α of the generator's coefficients below its leading 1, highest degree first. Every
    /// coefficient of a product of (x - α^i) is non-zero, so each has a logarithm.
    static func generatorLogarithms(_ count: Int, in field: GaloisField) -> [Int] {
        var generator = [Int](repeating: 0, count: count + 1)
        generator[0] = 1
        for root in 1...count {
            let alpha = Int(field.exponents[root])
            // Multiply by (x + α^root); `generator[0...root - 1]` holds the product so far.
            generator[root] = field.multiply(generator[root - 1], alpha)
            var index = root - 1
            while index > 0 {
                generator[index] ^= field.multiply(generator[index - 1], alpha)
                index -= 1
            }
        }
        return generator.dropFirst().map { Int(field.logarithms[$0]) }
    }
}
