import Foundation

/// Reads a favorites export (what `favs --json` prints): `{"favorites": [{"num": 353,
/// "added": "2026-11-22T09:10:00Z", …}, …]}`. Everything is checked before anything is used.
public enum FavoritesFile {
    /// The largest file accepted.
    public static let maxBytes = 10 << 20

    /// One favorite to import.
    public struct Entry: Sendable, Equatable {
        /// The comic's number.
        public var num: Int
        /// When it was added, if the file says.
        public var addedAt: Date?
    }

    /// The entries of `data`, deduplicated by number (the earliest date wins), or a message
    /// naming what is wrong.
    public static func parse(_ data: Data, name: String) throws -> [Entry] {
        func bad(_ why: String) -> XKCDError {
            .file("\(name) is not a favorites export (\(why)) — make one with 'xkcd --json favs > FILE'")
        }
        guard data.count <= maxBytes else { throw bad("larger than \(maxBytes >> 20) MB") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw bad("not valid JSON")
        }
        guard let root = object as? [String: Any], let list = root["favorites"] as? [Any] else {
            throw bad("no \"favorites\" list")
        }
        let dates = ISO8601DateFormatter()
        var byNumber: [Int: Entry] = [:]
        var order: [Int] = []
        for (index, item) in list.enumerated() {
            guard let fields = item as? [String: Any] else { throw bad("entry \(index + 1) is not an object") }
            guard let number = fields["num"] as? NSNumber, String(cString: number.objCType) != "c",
                  number.doubleValue == number.doubleValue.rounded(), number.doubleValue >= 1,
                  number.doubleValue <= Double(CommandParser.maxComicNumber) else {
                throw bad("entry \(index + 1) has no valid \"num\"")
            }
            let num = number.intValue
            var added: Date?
            if let text = fields["added"], !(text is NSNull) {
                guard let string = text as? String, let date = dates.date(from: string) else {
                    throw bad("entry \(index + 1) has an \"added\" that is not an ISO 8601 date")
                }
                added = date
            }
            if let existing = byNumber[num] {
                if let added, existing.addedAt.map({ added < $0 }) ?? true { byNumber[num]?.addedAt = added }
            } else {
                byNumber[num] = Entry(num: num, addedAt: added)
                order.append(num)
            }
        }
        return order.compactMap { byNumber[$0] }
    }
}
