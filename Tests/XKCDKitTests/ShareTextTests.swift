import Foundation
import Testing

@testable import XKCDKit

@Suite struct ShareTextTests {

    func comic(title: String, alt: String = "alt text", img: String = "https://imgs.xkcd.com/comics/python.png")
        -> DisplayComic
    {
        DisplayComic(
            Comic(
                num: 353, title: title, safeTitle: title, alt: alt, img: img, link: "", news: "", transcript: "",
                year: 2007, month: 12, day: 5))
    }

    // Splits a mailto: URL into its address and decoded header fields.
    func decode(_ url: String) throws -> (to: String, fields: [String: String]) {
        #expect(url.hasPrefix("mailto:"))
        let rest = url.dropFirst("mailto:".count)
        let parts = rest.split(separator: "?", maxSplits: 1)
        var fields: [String: String] = [:]
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            fields[String(kv[0])] = try percentDecoded(String(kv[1]))
        }
        return (try percentDecoded(String(parts[0])), fields)
    }

    func percentDecoded(_ text: String) throws -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                let hex = try #require(UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16))
                bytes.append(hex)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return try #require(String(validating: bytes, as: UTF8.self))
    }

    @Test func textBlock() {
        #expect(
            ShareText.text(comic(title: "Python")) == """
                xkcd #353: Python
                https://xkcd.com/353/
                https://imgs.xkcd.com/comics/python.png
                alt text
                """)
    }

    @Test(arguments: [
        "Python", "Tom & Jerry?", "#1 hit", "100% + 5", "\"quoted\" 'single'", "Erdős – café ☃", "a=b&c=d",
        "line\u{2028}sep",
    ])
    func mailtoDecodesBackToTheTextBlock(_ title: String) throws {
        let shown = comic(title: title, alt: "Alt with & = ? # % + \"quotes\" and ünïcode")
        let url = ShareText.mailto(shown, to: "friend+xkcd@example.com")
        let reserved = url.dropFirst("mailto:".count).split(separator: "?", maxSplits: 1)[1]
            .split(separator: "&").map { $0.split(separator: "=", maxSplits: 1)[1] }
        for value in reserved {
            #expect(
                value.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "-._~%".unicodeScalars.contains($0))
                })
        }
        let (to, fields) = try decode(url)
        #expect(to == "friend+xkcd@example.com")
        #expect(fields["subject"] == "xkcd #353: \(shown.title)")
        #expect(fields["body"] == ShareText.text(shown).replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(fields["body"]?.contains("\r\n") == true)
    }

    @Test func mailtoWithoutAddress() {
        #expect(
            ShareText.mailto(comic(title: "Python"), to: nil).hasPrefix(
                "mailto:?subject=xkcd%20%23353%3A%20Python&body="))
    }

    @Test func markdown() {
        #expect(
            ShareText.markdown(comic(title: "Python [draft]", alt: "x_y")) == """
                [xkcd #353: Python \\[draft\\]](https://xkcd.com/353/)
                ![x\\_y](https://imgs.xkcd.com/comics/python.png)
                """)
    }

    @Test(arguments: ["a@b.co", "first.last+tag@mail.example.org", "x_y@example-mail.com"])
    func validAddresses(_ address: String) {
        #expect(ShareText.isValidAddress(address))
    }

    @Test(arguments: [
        "", "plain", "@example.com", "a@", "a@b", "a b@c.com", "a@b..com", ".a@b.com", "a@-b.com",
        "a@b.com,c@d.com", "Name <a@b.com>", "a@b.com?subject=x", "a\n@b.com", "ä@b.com",
    ])
    func invalidAddresses(_ address: String) {
        #expect(!ShareText.isValidAddress(address))
    }

    @Test func parserChecksShareOptions() throws {
        #expect(
            try CommandParser.parse(words: ["share", "353", "--mailto", "--to", "a@b.co"])
                == .share(.number(353), format: .mailto, to: "a@b.co", copy: false, open: false))
        #expect(
            try CommandParser.parse(words: ["share", "--markdown", "--copy"])
                == .share(nil, format: .markdown, to: nil, copy: true, open: false))
        #expect(try CommandParser.parse(words: ["explain", "--all"]) == .explain(nil, all: true))
        #expect(try CommandParser.parse(words: ["e", "327"]) == .explain(.number(327), all: false))
        #expect(try CommandParser.parse(words: ["o"]) == .open(nil))
        #expect(
            try CommandParser.parse(words: ["share", "--to", "a@b.co"])
                == .share(nil, format: .mailto, to: "a@b.co", copy: false, open: false), "an address means mailto:")
        for bad in [
            ["share", "--mailto", "--to", "nope"], ["share", "--text", "--to", "a@b.co"],
            ["share", "--text", "--markdown"],
            ["share", "--bogus"], ["share", "1", "2"], ["share", "--mailto", "--to"], ["explain", "--none"],
        ] {
            #expect(throws: UsageError.self) { try CommandParser.parse(words: bad) }
        }
    }
}
