#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Dates spelled as the program prints them, from the C library's calendar rather than
/// Foundation's `DateFormatter` (which would bring ICU into the binary).
enum DateText {
    /// The day of `date` in UTC: `2007-12-05`.
    static func utcDay(_ date: Date) -> String {
        day(fields(of: date, local: false))
    }

    /// The day and minute of `date` in the local time zone (`TZ`, else `/etc/localtime`):
    /// `2026-11-22 09:10`. Seconds are dropped, not rounded.
    static func localMinute(_ date: Date) -> String {
        let time = fields(of: date, local: true)
        return day(time) + " " + NumberText.zeroPadded(Int(time.tm_hour), width: 2) + ":"
            + NumberText.zeroPadded(Int(time.tm_min), width: 2)
    }

    /// `date` as an ISO 8601 time in UTC to the second: `2026-11-22T09:10:00Z`.
    static func iso8601(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }

    /// `date` as a compact ISO 8601 time in UTC, for a file name: `20261122T091000Z`.
    static func compactISO8601(_ date: Date) -> String {
        Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted).format(date)
    }

    /// The time an ISO 8601 date and time stand for (`2026-11-22T09:10:00Z`, or with an offset
    /// such as `+01:00`), nil when `text` is not one.
    static func iso8601(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(text)
    }

    private static func day(_ time: tm) -> String {
        NumberText.zeroPadded(Int(time.tm_year) + 1900, width: 4) + "-"
            + NumberText.zeroPadded(Int(time.tm_mon) + 1, width: 2) + "-"
            + NumberText.zeroPadded(Int(time.tm_mday), width: 2)
    }

    private static func fields(of date: Date, local: Bool) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var time = tm()
        if local {
            localtime_r(&seconds, &time)
        } else {
            gmtime_r(&seconds, &time)
        }
        return time
    }
}
