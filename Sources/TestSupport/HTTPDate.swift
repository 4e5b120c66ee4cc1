import Foundation

/// HTTP dates (RFC 9110 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`) as whole seconds since
/// 1970, without `DateFormatter` (not cheap, and not needed for a fixed format).
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun",
        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Whole seconds since 1970 for now.
    static func now() -> Int {
        Int(Date().timeIntervalSince1970)
    }

    /// `seconds` since 1970 as an IMF-fixdate.
    static func format(_ seconds: Int) -> String {
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ((days + 4) % 7 + 7) % 7
        var text: [UInt8] = []
        text.reserveCapacity(29)
        func twoDigits(_ value: Int) {
            text.append(UInt8(ascii: "0") + UInt8(value / 10))
            text.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        text.append(contentsOf: weekdays[weekday].utf8)
        text.append(contentsOf: ", ".utf8)
        twoDigits(day)
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: months[month - 1].utf8)
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: String(year).utf8)
        text.append(UInt8(ascii: " "))
        twoDigits(secondOfDay / 3600)
        text.append(UInt8(ascii: ":"))
        twoDigits(secondOfDay / 60 % 60)
        text.append(UInt8(ascii: ":"))
        twoDigits(secondOfDay % 60)
        text.append(contentsOf: " GMT".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses an IMF-fixdate; nil for anything else (the header is then ignored).
    static func parse(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT",
            let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            let second = Int(clock[2]), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        return days(fromCivil: year, month + 1, day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
