import Foundation

/// Asks the terminal what graphics it draws: sixel support from its primary device attributes
/// (`ESC [ c`, attribute 4), and with XTSMGRAPHICS its colour registers and largest sixel
/// image. Asked once, on the controlling terminal, and only when a caller needs to know.
final class GraphicsProbe: @unchecked Sendable {
    /// What the terminal answered.
    struct Answer: Equatable {
        var sixel = false
        var colorRegisters: Int?
        var maxWidth: Int?
        var maxHeight: Int?
    }

    private let lock = NSLock()
    private var cached: Answer?
    private let timeout: Int32

    /// A probe that waits at most `timeoutMilliseconds` for the terminal's answer.
    init(timeoutMilliseconds: Int32 = 400) {
        timeout = timeoutMilliseconds
    }

    /// The answer, asked on first use; a terminal that does not answer draws no sixel.
    func answer() -> Answer {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let answer = ask()
        cached = answer
        return answer
    }

    private func ask() -> Answer {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return Answer() }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return Answer() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return Answer() }
        defer { tcsetattr(fd, TCSANOW, &saved) }
        // Registers, then geometry, then the device attributes every terminal answers: the
        // last answer tells that the others, if any, have arrived.
        let query = Array("\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[c".utf8)
        guard query.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == query.count else { return Answer() }
        var reply: [UInt8] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while !Self.hasDeviceAttributes(reply), reply.count < 4096 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32((deadline - now) / 1_000_000) + 1
            guard poll(&poller, 1, wait) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            reply += buffer[0..<n]
        }
        return Self.parse(reply)
    }

    private static func hasDeviceAttributes(_ reply: [UInt8]) -> Bool {
        Self.replies(in: reply).contains { $0.final == UInt8(ascii: "c") }
    }

    /// What `reply` (the terminal's answers, in any order, possibly with other bytes) says.
    static func parse(_ reply: [UInt8]) -> Answer {
        var answer = Answer()
        for (parameters, final) in replies(in: reply) {
            if final == UInt8(ascii: "c") {
                answer.sixel = parameters.dropFirst().contains(4)
            } else if final == UInt8(ascii: "S"), parameters.count >= 3, parameters[1] == 0 {
                if parameters[0] == 1 {
                    answer.colorRegisters = parameters[2]
                } else if parameters[0] == 2, parameters.count >= 4 {
                    answer.maxWidth = parameters[2]
                    answer.maxHeight = parameters[3]
                }
            }
        }
        return answer
    }

    // Every `ESC [ ? n ; n … X` in `bytes`: its numbers and final byte.
    private static func replies(in bytes: [UInt8]) -> [(parameters: [Int], final: UInt8)] {
        var found: [([Int], UInt8)] = []
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") else {
                i += 1
                continue
            }
            var j = i + 3
            var numbers: [Int] = []
            var current = 0
            while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) {
                if bytes[j] == UInt8(ascii: ";") {
                    numbers.append(current)
                    current = 0
                } else {
                    current = min(current * 10 + Int(bytes[j] - 0x30), 1_000_000)
                }
                j += 1
            }
            guard j < bytes.count else { break }
            numbers.append(current)
            found.append((numbers, bytes[j]))
            i = j + 1
        }
        return found
    }
}
