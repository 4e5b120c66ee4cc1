#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The kitty graphics protocol (kitty, WezTerm, ghostty): the PNG file itself, drawn by the terminal.
enum KittyGraphics {
    /// The most base64 bytes one escape may carry.
    static let chunkSize = 4096

    /// Escapes that transmit `png` and display it over `columns` x `rows` cells at the cursor
    /// (`a=T,f=100`), asking for no replies (`q=2`) so none arrive on standard input, then a
    /// newline so the cursor ends below the image. Both are given: kitty before 0.28 does not
    /// derive the rows from the image's shape, but draws it as tall as its pixels. The base64
    /// payload is cut into chunks of at most 4096 bytes, each but the last marked `m=1`.
    static func sequence(png: Data, columns: Int, rows: Int) -> String {
        let payload = Array(png.base64EncodedString().utf8)
        var out = ByteBuffer(capacity: payload.count + payload.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            out.append("\u{1B}_G")
            if start == 0 {
                out.append("a=T,f=100,q=2,c=")
                out.append(decimal: max(1, columns))
                out.append(",r=")
                out.append(decimal: max(1, rows))
                out.append(UInt8(ascii: ","))
            }
            out.append(end < payload.count ? "m=1;" : "m=0;")
            out.append(contentsOf: payload[start..<end])
            out.append("\u{1B}\\")
            start = end
        } while start < payload.count
        out.append("\n")
        return out.string
    }
}

/// iTerm2's inline images (OSC 1337 File): the file itself, drawn by the terminal.
enum ITermInline {
    /// The escape that draws `data` (any format the terminal reads) over `columns` x `rows`
    /// cells keeping its aspect ratio, named `name` when given, then a newline so the cursor
    /// ends below the image.
    static func sequence(data: Data, columns: Int, rows: Int, name: String?) -> String {
        var head =
            "\u{1B}]1337;File=inline=1;size=\(data.count);width=\(max(1, columns));height=\(max(1, rows));preserveAspectRatio=1"
        if let name {
            head += ";name=" + Data(name.utf8).base64EncodedString()
        }
        return head + ":" + data.base64EncodedString() + "\u{7}\n"
    }
}
