/// The size an image is drawn at: the cells it covers and, for the protocols that send
/// pixels (sixel, half blocks, ASCII), the pixel size to scale it to first.
struct ImageFit: Sendable, Equatable {
    /// Cells across.
    let columns: Int
    /// Cells down.
    let rows: Int
    /// Pixels across to scale the image to (for half blocks and ASCII, one per column).
    let pixelWidth: Int
    /// Pixels down to scale the image to (for half blocks and ASCII, two per row; the last
    /// row holds one when this is odd).
    let pixelHeight: Int

    /// The widest `--width` honoured, in columns.
    static let maxColumns = 1000
    /// The most rows an image may take, however tall it is: a sanity limit that keeps a
    /// thin, tall image at a wide `--width` from asking for gigabytes of pixels.
    static let maxRows = 10000
    /// The most pixels an image is scaled to (16 megapixels: 64 MB of RGBA).
    static let maxPixels = 16_000_000
    /// The cell width assumed when the terminal does not report its cell size, in pixels.
    static let assumedCellWidth = 10
    /// The cell height assumed likewise: a cell is about twice as tall as wide.
    static let assumedCellHeight = 20
    /// The narrowest cell, in pixels, taken for a HiDPI screen's (twice a common 9 x 20).
    static let hiDPICellWidth = 18
    /// The shortest cell taken for a HiDPI screen's.
    static let hiDPICellHeight = 40

    /// A fit given outright.
    init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// Fits an `imageWidth` x `imageHeight` image drawn with `imageProtocol` into a terminal
    /// of `columns` x `rows` cells, leaving two rows for the prompt and keeping the aspect
    /// ratio, never larger than the image's natural size (one column a pixel for half blocks
    /// and ASCII, its pixels in cells of `cellWidth` x `cellHeight` for the others, 10 x 20
    /// when unknown). Half blocks and ASCII keep the shape on cells of the reported size, and
    /// on cells twice as tall as wide when none is reported. `width`, from `--width N`, sets the columns instead (up to 1000) and
    /// lets the height follow, enlarging when asked, up to `maxRows` rows and `maxPixels` pixels.
    /// Sixel images also stay within `sixelMaxWidth` x `sixelMaxHeight` pixels. Every size is at
    /// least 1.
    ///
    /// A `doubled` image (a `_2x` file) holds twice the comic's pixels each way: it exists to be
    /// sharper, not bigger, so it takes the cells its 1x would, its pixels counted half. Where
    /// the cells are at least ``hiDPICellWidth`` x ``hiDPICellHeight`` (a HiDPI screen), its
    /// pixels are used one to one.
    init(
        imageWidth: Int, imageHeight: Int, for imageProtocol: ImageProtocol, columns: Int, rows: Int,
        cellWidth: Int? = nil, cellHeight: Int? = nil, width: Int? = nil,
        sixelMaxWidth: Int? = nil, sixelMaxHeight: Int? = nil, doubled: Bool = false
    ) {
        // A reported cell size outside any real font's is not believed.
        let reported: (w: Int, h: Int)? =
            if let cw = cellWidth, let ch = cellHeight, (1...64).contains(cw), (1...128).contains(ch) {
                (cw, ch)
            } else {
                nil
            }
        let cell: (w: Int, h: Int)
        // Half a cell's height over its width: the shape of one drawn pixel in text.
        var textPixelShape = 1.0
        switch imageProtocol {
        case .blocks, .ascii:
            cell = (1, 2)
            // Cells twice as tall as wide make square half-cells; taller ones stretch the picture.
            if let reported { textPixelShape = Double(reported.h) / Double(2 * reported.w) }
        case .kitty, .iterm, .sixel:
            cell = reported ?? (Self.assumedCellWidth, Self.assumedCellHeight)
        }
        let hiDPI = imageProtocol.drawsPixels && cell.w >= Self.hiDPICellWidth && cell.h >= Self.hiDPICellHeight
        // The image's size as the comic is meant to be seen, in pixels.
        let density = doubled && !hiDPI ? 2.0 : 1.0
        let image = (
            w: max(1, Double(imageWidth) / density), h: max(1, Double(imageHeight) / density / textPixelShape)
        )
        // The box in pixels, and how far the image is scaled to fit it.
        var scale: Double
        if let width {
            scale = Double(min(max(1, width), Self.maxColumns) * cell.w) / image.w
        } else {
            let boxWidth = Double(max(1, columns) * cell.w)
            let boxHeight = Double(max(1, rows - 2) * cell.h)
            scale = min(1, boxWidth / image.w, boxHeight / image.h)
        }
        scale = min(scale, Double(Self.maxRows * cell.h) / image.h)
        // However it is asked for, never more pixels than a decoded comic may have.
        scale = min(scale, (Double(Self.maxPixels) / (image.w * image.h)).squareRoot())
        if imageProtocol == .sixel {
            if let maxWidth = sixelMaxWidth, maxWidth > 0 { scale = min(scale, Double(maxWidth) / image.w) }
            if let maxHeight = sixelMaxHeight, maxHeight > 0 { scale = min(scale, Double(maxHeight) / image.h) }
        }
        let pixelWidth = max(1, Int((image.w * scale).rounded()))
        let pixelHeight = max(1, Int((image.h * scale).rounded()))
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        switch imageProtocol {
        case .kitty, .iterm:
            // The terminal scales the file over exactly these cells (kitty stretches it to
            // fill them), so whole cells must keep the image's shape: the rows its height at
            // these columns comes nearest to, at the columns, or up to a twentieth fewer (one at
            // least), whose cells keep the shape best, and never more rows than the fit has.
            func rows(_ columns: Int) -> Int {
                max(1, Int((Double(columns * cell.w) * image.h / image.w / Double(cell.h)).rounded()))
            }
            func stretch(_ columns: Int) -> Double {
                abs(Double(rows(columns) * cell.h) * image.w / (Double(columns * cell.w) * image.h) - 1)
            }
            let most = max(1, Int((Double(pixelWidth) / Double(cell.w)).rounded()))
            let fitRows = (pixelHeight + cell.h - 1) / cell.h
            var columns = most
            while columns > 1, rows(columns) > fitRows { columns -= 1 }
            for fewer in stride(from: columns - 1, through: max(1, most - max(1, most / 20)), by: -1)
            where stretch(fewer) + 0.002 < stretch(columns) {
                columns = fewer
            }
            self.columns = columns
            self.rows = rows(columns)
        case .sixel, .blocks, .ascii:
            // Drawn pixel for pixel: every cell any pixel lands in.
            self.columns = max(1, (pixelWidth + cell.w - 1) / cell.w)
            self.rows = max(1, (pixelHeight + cell.h - 1) / cell.h)
        }
    }

    /// Fits an image into the terminal `facts` describe (its size, cell size and sixel limits).
    init(
        imageWidth: Int, imageHeight: Int, for imageProtocol: ImageProtocol, facts: TerminalFacts, width: Int? = nil,
        doubled: Bool = false
    ) {
        self.init(
            imageWidth: imageWidth, imageHeight: imageHeight, for: imageProtocol,
            columns: facts.columns, rows: facts.rows, cellWidth: facts.cellWidth, cellHeight: facts.cellHeight,
            width: width, sixelMaxWidth: facts.sixelMaxWidth, sixelMaxHeight: facts.sixelMaxHeight, doubled: doubled)
    }
}
