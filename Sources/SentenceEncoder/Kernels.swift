/// The element-wise steps of the forward pass that take little of its time, eight floats at a
/// time: bias and LayerNorm. Softmax and GELU, which take more, are CEncoderKernels'.
enum Kernels {
    static let layerNormEpsilon: Float = 1e-12

    /// Adds `bias` to each of `rows` rows of `bias.count` floats.
    static func addBias(_ bias: [Float], to matrix: UnsafeMutablePointer<Float>, rows: Int) {
        let width = bias.count
        bias.withUnsafeBufferPointer { bias in
            let bias = bias.baseAddress!
            for row in 0..<rows {
                let values = matrix + row * width
                forEachChunk(width) {
                    values[$0] += bias[$0]
                } wide: {
                    store8(load8(values + $0) + load8(bias + $0), values + $0)
                }
            }
        }
    }

    static func layerNorm(_ matrix: UnsafeMutablePointer<Float>, rows: Int, width: Int, _ weights: LayerNormWeights) {
        weights.gamma.withUnsafeBufferPointer { gamma in
            weights.beta.withUnsafeBufferPointer { beta in
                let gamma = gamma.baseAddress!
                let beta = beta.baseAddress!
                for row in 0..<rows {
                    let values = matrix + row * width
                    var sum = SIMD8<Float>()
                    var tail: Float = 0
                    forEachChunk(width) {
                        tail += values[$0]
                    } wide: {
                        sum += load8(values + $0)
                    }
                    let mean = (sum.sum() + tail) / Float(width)
                    var squares = SIMD8<Float>()
                    tail = 0
                    forEachChunk(width) {
                        tail += (values[$0] - mean) * (values[$0] - mean)
                    } wide: {
                        let centred = load8(values + $0) - mean
                        squares += centred * centred
                    }
                    let inverse = 1 / ((squares.sum() + tail) / Float(width) + layerNormEpsilon).squareRoot()
                    forEachChunk(width) {
                        values[$0] = (values[$0] - mean) * inverse * gamma[$0] + beta[$0]
                    } wide: {
                        store8(
                            (load8(values + $0) - mean) * inverse * load8(gamma + $0) + load8(beta + $0), values + $0)
                    }
                }
            }
        }
    }

    /// Calls `wide` for each offset of eight floats within `count`, then `each` for the rest.
    @inline(__always)
    private static func forEachChunk(_ count: Int, _ each: (Int) -> Void, wide: (Int) -> Void) {
        var offset = 0
        while offset + 8 <= count {
            wide(offset)
            offset += 8
        }
        while offset < count {
            each(offset)
            offset += 1
        }
    }
}
