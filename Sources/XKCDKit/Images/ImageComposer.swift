import Foundation

/// Draws a comic's image for one terminal: picks the protocol from what the terminal is (or
/// what the user forced), fits the image to it, and writes the escapes or characters.
public struct ImageComposer: Sendable {
    /// What the terminal is and can do.
    public var facts: TerminalFacts

    /// A composer for the terminal `facts` describes.
    public init(facts: TerminalFacts) {
        self.facts = facts
    }

    /// What to print for `image`, ending with a newline.
    public func render(_ image: ComicImage) -> String {
        let chosen = ImageProtocolChoice.choose(forced: image.options.renderer, facts: facts)
        let raster = image.raster
        let fit = ImageFit(imageWidth: raster.width, imageHeight: raster.height, for: chosen, facts: facts, width: image.options.width)
        let drawn: String
        switch chosen {
        case .kitty:
            // Kitty takes PNG only: other formats are sent re-encoded from their pixels.
            guard let png = image.kind == .png ? image.data : try? PNGEncoder.encode(raster) else {
                return lines(raster, fit: fit, as: .blocks)
            }
            drawn = KittyGraphics.sequence(png: png, columns: fit.columns, rows: fit.rows)
        case .iterm:
            drawn = ITermInline.sequence(data: image.data, columns: fit.columns, rows: fit.rows,
                                         name: ImageSaver.defaultName(num: image.comic.num, title: image.comic.title, kind: image.kind))
        case .sixel:
            drawn = SixelEncoder.encode(prepared(raster, fit), maxColors: facts.colorRegisters ?? 256)
        case .blocks, .ascii:
            return lines(raster, fit: fit, as: chosen)
        }
        // tmux passes graphics on only when wrapped, and only with allow-passthrough on.
        return facts.environment["TMUX"] != nil ? TmuxPassthrough.wrap(drawn) : drawn
    }

    private func lines(_ raster: RasterImage, fit: ImageFit, as chosen: ImageProtocol) -> String {
        let image = prepared(raster, fit)
        let lines = chosen == .ascii ? AsciiShading.lines(image)
            : HalfBlocks.lines(image, colors: ImageProtocolChoice.blockColors(facts: facts))
        return lines.joined(separator: "\n") + "\n"
    }

    // Scaled to the fit and put on white, as the comics are drawn.
    private func prepared(_ raster: RasterImage, _ fit: ImageFit) -> RasterImage {
        ImageScaler.flatten(ImageScaler.scale(raster, width: fit.pixelWidth, height: fit.pixelHeight), on: (255, 255, 255))
    }
}
