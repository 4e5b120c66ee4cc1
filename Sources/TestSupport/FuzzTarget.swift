import Foundation
import XKCDKit

/// The fuzz targets (`make fuzz`): each takes arbitrary bytes, must not crash, and checks what
/// the code it drives promises about its output. The tests replay every input a run has found
/// (Fixtures/fuzz/crashes/TARGET/) through the same checks.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// `CommandParser` on a line and on NUL-separated words.
    case commands
    /// `TerminalSanitizer` and `TextRepair`.
    case text
    /// `WikiMarkup`, `WikiLayout` and the search text; the first byte is the width.
    case wiki
    /// `JSONReader`, `ComicPayload`, `DisplayComic` and the renderer.
    case json
    /// `ImageDecoder`.
    case image

    /// Runs `bytes` through the target: the broken promises, empty when all hold.
    package func check(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var broken = Broken()
        switch self {
        case .commands: Self.commands(bytes, &broken)
        case .text: Self.text(bytes, &broken)
        case .wiki: Self.wiki(bytes, &broken)
        case .json: Self.json(bytes, &broken)
        case .image: Self.image(bytes, &broken)
        }
        return broken.messages
    }

    /// Collects the promises an input breaks.
    struct Broken {
        var messages: [String] = []

        mutating func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
            if !condition() { messages.append(message()) }
        }

        /// Fails when `text` holds a C0 or C1 control (other than a newline where allowed), DEL,
        /// or a bidirectional control.
        mutating func expectPrintable(_ text: String, multiline: Bool, _ what: String) {
            for scalar in text.unicodeScalars {
                let v = scalar.value
                let bad =
                    (v < 0x20 && !(v == 0x0A && multiline)) || (0x7F...0x9F).contains(v)
                    || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                    || v == 0x200E || v == 0x200F || v == 0x061C || v == 0x2028 || v == 0x2029
                if bad {
                    messages.append(
                        "\(what) holds U+\(String(v, radix: 16, uppercase: true)): \(text.debugDescription)")
                    return
                }
            }
        }
    }

    /// The REPL's command grammar: a line, and the same bytes as NUL-separated words (the
    /// one-shot command line). Error messages quote what was typed, sanitized.
    private static func commands(_ bytes: UnsafeBufferPointer<UInt8>, _ broken: inout Broken) {
        let line = String(decoding: bytes, as: UTF8.self)
        do {
            for case let .failure(error) in try CommandParser.parse(line: line) {
                broken.expectPrintable(error.message, multiline: false, "parse(line:) error")
            }
        } catch {
            broken.expectPrintable(error.message, multiline: false, "parse(line:) error")
        }
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        do {
            _ = try CommandParser.parse(words: words)
        } catch {
            broken.expectPrintable(error.message, multiline: false, "parse(words:) error")
        }
        if let word = words.first { _ = CommandParser.suggestion(for: word) }
    }

    /// The repair-and-sanitize step every server string goes through.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ broken: inout Broken) {
        let raw = String(decoding: bytes, as: UTF8.self)
        for multiline in [false, true] {
            let clean = TerminalSanitizer.sanitize(raw, multiline: multiline)
            broken.expectPrintable(clean, multiline: multiline, "sanitize(multiline: \(multiline))")
            broken.expect(TerminalSanitizer.sanitize(clean, multiline: multiline) == clean, "sanitize is idempotent")
        }
        broken.expectPrintable(TerminalSanitizer.brief(raw), multiline: false, "brief")
        let line = TextRepair.line(raw)
        broken.expectPrintable(line, multiline: false, "TextRepair.line")
        broken.expect(
            !line.hasPrefix(" ") && !line.hasSuffix(" ") && !line.contains("  "), "TextRepair.line collapses spaces")
        broken.expectPrintable(TextRepair.text(raw), multiline: true, "TextRepair.text")
        broken.expectPrintable(TextRepair.alt(raw), multiline: true, "TextRepair.alt")
        broken.expectPrintable(TextRepair.html(raw), multiline: true, "TextRepair.html")
        // Two fields from one input: split at the first NUL.
        let halves = raw.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
        let title = TextRepair.displayTitle(
            title: String(halves[0]), safeTitle: halves.count > 1 ? String(halves[1]) : "")
        broken.expectPrintable(title, multiline: false, "displayTitle")
        _ = HTMLText.plainText(raw)
        _ = HTMLText.withoutMarkup(raw)
        _ = MojibakeRepair.repair(raw)
    }

    /// The explainxkcd wikitext parser, its terminal layout and the search text made from it.
    /// The first byte picks the width.
    private static func wiki(_ bytes: UnsafeBufferPointer<UInt8>, _ broken: inout Broken) {
        guard let first = bytes.first else { return }
        let width = Int(first)
        let source = String(decoding: bytes.dropFirst(), as: UTF8.self)
        _ = WikiMarkup.explanationSection(of: source)
        // Outside a task nothing cancels the read.
        guard let document = try? WikiMarkup.document(from: source) else {
            return broken.expect(false, "WikiMarkup.document threw")
        }
        for line in WikiLayout(width: width, style: Style(enabled: false), hyperlinks: false).lines(document) {
            broken.expectPrintable(line, multiline: false, "WikiLayout line (plain)")
        }
        _ = WikiLayout(width: width, style: Style(enabled: true), hyperlinks: true).lines(document)
        let text = ExplanationText(wikitext: source)
        broken.expectPrintable(text.explanation, multiline: true, "search text (explanation)")
        broken.expectPrintable(text.transcript, multiline: true, "search text (transcript)")
    }

    /// The JSON reader and the comic decoding, then the repair of every field for display.
    private static func json(_ bytes: UnsafeBufferPointer<UInt8>, _ broken: inout Broken) {
        _ = try? JSONReader.parse(bytes)
        guard let comic = try? ComicPayload.decode(Data(buffer: bytes), expected: nil) else { return }
        let shown = DisplayComic(comic)
        broken.expectPrintable(shown.title, multiline: false, "title")
        broken.expectPrintable(shown.alt, multiline: true, "alt")
        broken.expectPrintable(shown.transcript, multiline: true, "transcript")
        broken.expectPrintable(shown.news, multiline: true, "news")
        broken.expectPrintable(shown.link, multiline: false, "link")
        broken.expectPrintable(shown.imageURL, multiline: false, "imageURL")
        broken.expectPrintable(shown.date, multiline: false, "date")
        for width in [30, 80] {
            for json in [false, true] {
                _ = Renderer(width: width, color: false, json: json).render(.comic(shown))
            }
        }
    }

    /// PNG, JPEG and GIF decoding through the C codecs.
    private static func image(_ bytes: UnsafeBufferPointer<UInt8>, _ broken: inout Broken) {
        guard let image = try? ImageDecoder.decode(Data(buffer: bytes)) else { return }
        broken.expect(image.pixels.count == image.width * image.height * 4, "RGBA pixel count")
    }
}
