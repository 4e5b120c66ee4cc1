import COpenBLAS

/// How the encoder multiplies matrices: OpenBLAS's `cblas_sgemm` where the library is
/// installed, otherwise a portable product in Swift, slower but the same to float rounding.
enum MatrixProducts: Sendable, CaseIterable {
    case openBLAS
    case portable

    /// OpenBLAS when it can be opened.
    static var fastest: MatrixProducts { openblas_shim_available() ? .openBLAS : .portable }

    var isAvailable: Bool { self == .portable || openblas_shim_available() }

    /// C = A · op(B) + beta · C over row-major matrices: A is m × k (row stride lda), op(B) is
    /// k × n, B itself (row stride ldb) or, when `transposedB`, the transpose of the n × k B;
    /// C is m × n (row stride ldc).
    func multiply(
        m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
        transposedB: Bool, beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        guard m > 0, n > 0 else { return }
        switch self {
        case .openBLAS:
            openblas_shim_sgemm(
                transposedB, Int32(m), Int32(n), Int32(k), a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
        case .portable:
            if transposedB {
                Self.portableTransposed(m: m, n: n, k: k, a: a, lda: lda, b: b, ldb: ldb, beta: beta, c: c, ldc: ldc)
            } else {
                Self.portable(m: m, n: n, k: k, a: a, lda: lda, b: b, ldb: ldb, beta: beta, c: c, ldc: ldc)
            }
        }
    }

    // C[i][j] = dot(A row i, B row j): four rows of A share each load of a row of B.
    private static func portableTransposed(
        m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int, beta: Float,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        let wide = k / 8 * 8
        var i = 0
        while i < m {
            let rows = min(4, m - i)
            for j in 0..<n {
                let bRow = b + j * ldb
                var sums = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())
                var p = 0
                while p < wide {
                    let bv = load8(bRow + p)
                    sums.0 += load8(a + i * lda + p) * bv
                    if rows > 1 { sums.1 += load8(a + (i + 1) * lda + p) * bv }
                    if rows > 2 { sums.2 += load8(a + (i + 2) * lda + p) * bv }
                    if rows > 3 { sums.3 += load8(a + (i + 3) * lda + p) * bv }
                    p += 8
                }
                func finish(_ sum: SIMD8<Float>, row r: Int) {
                    var total = sum.sum()
                    let aRow = a + (i + r) * lda
                    for q in wide..<k { total += aRow[q] * bRow[q] }
                    let out = c + (i + r) * ldc + j
                    out.pointee = beta == 0 ? total : total + beta * out.pointee
                }
                finish(sums.0, row: 0)
                if rows > 1 { finish(sums.1, row: 1) }
                if rows > 2 { finish(sums.2, row: 2) }
                if rows > 3 { finish(sums.3, row: 3) }
            }
            i += rows
        }
    }

    // C row i = sum over p of A[i][p] × B row p, eight columns at a time.
    private static func portable(
        m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int, beta: Float,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        let wide = n / 8 * 8
        for i in 0..<m {
            let cRow = c + i * ldc
            for j in 0..<n { cRow[j] = beta == 0 ? 0 : beta * cRow[j] }
            for p in 0..<k {
                let factor = a[i * lda + p]
                let bRow = b + p * ldb
                var j = 0
                while j < wide {
                    store8(load8(cRow + j) + factor * load8(bRow + j), cRow + j)
                    j += 8
                }
                for q in wide..<n { cRow[q] += factor * bRow[q] }
            }
        }
    }
}

@inline(__always)
func load8(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always)
func load8(_ pointer: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always)
func store8(_ value: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD8<Float>.self)
}
