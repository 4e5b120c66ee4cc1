#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// iTerm2's inline images (OSC 1337 File): the file itself, drawn by the terminal.
package enum ITermInline {
    /// The escape that draws `data` (any format the terminal reads) over `columns` x `rows`
    /// cells keeping its aspect ratio, named `name` when given, then a newline so the cursor
    /// ends below the image.
    package static func sequence(data: Data, columns: Int, rows: Int, name: String?) -> String {
        var head =
            "\u{1B}]1337;File=inline=1;size=\(data.count);width=\(max(1, columns));height=\(max(1, rows));preserveAspectRatio=1"
        if let name {
            head += ";name=" + Data(name.utf8).base64EncodedString()
        }
        return head + ":" + data.base64EncodedString() + "\u{7}\n"
    }
}
