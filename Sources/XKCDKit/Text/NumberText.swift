/// Numbers spelled as C's `printf` spells them (`%.1f`, `%02d`, `%02X`), written out by hand:
/// Foundation's `String(format:)` would bring ICU into the binary.
enum NumberText {
    /// `value` with exactly `decimals` digits after the point, as `%.<decimals>f` gives it: the
    /// exact binary value rounded half to even (0.125 is "0.12", 0.35 is "0.3" since it is
    /// 0.34999…), a minus sign kept on a negative value that rounds to zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        precondition(decimals >= 0, "a negative number of decimals")
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        // value = significand × 2^exponent exactly; the digits are significand × 10^decimals ×
        // 2^exponent rounded to an integer, in base 2^32 limbs (least significant first).
        let magnitude = value.magnitude
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
        let exponent = magnitude.isNormal ? Int(magnitude.exponentBitPattern) - 1075 : -1074
        var limbs = [UInt32(truncatingIfNeeded: significand), UInt32(truncatingIfNeeded: significand >> 32)]
        for _ in 0..<decimals { multiply(&limbs, by: 10) }
        if exponent >= 0 {
            shiftLeft(&limbs, by: exponent)
        } else {
            shiftRightRoundingHalfToEven(&limbs, by: -exponent)
        }
        var digits = decimalDigits(limbs)
        if digits.count <= decimals {
            digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits
        }
        let sign = value.sign == .minus ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let point = digits.index(digits.endIndex, offsetBy: -decimals)
        return sign + digits[..<point] + "." + digits[point...]
    }

    /// `value` in decimal with zeros in front up to `width` digits, as `%0<width>d`.
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let room = width - sign.count - digits.count
        return sign + String(repeating: "0", count: max(0, room)) + digits
    }

    /// `byte` as two upper-case hexadecimal digits, as `%02X`.
    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(String.UnicodeScalarView([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]))
    }

    private static func multiply(_ limbs: inout [UInt32], by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    private static func shiftLeft(_ limbs: inout [UInt32], by bits: Int) {
        let whole = bits / 32
        let rest = bits % 32
        if rest > 0 {
            var carry: UInt32 = 0
            for i in limbs.indices {
                let shifted = UInt64(limbs[i]) << rest | UInt64(carry)
                limbs[i] = UInt32(truncatingIfNeeded: shifted)
                carry = UInt32(truncatingIfNeeded: shifted >> 32)
            }
            if carry > 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    // Divides by 2^bits, rounding to the nearest integer and a tie to the even one.
    private static func shiftRightRoundingHalfToEven(_ limbs: inout [UInt32], by bits: Int) {
        let halfBit = bits - 1
        let halfLimb = halfBit / 32
        let half = halfLimb < limbs.count && limbs[halfLimb] >> UInt32(halfBit % 32) & 1 == 1
        let mask: UInt32 = (1 << UInt32(halfBit % 32)) &- 1
        let below =
            limbs.prefix(halfLimb).contains { $0 != 0 } || (halfLimb < limbs.count && limbs[halfLimb] & mask != 0)
        let whole = bits / 32
        let rest = UInt32(bits % 32)
        var quotient: [UInt32] = []
        if whole < limbs.count {
            for i in whole..<limbs.count {
                var limb = limbs[i] >> rest
                if rest > 0, i + 1 < limbs.count { limb |= limbs[i + 1] << (32 - rest) }
                quotient.append(limb)
            }
        }
        limbs = quotient.isEmpty ? [0] : quotient
        if half, below || limbs[0] & 1 == 1 { add(&limbs, 1) }
    }

    private static func add(_ limbs: inout [UInt32], _ value: UInt32) {
        var carry = UInt64(value)
        for i in limbs.indices where carry > 0 {
            let sum = UInt64(limbs[i]) + carry
            limbs[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    private static func decimalDigits(_ limbs: [UInt32]) -> String {
        var limbs = limbs
        var chunks: [UInt32] = []  // base 10^9, least significant first
        while limbs.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for i in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[i])
                limbs[i] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        }
        guard let top = chunks.popLast() else { return "0" }
        return chunks.reversed().reduce(String(top)) { text, chunk in text + zeroPadded(Int(chunk), width: 9) }
    }
}
