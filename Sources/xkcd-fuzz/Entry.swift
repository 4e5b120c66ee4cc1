import Foundation
import TestSupport

/// `xkcd-fuzz TARGET ARGUMENT...`. Built with `-sanitize=fuzzer,address -DFUZZING` (`make fuzz`),
/// it hands the arguments after TARGET to libFuzzer; a plain build runs each file argument
/// through the target once, to replay a crash or a corpus.
@main
struct FuzzMain {
    static func main() {
        var arguments = CommandLine.arguments
        let target: FuzzTarget
        if arguments.count > 1, let named = FuzzTarget(rawValue: arguments[1]) {
            target = named
            arguments.remove(at: 1)
        } else if let named = ProcessInfo.processInfo.environment[targetVariable].flatMap(FuzzTarget.init) {
            // libFuzzer runs itself again (-minimize_crash, -merge) with its own flags only.
            target = named
        } else {
            print("usage: xkcd-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) ARGUMENT...")
            exit(2)
        }
        #if FUZZING
            setenv(targetVariable, target.rawValue, 1)
            selected = target
            exit(runLibFuzzer(arguments))
        #else
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("cannot read \(path)")
                    exit(1)
                }
                let broken = data.withUnsafeBytes { target.check($0.bindMemory(to: UInt8.self)) }
                print("\(target.rawValue): \(path): \(broken.isEmpty ? "ok" : broken.joined(separator: "; "))")
            }
        #endif
    }
}

/// Names the target for the runs libFuzzer starts itself.
private let targetVariable = "XKCD_FUZZ_TARGET"

#if FUZZING
    // libFuzzer's callback is a C function pointer, so the chosen target is reached through a
    // global set once before the driver starts.
    nonisolated(unsafe) private var selected = FuzzTarget.commands

    @_silgen_name("LLVMFuzzerRunDriver")
    private func fuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    private func runLibFuzzer(_ arguments: [String]) -> CInt {
        var argc = CInt(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return fuzzerRunDriver(&argc, &argv) { data, size in
                let broken = selected.check(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
                guard broken.isEmpty else {
                    // A broken promise is a crash to libFuzzer, which keeps the input.
                    FileHandle.standardError.write(Data(broken.map { "broken: \($0)\n" }.joined().utf8))
                    abort()
                }
                return 0
            }
        }
    }
#endif
