import Testing

@testable import XKCDKit

@Suite struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(
            #" {"s": "a", "n": -12.5e3, "i": 353, "t": true, "f": false, "z": null, "a": [1, [], {}], "o": {"k": "v"}} "#
        )
        #expect(value["s"] == .string("a"))
        #expect(value["n"] == .number("-12.5e3"))
        #expect(value["i"]?.integer == 353)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["z"] == .null)
        #expect(value["a"] == .array([.number("1"), .array([]), .object([])]))
        #expect(value["o"]?["k"]?.string == "v")
        #expect(value["missing"] == nil)
    }

    @Test func decodesEscapes() throws {
        let value = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u0151", "\ud83d\ude00", "\ud800x", "\udc00"]"#)
        #expect(
            value.array == [
                .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"), .string("éő"), .string("😀"), .string("\u{FFFD}x"),
                .string("\u{FFFD}"),
            ])
    }

    @Test func keepsTheTextBetweenEscapes() throws {
        #expect(try parse(#""Erdős\n\"Pál\" ő\\ end\t""#) == .string("Erdős\n\"Pál\" ő\\ end\t"))
        #expect(try parse(#""\n""#) == .string("\n"))
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(Array("\"a\\nb\u{01}c\"".utf8)) }
        #expect(throws: JSONReader.SyntaxError.self) { try parse(#""a\nb"#) }
    }

    // Strings are scanned eight bytes at a time: a quote, a backslash or a control character
    // must be found at every offset within a word, after runs of every length.
    @Test func findsEveryStringBoundaryAtEveryOffset() throws {
        for run in 0..<20 {
            let plain = String(repeating: "é", count: run % 3) + String(repeating: "a", count: run)
            #expect(try parse("\"\(plain)\"") == .string(plain), "run \(run)")
            #expect(
                try parse("[\"\(plain)\\n\(plain)\", 1]") == .array([.string(plain + "\n" + plain), .number("1")]),
                "run \(run)")
            #expect(try parse("\"\(plain)\\u00e9\\\"x\"") == .string(plain + "é\"x"), "run \(run)")
            #expect(throws: JSONReader.SyntaxError.self) { try parse("\"\(plain)\u{1}\(plain)\"") }
            #expect(throws: JSONReader.SyntaxError.self) { try parse("\"\(plain)\\n\(plain)\u{1F}\"") }
            #expect(throws: JSONReader.SyntaxError.self) { try parse("\"\(plain)") }
        }
    }

    @Test func keepsRawUTF8AndReplacesInvalidBytes() throws {
        #expect(try parse("\"Erdős\"") == .string("Erdős"))
        #expect(try JSONReader.parse([0x22, 0x61, 0xFF, 0x62, 0x22]) == .string("a\u{FFFD}b"))
    }

    @Test func theLastOfRepeatedKeysWins() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#)["a"]?.integer == 2)
    }

    @Test func integersMustBeExactAndBounded() throws {
        #expect(try parse("353.0").integer == 353)
        #expect(try parse("3.5").integer == nil)
        #expect(try parse("1e300").integer == nil)
        #expect(try parse("99999999999999999999").integer == nil)
        #expect(try parse("\"353\"").integer == nil)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "-", "1.", "1e", ".5", "+1",
        "tru", "nul", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"a\nb\"", "[1] 2", "'a'", "NaN", "[\"\\",
    ])
    func refusesMalformedDocuments(_ text: String) {
        #expect(throws: JSONReader.SyntaxError.self) { try parse(text) }
    }

    @Test func refusesDeepNestingWithoutExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.SyntaxError.self) { try parse(deep) }
        let allowed =
            String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(try parse(allowed).array?.count == 1)
    }

    @Test func errorsSayWhere() {
        #expect(throws: JSONReader.SyntaxError(offset: 7, reason: "expected ',' or '}'")) {
            try parse(#"{"a":1 "b":2}"#)
        }
    }
}
