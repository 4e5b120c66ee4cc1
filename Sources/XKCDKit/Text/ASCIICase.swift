/// ASCII letters' case, byte by byte, for markers looked for in text without decoding it.
enum ASCIICase {
    /// `byte` lowercased when it is an ASCII capital letter, else as it is.
    static func fold(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
