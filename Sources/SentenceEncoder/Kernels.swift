/// The element-wise steps of the forward pass, eight floats at a time: bias, LayerNorm,
/// softmax and GELU, with `exp` and `erf` approximated to about 1e-7.
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

    /// Each row becomes softmax(scale × row).
    static func softmax(_ matrix: UnsafeMutablePointer<Float>, rows: Int, width: Int, scale: Float) {
        for row in 0..<rows {
            let values = matrix + row * width
            var largest = -Float.infinity
            for column in 0..<width { largest = max(largest, values[column]) }
            var sum = SIMD8<Float>()
            var tail: Float = 0
            forEachChunk(width) {
                values[$0] = exp(SIMD8(repeating: (values[$0] - largest) * scale))[0]
                tail += values[$0]
            } wide: {
                let e = exp((load8(values + $0) - largest) * scale)
                store8(e, values + $0)
                sum += e
            }
            let inverse = 1 / (sum.sum() + tail)
            forEachChunk(width) {
                values[$0] *= inverse
            } wide: {
                store8(load8(values + $0) * inverse, values + $0)
            }
        }
    }

    /// x × Φ(x), Φ the normal distribution function (the erf form, not the tanh one).
    static func gelu(_ values: UnsafeMutablePointer<Float>, count: Int) {
        let inverseRoot2: Float = 0.707_106_77
        forEachChunk(count) {
            let x = SIMD8<Float>(repeating: values[$0])
            values[$0] = (0.5 * x * (1 + erf(x * inverseRoot2)))[0]
        } wide: {
            let x = load8(values + $0)
            store8(0.5 * x * (1 + erf(x * inverseRoot2)), values + $0)
        }
    }

    /// e^x, by 2^n × a degree-6 polynomial on the remainder.
    static func exp(_ x: SIMD8<Float>) -> SIMD8<Float> {
        var x = x.replacing(with: -87, where: x .< -87)
        x.replace(with: 88, where: x .> 88)
        // Adding 1.5 × 2^23 rounds to an integer, which then sits in the low bits.
        let shifted = x * 1.442_695_04 + 12_582_912
        let n = shifted - 12_582_912
        let r = x - n * 0.693_145_75 - n * 1.428_606_8e-6
        var p = SIMD8<Float>(repeating: 1.0 / 720)
        p = p * r + 1.0 / 120
        p = p * r + 1.0 / 24
        p = p * r + 1.0 / 6
        p = p * r + 0.5
        p = p * r + 1
        p = p * r + 1
        let exponent = (unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- 0x4B40_0000 &+ 127) &<< 23
        return p * unsafeBitCast(exponent, to: SIMD8<Float>.self)
    }

    /// erf(x) by Abramowitz and Stegun's 7.1.26.
    static func erf(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let a = abs(x)
        let t = 1 / (1 + 0.327_591_1 * a)
        var p = SIMD8<Float>(repeating: 1.061_405_429)
        p = p * t - 1.453_152_027
        p = p * t + 1.421_413_741
        p = p * t - 0.284_496_736
        p = p * t + 0.254_829_592
        let y = 1 - p * t * exp(-a * a)
        return y.replacing(with: -y, where: x .< 0)
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

private func abs(_ x: SIMD8<Float>) -> SIMD8<Float> {
    x.replacing(with: -x, where: x .< 0)
}
