import Foundation

/// What Linux's /proc says of a process the binary started.
enum ProcessTable {
    /// The pids of `pid`'s children, whichever of its threads started them.
    static func children(of pid: pid_t) throws -> [pid_t] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").flatMap { thread in
            let listing = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
            return listing.split(separator: " ").compactMap { pid_t(String($0)) }
        }
    }

    /// The state letter `ps` shows for `pid` (`S` sleeping, `T` stopped, `Z` ended but not
    /// reaped), and its process group.
    static func state(of pid: pid_t) throws -> (state: Character, group: pid_t) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // "pid (comm) S ppid pgrp …": the command may hold spaces, so read after its ')'.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return (fields[0].first!, pid_t(String(fields[2]))!)
    }

    /// Whether a thread of `pid` waits in poll(2) with no timeout (a write waiting for room),
    /// as /proc/PID/task/TID/syscall shows it: poll on x86_64, ppoll elsewhere.
    static func waitsInPoll(_ pid: pid_t) -> Bool {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.contains { thread in
            let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/syscall", encoding: .utf8)) ?? ""
            let fields = call.split(separator: " ")
            guard fields.count > 3 else { return false }
            #if arch(x86_64)
                return fields[0] == "7" && fields[3] == "0xffffffff"
            #else
                return fields[0] == "73" && fields[3] == "0x0"
            #endif
        }
    }
}
