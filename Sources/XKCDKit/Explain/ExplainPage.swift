#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One explainxkcd page: its title (`353: Python`) and MediaWiki source.
struct ExplainPage: Sendable, Equatable {
    var num: Int
    /// The page title, e.g. `353: Python`.
    package var title: String
    /// The page's MediaWiki source.
    var wikitext: String

    /// The page's address on the wiki at `explainURL`, written as MediaWiki writes it:
    /// `https://www.explainxkcd.com/wiki/index.php/353:_Python`. Printable ASCII whatever
    /// the title holds.
    func address(on explainURL: URL) -> String {
        var base = explainURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let name = title.trimmingSpacesAndNewlines()
        return base + "/wiki/index.php/" + Self.addressForm(name.isEmpty ? String(num) : name)
    }

    // MediaWiki's form of a title in an address (`wfUrlencode`): spaces as underscores, every
    // other byte percent-encoded but letters, digits and `-._~:/;@$!*(),`.
    static func addressForm(_ title: String) -> String {
        let kept = Set("-._~:/;@$!*(),".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "_"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
            case _ where kept.contains(byte):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
