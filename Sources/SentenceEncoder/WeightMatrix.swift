import CEncoderKernels

/// How a layer's weights are multiplied: as floats, or as the model file's bytes by the
/// processor's byte products (AVX-512 VNNI), which round each row of activations to 256
/// levels first, as ONNX Runtime runs the int8 export. The two give vectors alike to a cosine
/// of 0.998 on average (0.993 at least, on the reference sentences); the bytes take a quarter
/// of the time and of the memory.
enum WeightForm: Sendable, CaseIterable {
    case floats
    case bytes

    /// Bytes where the processor multiplies them in one instruction.
    static var fastest: WeightForm { int8_products_available() ? .bytes : .floats }

    var isAvailable: Bool { self == .floats || int8_products_available() }
}

/// A layer's weight matrix, a row per output, in the form its products take, in memory the
/// model owns.
struct WeightMatrix: Sendable {
    let rows: Int
    let columns: Int
    private let memory: MappedMemory
    /// In bytes: the floats, or the packed bytes followed by a scale and a sum per row.
    private let offset: Int
    private let form: WeightForm

    /// Each stack of matrices (one above the other, of as many columns) as one matrix in
    /// `form`, all in one mapping.
    static func prepare(_ stacks: [[QuantizedMatrix]], as form: WeightForm) -> [WeightMatrix] {
        // Bytes of each stack, rounded up so that each starts on a cache line.
        func size(_ stack: [QuantizedMatrix]) -> Int {
            let bytes = stack.reduce(0) { total, matrix in
                switch form {
                case .floats: total + matrix.count * MemoryLayout<Float>.stride
                case .bytes: total + int8_packed_bytes(Int32(matrix.rows), Int32(matrix.columns)) + matrix.rows * 8
                }
            }
            return (bytes + 63) / 64 * 64
        }
        var offsets: [Int] = []
        let memory = MappedMemory(bytes: stacks.reduce(0) { $0 + size($1) }) { destination in
            var offset = 0
            for stack in stacks {
                offsets.append(offset)
                let start = destination + offset
                let rows = stack.reduce(0) { $0 + $1.rows }
                var row = 0
                for matrix in stack {
                    switch form {
                    case .floats:
                        matrix.dequantize(into: start.assumingMemoryBound(to: Float.self) + row * matrix.columns)
                    case .bytes:
                        // The packed rows of all, then the scales of all, then their sums.
                        let packed = int8_packed_bytes(Int32(rows), Int32(matrix.columns))
                        let scales = (start + packed).assumingMemoryBound(to: Float.self) + row
                        matrix.withValues { values in
                            int8_pack(
                                values, Int32(matrix.rows), Int32(matrix.columns),
                                (start + row * matrix.columns).assumingMemoryBound(to: Int8.self),
                                (start + packed + rows * 4).assumingMemoryBound(to: Int32.self) + row)
                        }
                        for index in 0..<matrix.rows { scales[index] = matrix.scale(index) }
                    }
                    row += matrix.rows
                }
                offset += size(stack)
            }
        }
        return zip(stacks, offsets).map { stack, offset in
            WeightMatrix(
                rows: stack.reduce(0) { $0 + $1.rows }, columns: stack[0].columns, memory: memory, offset: offset,
                form: form)
        }
    }

    /// Whether the byte products can take a matrix of this shape.
    static func bytesFit(rows: Int, columns: Int) -> Bool {
        rows % 16 == 0 && columns % 4 == 0
    }

    /// C = beta · C + A · Wᵀ: A is `count` × `columns` (row stride `columns`), C `count` ×
    /// `rows` (row stride ldc); float products by `products`.
    func multiply(
        _ a: UnsafePointer<Float>, count: Int, beta: Float = 0, into c: UnsafeMutablePointer<Float>, ldc: Int,
        products: MatrixProducts
    ) {
        let start = memory.bytes.baseAddress! + offset
        switch form {
        case .floats:
            products.multiply(
                m: count, n: rows, k: columns, a: a, lda: columns, b: start.assumingMemoryBound(to: Float.self),
                ldb: columns, transposedB: true, beta: beta, c: c, ldc: ldc)
        case .bytes:
            let packed = int8_packed_bytes(Int32(rows), Int32(columns))
            let done = int8_multiply(
                Int32(count), Int32(rows), Int32(columns), a, Int32(columns), start.assumingMemoryBound(to: Int8.self),
                (start + packed).assumingMemoryBound(to: Float.self),
                (start + packed + rows * 4).assumingMemoryBound(to: Int32.self), beta, c, Int32(ldc))
            guard done else { fatalError("out of memory for \(count * columns) bytes") }
        }
    }
}
