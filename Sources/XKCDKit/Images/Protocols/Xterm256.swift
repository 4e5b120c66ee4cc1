/// The xterm 256-colour palette: its 6x6x6 colour cube (16–231) and grey ramp (232–255).
/// The first 16 are left out because terminals let users redefine them.
enum Xterm256 {
    /// The cube's channel levels.
    private static let levels = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest `(r, g, b)`, by squared distance in RGB.
    static func index(r: UInt8, g: UInt8, b: UInt8) -> Int {
        let (r, g, b) = (Int(r), Int(g), Int(b))
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let cubeDistance = square(levels[cr] - r) + square(levels[cg] - g) + square(levels[cb] - b)
        // Grey ramp step k is 8 + 10k.
        let step = min(23, max(0, ((r + g + b) / 3 - 3) / 10))
        let grey = 8 + 10 * step
        let greyDistance = square(grey - r) + square(grey - g) + square(grey - b)
        return greyDistance < cubeDistance ? 232 + step : 16 + 36 * cr + 6 * cg + cb
    }

    /// The nearest cube level for one channel (the midpoints are 48, 115, 155, 195, 235).
    private static func level(_ v: Int) -> Int {
        v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40
    }

    private static func square(_ v: Int) -> Int { v * v }
}
