#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where xkcd keeps a comic's double-resolution image: at its `img` address with `_2x` before
/// the extension (`python.png` → `python_2x.png`). The JSON never names it; most comics from
/// about #1084 on have one.
enum DoubleImageAddress {
    /// The `_2x` address of the image at `img`; nil when its file name has no extension.
    static func of(_ img: String) -> URL? {
        guard var components = URLComponents(string: img), let slash = components.path.lastIndex(of: "/") else {
            return nil
        }
        let name = components.path[components.path.index(after: slash)...]
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        components.path = String(components.path[..<dot]) + "_2x" + String(components.path[dot...])
        return components.url
    }
}
