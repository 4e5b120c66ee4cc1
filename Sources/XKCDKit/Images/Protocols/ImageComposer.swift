#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws a comic's image for one terminal: picks the protocol from what the terminal is (or
/// what the user forced), fits the image to it, and writes the escapes or characters.
package struct ImageComposer: Sendable {
    /// What the terminal is and can do.
    var facts: TerminalFacts

    /// A composer for the terminal `facts` describes.
    package init(facts: TerminalFacts) {
        self.facts = facts
    }

    /// The largest escape sequence sent through tmux: it drops longer ones (its input buffer
    /// is 1 MiB).
    static let tmuxLimit = 900_000

    /// What to print for `image`, ending with a newline; `reservedRows` of the screen are
    /// taken by what is printed with it (the card, for `show --image`).
    package func render(_ image: ComicImage, reservedRows: Int = 0) -> String {
        let chosen = ImageProtocolChoice.choose(forced: image.options.renderer?.forced, facts: facts)
        let raster = image.raster
        // A black-on-white comic on a dark background is drawn light-on-dark; a colour one as it is.
        let inverts = facts.darkBackground == true && ImageTone.isGrey(raster)
        var screen = facts
        // What comes with the image may take at most half the screen from it.
        screen.rows = max(facts.rows / 2, facts.rows - reservedRows)
        let fit = ImageFit(
            imageWidth: raster.width, imageHeight: raster.height, for: chosen, facts: screen,
            width: image.options.width,
            doubled: image.doubled)
        let drawn: String
        switch chosen {
        case .kitty:
            // Kitty takes PNG only: other formats are sent re-encoded from their pixels.
            guard
                let png = image.kind == .png && !inverts
                    ? image.data : try? PNGEncoder.encode(redrawn(raster, fit, inverts))
            else {
                return halfBlocks(raster, screen: screen, image: image, inverts: inverts)
            }
            drawn = KittyGraphics.sequence(png: png, columns: fit.columns, rows: fit.rows)
        case .iterm:
            let data = inverts ? (try? PNGEncoder.encode(redrawn(raster, fit, inverts))) ?? image.data : image.data
            drawn = ITermInline.sequence(
                data: data, columns: fit.columns, rows: fit.rows,
                name: ImageSaver.defaultName(num: image.comic.num, title: image.comic.title, kind: image.kind))
        case .sixel:
            drawn = SixelEncoder.encode(prepared(raster, fit, inverts: inverts), maxColors: facts.colorRegisters ?? 256)
        case .blocks, .ascii:
            return lines(raster, fit: fit, as: chosen, inverts: inverts)
        }
        // tmux passes graphics on only when wrapped, and only with allow-passthrough on; kitty's
        // are in small chunks, but a sixel or iTerm2 image is one sequence.
        guard facts.environment["TMUX"] != nil else {
            return chosen == .sixel && facts.cellHeight != nil ? Self.placed(drawn, rows: fit.rows) : drawn
        }
        if chosen != .kitty, drawn.utf8.count > Self.tmuxLimit {
            return halfBlocks(raster, screen: screen, image: image, inverts: inverts)
        }
        return TmuxPassthrough.picture(drawn, rows: fit.rows, pane: facts.tmuxPane, after: reservedRows)
    }

    /// A sixel picture `drawn` (ending with a newline) that leaves the cursor on the line below
    /// its `rows` in every terminal: after a sixel image xterm leaves the cursor on the image's
    /// last row and mlterm on the row below it. So the cursor is saved on the picture's first
    /// row and restored after it, and newlines from there go below it.
    static func placed(_ drawn: String, rows: Int) -> String {
        inReservedRows(rows, drawn) { "\u{1B}7" + $0 + "\u{1B}8" }
    }

    /// `drawn` (a picture's escapes, ending with a newline) written by `draw` into `rows` rows
    /// made first with newlines (any scrolling happens then, not while it is drawn), the cursor
    /// back on their first line; newlines then take the cursor below them.
    static func inReservedRows(_ rows: Int, _ drawn: String, draw: (String) -> String) -> String {
        let rows = max(1, rows)
        let newlines = String(repeating: "\n", count: rows)
        let image = drawn.hasSuffix("\n") ? String(drawn.dropLast()) : drawn
        return newlines + "\u{1B}[\(rows)A" + draw(image) + newlines
    }

    // The fallback when a graphics protocol cannot carry the image.
    private func halfBlocks(_ raster: RasterImage, screen: TerminalFacts, image: ComicImage, inverts: Bool) -> String {
        lines(
            raster,
            fit: ImageFit(
                imageWidth: raster.width, imageHeight: raster.height, for: .blocks, facts: screen,
                width: image.options.width, doubled: image.doubled),
            as: .blocks, inverts: inverts)
    }

    private func lines(_ raster: RasterImage, fit: ImageFit, as chosen: ImageProtocol, inverts: Bool) -> String {
        // ASCII shading draws dark pixels as dense glyphs in the text colour, which is light on
        // a dark terminal: it already shows light lines there.
        // Line art on a background whose colour is not known (tmux answers no OSC 11) is drawn
        // in the terminal's own colours, right on dark and light alike, never blended to a guess.
        if chosen == .blocks && facts.background == nil && ImageTone.isGrey(raster) {
            return HalfBlocks.defaultColorLines(prepared(raster, fit, inverts: false)).joined(separator: "\n") + "\n"
        }
        // Two pixels a cell average a comic's thin strokes into light grey: darkened back.
        let image = prepared(
            raster, fit, inverts: inverts && chosen != .ascii,
            darkensStrokes: chosen == .blocks && ImageTone.isGrey(raster))
        let lines =
            chosen == .ascii
            ? AsciiShading.lines(image)
            : HalfBlocks.lines(image, colors: ImageProtocolChoice.blockColors(facts: facts), paper: paper(inverts))
        return lines.joined(separator: "\n") + "\n"
    }

    // The paper's colour once toned, where the terminal's background is known to be like it:
    // white on a light terminal, the reported background turned over on a dark one.
    private func paper(_ inverts: Bool) -> TerminalBackground? {
        if inverts { return facts.background }
        return facts.darkBackground == false ? TerminalBackground(red: 255, green: 255, blue: 255) : nil
    }

    // The pixels for a terminal that is sent a file and scales it itself: no more than it shows
    // where its cells' size is known, so a file made anew (inverted, or from a JPEG or GIF) is
    // no larger than needed.
    private func redrawn(_ raster: RasterImage, _ fit: ImageFit, _ inverts: Bool) -> RasterImage {
        let known = facts.cellWidth != nil && facts.cellHeight != nil
        return known && fit.pixelWidth < raster.width ? prepared(raster, fit, inverts: inverts) : tone(raster, inverts)
    }

    // Scaled to the fit and put on white, as the comics are drawn; then turned over for a dark
    // background when `inverts`.
    private func prepared(_ raster: RasterImage, _ fit: ImageFit, inverts: Bool, darkensStrokes: Bool = false)
        -> RasterImage
    {
        tone(
            ImageScaler.scale(raster, width: fit.pixelWidth, height: fit.pixelHeight), inverts,
            darkensStrokes: darkensStrokes,
            exponent: ImageTone.strokeExponent(shrink: Double(raster.width) / Double(max(1, fit.pixelWidth))))
    }

    // `raster` on white, its strokes darkened when `darkensStrokes`, its lightness turned over
    // onto the terminal's background when `inverts`.
    private func tone(_ raster: RasterImage, _ inverts: Bool, darkensStrokes: Bool = false, exponent: Double = 1)
        -> RasterImage
    {
        let flat = ImageScaler.flatten(raster, on: (255, 255, 255))
        let drawn = darkensStrokes ? ImageTone.strokesDarkened(flat, exponent: exponent) : flat
        return inverts ? ImageTone.inverted(drawn, paper: facts.background) : drawn
    }
}
