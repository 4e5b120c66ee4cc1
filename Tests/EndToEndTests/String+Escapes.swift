extension String {
    /// The text with ANSI CSI and OSC escape sequences removed, as a person sees it.
    var withoutEscapes: String {
        var out = ""
        var iterator = unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch iterator.next() {
            case "[":
                while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
            case "]":
                while let c = iterator.next(), c != "\u{07}", c != "\u{1B}" {}
            default:
                break
            }
        }
        return out
    }
}
