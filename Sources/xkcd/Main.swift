import CProcess
import LineEditing
import XKCDKit

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

/// The `xkcd` entry point: picks the REPL, `-c`, a one-shot command or stdin lines.
@main
@MainActor
struct Main {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        Output.holdClosedStandardDescriptors()
        let environment = Environment.process
        let terminal = Terminal(environment: environment)
        let arguments = Array(commandLine(terminal).dropFirst())
        if arguments.first == "__complete" {
            ProcessExit.now(CompletionEntry.run(Array(arguments.dropFirst()), output: Output(terminal, noColor: true)))
        }
        let options: GlobalOptions
        do {
            options = try GlobalOptions.parse(arguments: arguments, environment: environment, readFile: settingsBytes)
        } catch {
            Output(terminal, noColor: arguments.contains("--no-color"), json: arguments.contains("--json")).error(
                error.message)
            ProcessExit.now(ExitCode.usage)
        }
        let output = Output(terminal, noColor: !options.settings.color, json: options.json)
        for warning in options.warnings { output.warning(warning) }
        if options.showHelp, let word = options.words.first, CommandSpec.named(word) == nil {
            // Help about a command that does not exist: the same "did you mean" as running it.
            do {
                _ = try CommandParser.parse(words: [word])
            } catch {
                output.error(error.message)
                ProcessExit.now(ExitCode.usage)
            }
        }
        if let text = informationOnly(options, width: terminal.width) {
            output.write(text)
            ProcessExit.now(ExitCode.success)
        }
        // libdispatch, which runs every task, reads each worker thread's /proc/<tid>/stat and
        // stops the process where it cannot: better one line now than a crash mid-command.
        guard access("/proc/self/stat", R_OK) == 0 else {
            output.error(
                "/proc is not mounted here, and xkcd needs it to run commands — mount it: mount -t proc proc /proc")
            ProcessExit.now(ExitCode.failure)
        }
        // Before anything changes the terminal's modes (libedit, the pager, the graphics probe).
        if let descriptor = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].first(where: { isatty($0) == 1 }) {
            _ = xkcd_guard_terminal(descriptor)
        }
        ProcessExit.now(await run(options, terminal: terminal, output: output, environment: environment))
    }

    // The settings file's bytes; nil where there is none. Read with read(2), so that /dev/null
    // (no settings) and a pipe read as what they hold.
    private static func settingsBytes(at url: URL) throws -> [UInt8]? {
        // Opened without waiting, as a FIFO with no writer would make it wait for ever; then read
        // as usual, so that a pipe (`--config <(…)`) gives what its writer writes, and one no
        // process writes to reads as empty.
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw XKCDError.file(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw XKCDError.file("it is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw XKCDError.file(String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= 1 << 20 else { throw XKCDError.file("it is larger than 1 MB") }
        }
        return bytes
    }

    /// The program's own file, where the model may lie beside it.
    private static var executable: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
        }
        return URL(fileURLWithPath: path)
    }

    // Swift's CommandLine is empty where /proc is not mounted (a minimal chroot or container);
    // the C library's own vector is kept at start-up for that case.
    private static func commandLine(_ terminal: Terminal) -> [String] {
        if CommandLine.argc > 0 { return CommandLine.arguments }
        let count = xkcd_saved_argc()
        guard count > 0 else {
            Output(terminal, noColor: true).error("cannot read the command line: /proc is not mounted here")
            ProcessExit.now(ExitCode.usage)
        }
        return (0..<count).compactMap { xkcd_saved_argv($0).map { String(cString: $0) } }
    }

    // What the options ask for instead of running commands: help (fitted to `width`), the
    // version, or a generated file.
    private static func informationOnly(_ options: GlobalOptions, width: Int) -> String? {
        if options.showHelp {
            guard let topic = options.words.first.flatMap(CommandSpec.named) else {
                return ProgramHelp.render(width: width)
            }
            guard !options.json else { return HelpText.json(topic: topic.name).serialized + "\n" }
            return HelpText.render(topic: topic.name, style: Style(enabled: false), width: width)
        }
        if options.showVersion { return "\(ProgramHelp.name) \(ProgramHelp.version)\n\(ProgramHelp.terms)\n" }
        if let shell = options.completionScript { return CompletionScript.render(shell) }
        if options.showManual { return ManPage.render() }
        return nil
    }

    // One-shot commands whose first step is usually a request: libcurl loads while the store opens.
    private static let startsOnTheNetwork: Set<String> = ["sync", "latest", "check"]

    private static func run(_ options: GlobalOptions, terminal: Terminal, output: Output, environment: Environment)
        async -> Int32
    {
        let isREPL = options.commandString == nil && options.words.isEmpty && terminal.stdinIsTTY
        // One command that is not a sync reads nothing while it writes: one connection does.
        let runsOneShortCommand =
            !options.words.isEmpty && options.words.first.flatMap(CommandSpec.named)?.name != "sync"
        let terminal = terminal.askingBeforeMoves(isREPL)
        // Only a person at a terminal waits to be told; a pipe or a JSON reader never is.
        let waiting =
            !options.json && terminal.stdoutIsTTY && terminal.stderrIsTTY
            ? RequestNotice(width: { terminal.stderrWidth ?? 80 }) : nil
        // A notice during a request goes on a line of its own, the wait's line redrawn below it.
        let notify: @Sendable (String) -> Void = { message in
            guard let waiting else { return output.notice(message) }
            waiting.clearing { output.notice(message) }
        }
        // The store and the network as the settings are when the session opens: `set` may have changed them.
        let openSession = { (settings: LiveSettings) in
            // Where the data directory was named, when not by default: settings commands need no
            // store, so the file's line can be mended from here.
            let named = { (error: XKCDError) -> XKCDError in
                let origin = settings.current[.dataDirectory].origin
                guard case let .storage(message) = error, origin != .builtIn else { return error }
                let mend = if case .file = origin { "; 'xkcd set --save data-dir DIR' changes it" } else { "" }
                return XKCDError.storage("\(message) (data-dir is from \(origin.shown)\(mend))")
            }
            let readOnly: XKCDError?
            do {
                readOnly = try DataDirectory.prepare(settings.current.dataDirectory).map(named)
            } catch let error as XKCDError {
                throw named(error)
            }
            let store = try ComicStore.open(
                at: settings.current.dataDirectory.appendingPathComponent("xkcd.sqlite3"), readOnly: readOnly,
                readerBeside: !runsOneShortCommand, notify: notify)
            let curl = CurlTransport(
                timeout: settings.current.timeout, caFile: CurlTransport.caBundle(in: environment))
            let client = XKCDClient(
                baseURL: settings.current.baseURL, explainURL: settings.current.explainURL,
                transport: waiting.map { NoticedTransport(transport: curl, notice: $0) } ?? curl)
            let source = ComicSource(
                store: store, client: client,
                images: ImageFiles(directory: settings.current.dataDirectory.appendingPathComponent("images")),
                offline: settings.current.offline, imageCacheLimit: settings.current.imageCacheLimit, notify: notify)
            let bar = terminal.stderrIsTTY ? ProgressBar(width: { terminal.stderrWidth ?? 80 }) : nil
            return Session(
                source: source, settings: settings, terminal: options.json ? nil : terminal,
                meaning: MeaningModel.locate(environment: environment, executable: Self.executable),
                indexesInBackground: isREPL, notify: notify,
                progress: { bar?.show($0) })
        }
        var renderer = Renderer(width: terminal.width, color: terminal.stdoutSupportsColor, json: options.json)
        renderer.hyperlinks = terminal.supportsHyperlinks && terminal.stdoutSupportsColor
        renderer.wrapsMessages = terminal.stdoutIsTTY
        renderer.commandPrefix = options.commandString == nil && !options.words.isEmpty ? ProgramHelp.name + " " : ""
        renderer.atAPrompt = isREPL
        // The REPL opens the store at once (the prompt shows the current comic, Tab the titles).
        var repl: (session: Session, reader: EditLineReader)?
        if isREPL {
            do {
                let session = try openSession(LiveSettings(options.settings))
                if let reader = try? EditLineReader(
                    programName: "xkcd", historyFile: options.settings.dataDirectory.appendingPathComponent("history"),
                    completion: CompletionBridge.handler(Completer(), titles: session.titles))
                {
                    terminal.typedKeys.keepForLineEditor()
                    reader.typedAhead = { [keys = terminal.typedKeys] in keys.take() }
                    // The command the line runs owns the terminal from the moment it is read.
                    reader.lineRead = { [keys = terminal.typedKeys] in keys.holdEcho(forCommand: true) }
                    repl = (session, reader)
                }
            } catch {
                output.error(XKCDError.message(for: error))
                return ExitCode.failure
            }
        }
        let interrupts = Interrupts(mode: repl == nil ? .stopRun : .cancelCommand)
        let runner = CommandRunner(
            opened: repl?.session, openSession: openSession, renderer: renderer, settings: options.settings,
            terminal: terminal, output: output, interrupts: interrupts,
            handoff: SystemHandoff(terminal: terminal, environment: environment),
            waiting: waiting)
        if let repl {
            runner.holdsEchoWhileRunning = true
            return await InteractiveLoop(
                runner: runner, reader: LineFeed(repl.reader), output: output, session: repl.session,
                interrupts: interrupts, checkInterval: options.settings.checkInterval
            ).run()
        }
        // Lines from stdin, and the answers to questions when it is a terminal (one reader for both).
        let input = LineFeed(PlainLineReader())
        if terminal.stdinIsTTY {
            runner.ask = { before, last in
                for line in before { output.notice(line) }
                output.prompt(last)
                guard case let .line(answer) = await input.read(prompt: "") else { return false }
                return CommandRunner.saysYes(answer)
            }
        }
        if let commands = options.commandString {
            interrupts.arm()
            return interrupts.exitCode(await runner.run(line: commands).exitCode(oneShot: false))
        }
        if !options.words.isEmpty {
            // Armed first: the signal source starts libdispatch's threads, which would otherwise
            // wait for the core that loads libcurl.
            interrupts.arm()
            if !options.settings.offline, let name = options.words.first.flatMap(CommandSpec.named)?.name,
                Self.startsOnTheNetwork.contains(name)
            {
                CurlTransport.preloadInBackground()
            }
            return interrupts.exitCode(await runner.run(words: options.words).exitCode(oneShot: true))
        }
        return interrupts.exitCode(
            await ScriptLoop(
                runner: runner, input: input, readsAhead: !terminal.stdinIsTTY,
                output: output, numbersLines: !terminal.stdinIsTTY, interrupts: interrupts
            ).run())
    }
}

/// Process exit statuses (SPEC: 0 ok, 1 runtime failure, 2 usage error).
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}
