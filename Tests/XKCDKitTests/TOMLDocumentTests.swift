import Testing

@testable import XKCDKit

private func parsed(_ text: String) -> [String: TOMLValue] {
    let result = TOMLDocument.parse(text)
    #expect(result.problems == [])
    return Dictionary(result.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
}

private func problems(_ text: String) -> [TOMLProblem] {
    TOMLDocument.parse(text).problems
}

private func float(_ value: TOMLValue?) -> Double? {
    if case .float(let float) = value { return float }
    return nil
}

@Suite struct TOMLReadingTests {
    @Test func specComments() {
        let values = parsed(
            """
            # This is a full-line comment
            key = "value"  # This is a comment at the end of a line
            another = "# This is not a comment"
            """)
        #expect(values == ["key": .string("value"), "another": .string("# This is not a comment")])
    }

    @Test func specKeys() {
        let values = parsed(
            #"""
            key = "value"
            bare_key = "value"
            bare-key = "value"
            1234 = "value"
            "127.0.0.1" = "value"
            "character encoding" = "value"
            "ʎǝʞ" = "value"
            'key2' = "value"
            'quoted "value"' = "value"
            """#)
        let keys = [
            "key", "bare_key", "bare-key", "1234", "127.0.0.1", "character encoding", "ʎǝʞ", "key2", #"quoted "value""#,
        ]
        #expect(Set(values.keys) == Set(keys))
        #expect(parsed("\"\" = \"blank\"") == ["": .string("blank")])
        #expect(parsed("'' = 'blank'") == ["": .string("blank")])
    }

    @Test func entriesCarryTheirLine() {
        let result = TOMLDocument.parse("# settings\n\n  width = 80\n")
        #expect(result.entries == [TOMLEntry(key: "width", value: .integer(80), line: 3)])
    }

    @Test func specBasicStrings() {
        let values = parsed(
            #"""
            str = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF."
            all = "\b\t\n\f\r\"\\\u00e9\U0001F600"
            """#)
        #expect(values["str"] == .string("I'm a string. \"You can quote me\". Name\tJos\u{E9}\nLocation\tSF."))
        #expect(values["all"] == .string("\u{08}\t\n\u{0C}\r\"\\\u{E9}\u{1F600}"))
    }

    @Test func specMultilineBasicStrings() {
        let values = parsed(
            #"""
            str1 = """
            Roses are red
            Violets are blue"""
            str2 = "Roses are red\nViolets are blue"
            """#)
        #expect(values["str1"] == values["str2"])

        let fox = parsed(
            #"""
            # The following strings are byte-for-byte equivalent:
            str1 = "The quick brown fox jumps over the lazy dog."

            str2 = """
            The quick brown \


              fox jumps over \
                the lazy dog."""

            str3 = """\
                   The quick brown \
                   fox jumps over \
                   the lazy dog.\
                   """
            """#)
        let expected = TOMLValue.string("The quick brown fox jumps over the lazy dog.")
        #expect(fox == ["str1": expected, "str2": expected, "str3": expected])
    }

    @Test func specQuotesInMultilineBasicStrings() {
        let values = parsed(
            #"""
            str4 = """Here are two quotation marks: "". Simple enough."""
            str5 = """Here are three quotation marks: ""\"."""
            str6 = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\"."""

            # "This," she said, "is just a pointless statement."
            str7 = """"This," she said, "is just a pointless statement.""""
            """#)
        #expect(values["str4"] == .string(#"Here are two quotation marks: "". Simple enough."#))
        #expect(values["str5"] == .string(#"Here are three quotation marks: """."#))
        #expect(
            values["str6"] == .string("Here are fifteen quotation marks: " + String(repeating: "\"", count: 15) + "."))
        #expect(values["str7"] == .string(#""This," she said, "is just a pointless statement.""#))
        let invalid = problems(#"str5 = """Here are three quotation marks: """."""  # INVALID"#)
        #expect(invalid.map(\.line) == [1])
        #expect(invalid.first?.message.hasPrefix("unexpected text after value") == true)
    }

    @Test func specLiteralStrings() {
        let values = parsed(
            #"""
            # What you see is what you get.
            winpath  = 'C:\Users\nodejs\templates'
            winpath2 = '\\ServerX\admin$\system32\'
            quoted   = 'Tom "Dubs" Preston-Werner'
            regex    = '<\i\c*\s*>'
            """#)
        #expect(values["winpath"] == .string(#"C:\Users\nodejs\templates"#))
        #expect(values["winpath2"] == .string(#"\\ServerX\admin$\system32\"#))
        #expect(values["quoted"] == .string(#"Tom "Dubs" Preston-Werner"#))
        #expect(values["regex"] == .string(#"<\i\c*\s*>"#))
    }

    @Test func specMultilineLiteralStrings() {
        let values = parsed(
            #"""
            regex2 = '''I [dw]on't need \d{2} apples'''
            lines  = '''
            The first newline is
            trimmed in raw strings.
               All other whitespace
               is preserved.
            '''
            quot15 = '''Here are fifteen quotation marks: """""""""""""""'''
            apos15 = "Here are fifteen apostrophes: '''''''''''''''"
            # 'That,' she said, 'is still pointless.'
            str = ''''That,' she said, 'is still pointless.''''
            """#)
        #expect(values["regex2"] == .string(#"I [dw]on't need \d{2} apples"#))
        #expect(
            values["lines"]
                == .string("The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n")
        )
        #expect(values["quot15"] == .string("Here are fifteen quotation marks: " + String(repeating: "\"", count: 15)))
        #expect(values["apos15"] == .string("Here are fifteen apostrophes: " + String(repeating: "'", count: 15)))
        #expect(values["str"] == .string("'That,' she said, 'is still pointless.'"))
        #expect(problems("apos15 = '''Here are fifteen apostrophes: ''''''''''''''''''  # INVALID").map(\.line) == [1])
    }

    @Test func invalidEscapes() {
        let result = TOMLDocument.parse(
            #"""
            ok = "fine"
            a = "\q"
            b = "\uD800"
            c = "\u12"
            d = """
            line \x
            """
            e = "fine"
            """#)
        #expect(
            result.problems == [
                TOMLProblem(line: 2, message: #"invalid escape \q"#),
                TOMLProblem(line: 3, message: #"invalid escape \uD800 (not a unicode scalar value)"#),
                TOMLProblem(line: 4, message: #"invalid escape \u12 (needs 4 hex digits)"#),
                TOMLProblem(line: 6, message: #"invalid escape \x"#),
            ])
        #expect(result.entries.map(\.key) == ["ok", "e"])
    }

    @Test func specIntegers() {
        let values = parsed(
            """
            int1 = +99
            int2 = 42
            int3 = 0
            int4 = -17
            int5 = 1_000
            int6 = 5_349_221
            int7 = 53_49_221  # Indian number system grouping
            int8 = 1_2_3_4_5  # VALID but discouraged
            # hexadecimal with prefix `0x`
            hex1 = 0xDEADBEEF
            hex2 = 0xdeadbeef
            hex3 = 0xdead_beef
            # octal with prefix `0o`
            oct1 = 0o01234567
            oct2 = 0o755 # useful for Unix file permissions
            # binary with prefix `0b`
            bin1 = 0b11010110
            max = 9223372036854775807
            min = -9223372036854775808
            zero = -0
            """)
        #expect(
            values == [
                "int1": .integer(99), "int2": .integer(42), "int3": .integer(0), "int4": .integer(-17),
                "int5": .integer(1000), "int6": .integer(5_349_221), "int7": .integer(5_349_221),
                "int8": .integer(12345), "hex1": .integer(0xDEAD_BEEF), "hex2": .integer(0xDEAD_BEEF),
                "hex3": .integer(0xDEAD_BEEF), "oct1": .integer(0o01234567), "oct2": .integer(0o755),
                "bin1": .integer(0b11010110), "max": .integer(.max), "min": .integer(.min), "zero": .integer(0),
            ])
    }

    @Test(arguments: [
        ("leading = 0123", "leading zeros are not allowed: '0123'"),
        ("leading = -01", "leading zeros are not allowed: '-01'"),
        ("big = 9223372036854775808", "integer out of range: '9223372036854775808'"),
        ("small = -9223372036854775809", "integer out of range: '-9223372036854775809'"),
        ("hex = 0x8000000000000000", "integer out of range: '0x8000000000000000'"),
        ("signed = +0x1F", "invalid number '+0x1F'"),
        ("prefix = 0x_1F", "invalid number '0x_1F'"),
        ("bin = 0b102", "invalid number '0b102'"),
        ("twice = 1__000", "invalid number '1__000' (underscores must sit between digits)"),
        ("trailing = 1_000_", "invalid number '1_000_' (underscores must sit between digits)"),
        ("word = dark", "invalid value 'dark' (strings need quotes)"),
        ("caps = True", "invalid value 'True' (true, false, inf and nan are lower-case)"),
    ])
    func invalidNumbersAndWords(line: String, message: String) {
        #expect(problems("ok = 1\n" + line + "\n") == [TOMLProblem(line: 2, message: message)])
    }

    @Test func specFloats() {
        let values = parsed(
            """
            # fractional
            flt1 = +1.0
            flt2 = 3.1415
            flt3 = -0.01

            # exponent
            flt4 = 5e+22
            flt5 = 1e06
            flt6 = -2E-2

            # both
            flt7 = 6.626e-34
            flt8 = 224_617.445_991_228
            # infinity
            sf1 = inf  # positive infinity
            sf2 = +inf # positive infinity
            sf3 = -inf # negative infinity
            """)
        #expect(
            values == [
                "flt1": .float(1.0), "flt2": .float(3.1415), "flt3": .float(-0.01), "flt4": .float(5e+22),
                "flt5": .float(1e06), "flt6": .float(-2e-2), "flt7": .float(6.626e-34),
                "flt8": .float(224_617.445_991_228), "sf1": .float(.infinity), "sf2": .float(.infinity),
                "sf3": .float(-.infinity),
            ])
        let nans = parsed(
            """
            # not a number
            sf4 = nan  # actual sNaN/qNaN encoding is implementation-specific
            sf5 = +nan # same as `nan`
            sf6 = -nan # valid, actual encoding is implementation-specific
            """)
        #expect(["sf4", "sf5", "sf6"].allSatisfy { float(nans[$0])?.isNaN == true })
        #expect(float(parsed("neg = -0.0")["neg"])?.sign == .minus)
    }

    @Test func specInvalidFloats() {
        let found = problems(
            """
            # INVALID FLOATS
            invalid_float_1 = .7
            invalid_float_2 = 7.
            invalid_float_3 = 3.e+20
            huge = 1e400
            """)
        #expect(
            found == [
                TOMLProblem(line: 2, message: "invalid float '.7' (a decimal point needs a digit on each side)"),
                TOMLProblem(line: 3, message: "invalid float '7.' (a decimal point needs a digit on each side)"),
                TOMLProblem(line: 4, message: "invalid float '3.e+20' (a decimal point needs a digit on each side)"),
                TOMLProblem(line: 5, message: "float out of range: '1e400'"),
            ])
    }

    @Test func specBooleans() {
        #expect(parsed("bool1 = true\nbool2 = false") == ["bool1": .boolean(true), "bool2": .boolean(false)])
    }

    @Test func specArrays() {
        let values = parsed(
            #"""
            integers = [ 1, 2, 3 ]
            colors = [ "red", "yellow", "green" ]
            nested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]
            string_array = [ "all", 'strings', """are the same""", '''type''' ]

            # Mixed-type arrays are allowed
            numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]
            integers2 = [
              1, 2, 3
            ]

            integers3 = [
              1,
              2, # this is ok
            ]
            empty = []
            """#)
        let ints = TOMLValue.array([.integer(1), .integer(2), .integer(3)])
        #expect(values["integers"] == ints)
        #expect(values["colors"] == .array([.string("red"), .string("yellow"), .string("green")]))
        #expect(
            values["nested_arrays_of_ints"]
                == .array([
                    .array([.integer(1), .integer(2)]), .array([.integer(3), .integer(4), .integer(5)]),
                ]))
        #expect(values["string_array"] == .array(["all", "strings", "are the same", "type"].map(TOMLValue.string)))
        #expect(
            values["numbers"] == .array([.float(0.1), .float(0.2), .float(0.5), .integer(1), .integer(2), .integer(5)]))
        #expect(values["integers2"] == ints)
        #expect(values["integers3"] == .array([.integer(1), .integer(2)]))
        #expect(values["empty"] == .array([]))
    }

    @Test func specInvalidKeyValues() {
        let found = problems(
            """
            = "no key name"  # INVALID
            key = # INVALID
            "key" = 
            first = "Tom" last = "Preston-Werner" # INVALID
            physical.color = "orange"
            3.14159 = "pi"
            """)
        #expect(
            found == [
                TOMLProblem(line: 1, message: "expected a key before '='"),
                TOMLProblem(line: 2, message: "expected a value after '='"),
                TOMLProblem(line: 3, message: "expected a value after '='"),
                TOMLProblem(line: 4, message: #"unexpected text after value: 'last = "Preston-Werner"'"#),
                TOMLProblem(line: 5, message: "dotted keys are not used here: 'physical.color'"),
                TOMLProblem(line: 6, message: "dotted keys are not used here: '3.14159'"),
            ])
        #expect(problems("name\n") == [TOMLProblem(line: 1, message: "expected '=' after key 'name'")])
    }

    @Test func specDuplicateKeys() {
        let tom = TOMLDocument.parse(
            """
            # DO NOT DO THIS
            name = "Tom"
            name = "Pradyun"
            """)
        #expect(tom.entries == [TOMLEntry(key: "name", value: .string("Tom"), line: 2)])
        #expect(tom.problems == [TOMLProblem(line: 3, message: "duplicate key 'name'")])
        let spelling = problems(
            """
            # THIS WILL NOT WORK
            spelling = "favorite"
            "spelling" = "favourite"
            """)
        #expect(spelling == [TOMLProblem(line: 3, message: "duplicate key 'spelling'")])
    }

    @Test func unsupportedValues() {
        let found = problems(
            """
            odt1 = 1979-05-27T07:32:00Z
            odt4 = 1979-05-27 07:32:00Z
            lt1 = 07:32:00
            point = { x = 1, y = 2 }
            """)
        #expect(
            found == [
                TOMLProblem(line: 1, message: "dates and times are not supported here: '1979-05-27T07:32:00Z'"),
                TOMLProblem(line: 2, message: "dates and times are not supported here: '1979-05-27'"),
                TOMLProblem(line: 3, message: "dates and times are not supported here: '07:32:00'"),
                TOMLProblem(line: 4, message: "inline tables are not supported here"),
            ])
    }

    @Test func tablesGiveQualifiedKeys() {
        let result = TOMLDocument.parse(
            #"""
            theme = "dark"
            [table-1]
            key1 = "some string"
            [ dog . "tater.man" ]  # spaced
            type = "pug"
            [table-1]
            key2 = 456
            [[products]]
            name = "Hammer"
            [owner]
            theme = 1
            """#)
        #expect(
            result.entries.map(\.key) == ["theme", "table-1.key1", "dog.tater.man.type", "table-1.key2", "owner.theme"])
        #expect(
            result.problems == [
                TOMLProblem(line: 6, message: "table [table-1] is defined twice"),
                TOMLProblem(line: 8, message: "arrays of tables are not supported here: '[[products]]'"),
            ])
        #expect(problems("a = 1\n[a]\n") == [TOMLProblem(line: 2, message: "table [a] clashes with key 'a'")])
    }

    @Test func bomAndCRLF() {
        let values = parsed("\u{FEFF}a = 1\r\n# note\r\ns = \"\"\"\r\none\r\ntwo\"\"\"\r\nb = [\r\n  2,\r\n]\r\n")
        #expect(values == ["a": .integer(1), "s": .string("one\ntwo"), "b": .array([.integer(2)])])
    }

    @Test func controlCharacters() {
        #expect(
            problems("a = 1 # bell \u{07}\n") == [TOMLProblem(line: 1, message: "control character U+0007 in comment")])
        #expect(
            problems("a = \"x\u{01}\"\n") == [
                TOMLProblem(line: 1, message: "control character U+0001 must be escaped in a string")
            ])
        #expect(parsed("a = \"tab\there\"") == ["a": .string("tab\there")])
        #expect(
            problems("a = 1\rb = 2\n") == [
                TOMLProblem(line: 1, message: "unexpected control character U+000D after value")
            ])
    }
}

@Suite struct TOMLRecoveryTests {
    @Test func badLineDoesNotHideTheNext() {
        let result = TOMLDocument.parse("width = 80\ntheme = \"dark\nheight = 24\n")
        #expect(result.entries.map(\.key) == ["width", "height"])
        #expect(result.problems == [TOMLProblem(line: 2, message: "unterminated string")])
    }

    @Test func unterminatedMultilineStringReportsItsFirstLine() {
        let result = TOMLDocument.parse("a = 1\nb = '''never closed\nc = 3\n")
        #expect(result.problems == [TOMLProblem(line: 2, message: "unterminated multi-line string")])
        #expect(result.entries.map(\.key) == ["a", "c"])
    }

    @Test func arrayMissingItsBracket() {
        let result = TOMLDocument.parse("a = [1, 2\nb = 3\nc = [\n  4,\n[table]\nd = 5\n")
        #expect(
            result.problems == [
                TOMLProblem(line: 1, message: "unterminated array"),
                TOMLProblem(line: 3, message: "unterminated array"),
            ])
        #expect(result.entries.map(\.key) == ["b", "table.d"])
    }

    @Test func badValueInsideArray() {
        let result = TOMLDocument.parse("a = [1, 2 3]\nb = 2\n")
        #expect(result.problems == [TOMLProblem(line: 1, message: "expected ',' or ']' in array, found '3]'")])
        #expect(result.entries.map(\.key) == ["b"])
    }
}

@Suite struct TOMLEditingTests {
    @Test func replacesInPlaceKeepingEverythingElse() {
        let text = "# xkcd settings\n\n   theme   =  \"dark\"   # colours\nwidth=80\n\n# end"
        let edited = TOMLDocument.setting("theme", to: .string("light"), in: text)
        #expect(edited == "# xkcd settings\n\n   theme   =  \"light\"   # colours\nwidth=80\n\n# end")
        #expect(TOMLDocument.setting("width", to: .integer(100), in: text).hasSuffix("width=100\n\n# end"))
    }

    @Test func keepsCRLFAndBOM() {
        let text = "\u{FEFF}a = 1\r\nb = 2 # two\r\n"
        #expect(TOMLDocument.setting("b", to: .boolean(true), in: text) == "\u{FEFF}a = 1\r\nb = true # two\r\n")
        #expect(TOMLDocument.setting("c", to: .integer(3), in: text) == "\u{FEFF}a = 1\r\nb = 2 # two\r\nc = 3\r\n")
    }

    @Test func appendsWhenAbsent() {
        #expect(TOMLDocument.setting("c", to: .integer(3), in: "a = 1\n") == "a = 1\nc = 3\n")
        #expect(TOMLDocument.setting("c", to: .integer(3), in: "a = 1") == "a = 1\nc = 3")
        #expect(TOMLDocument.setting("c", to: .integer(3), in: "") == "c = 3\n")
        #expect(TOMLDocument.setting("my key", to: .integer(3), in: "") == "\"my key\" = 3\n")
    }

    @Test func appendsBeforeTheFirstTable() {
        let text = "a = 1\n\n# keys\n[keys]\nquit = \"q\"\n"
        #expect(
            TOMLDocument.setting("b", to: .integer(2), in: text) == "a = 1\nb = 2\n\n# keys\n[keys]\nquit = \"q\"\n")
        #expect(
            TOMLDocument.setting("quit", to: .string("x"), in: text)
                == "a = 1\nquit = \"x\"\n\n# keys\n[keys]\nquit = \"q\"\n")
        let headerOnly = "# top\n\n# keys\n[keys]\n"
        #expect(TOMLDocument.setting("b", to: .integer(2), in: headerOnly) == "# top\n\nb = 2\n# keys\n[keys]\n")
    }

    @Test func replacesMultilineValuesWhole() {
        let text = "a = \"\"\"\nline one\nline two\"\"\" # note\nb = [\n  1,\n  2,\n]\nc = 3\n"
        let once = TOMLDocument.setting("a", to: .string("one"), in: text)
        #expect(once == "a = \"one\" # note\nb = [\n  1,\n  2,\n]\nc = 3\n")
        #expect(
            TOMLDocument.setting("b", to: .array([.integer(9)]), in: once) == "a = \"one\" # note\nb = [9]\nc = 3\n")
    }

    @Test func literals() {
        #expect(TOMLDocument.literal(.string("say \"hi\"\\\n\t\u{01}\u{7F}é")) == #""say \"hi\"\\\n\t\u0001\u007Fé""#)
        #expect(TOMLDocument.literal(.float(1)) == "1.0")
        #expect(TOMLDocument.literal(.float(1e22)) == "1e+22")
        #expect(TOMLDocument.literal(.float(-.infinity)) == "-inf")
        #expect(TOMLDocument.literal(.float(.nan)) == "nan")
        #expect(TOMLDocument.literal(.array([.integer(1), .string("x"), .boolean(false)])) == #"[1, "x", false]"#)
    }

    @Test(arguments: [
        TOMLValue.string("plain"), .string("quote \" and \\ backslash"), .string("new\nline\r\n"),
        .string("control \u{00}\u{08}\u{0C}\u{1B}\u{7F}"), .string("non-ASCII é ʎǝʞ 😀"), .string(""),
        .float(0.1), .float(-0.0), .float(.leastNonzeroMagnitude), .float(.greatestFiniteMagnitude), .float(1e16),
        .float(123456.789), .float(-.infinity), .integer(.min), .array([.array([.float(2.5)]), .string("a")]),
    ])
    func roundTrips(value: TOMLValue) {
        let text = "# settings\nkey = \"old\" # kept\nother = 1\n"
        for source in [text, "other = 1"] {
            let result = TOMLDocument.parse(TOMLDocument.setting("key", to: value, in: source))
            #expect(result.problems == [])
            #expect(result.entries.first { $0.key == "key" }?.value == value)
        }
    }

    @Test func nanRoundTrips() {
        let result = TOMLDocument.parse(TOMLDocument.setting("x", to: .float(.nan), in: "x = 1\n"))
        #expect(float(result.entries.first?.value)?.isNaN == true)
    }
}
