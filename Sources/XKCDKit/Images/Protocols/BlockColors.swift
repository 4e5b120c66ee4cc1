/// The colours half blocks are drawn with.
package enum BlockColors: Sendable {
    /// 24-bit SGR colours (`38;2;r;g;b`).
    case trueColor
    /// The xterm 256-colour palette (`38;5;n`): its 6x6x6 cube and grey ramp.
    case palette256
}
