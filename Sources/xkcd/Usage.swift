import XKCDKit

/// `xkcd --help`.
enum Usage {
    static let version = "0.1.0"

    static var text: String {
        """
        xkcd — browse xkcd from the terminal

        usage: xkcd [OPTIONS]                  start the interactive browser (on a terminal)
               xkcd [OPTIONS] COMMAND [ARGS]   run one command
               xkcd [OPTIONS] -c "CMD; CMD"    run several commands
               xkcd [OPTIONS] < FILE           run commands read from stdin, one per line

        options:
          --base-url URL   xkcd API server (env XKCD_BASE_URL, default https://xkcd.com)
          --explain-url URL
                           explainxkcd wiki (env XKCD_EXPLAIN_URL,
                           default https://www.explainxkcd.com)
          --data-dir DIR   where comics and history are stored (env XKCD_DATA_DIR,
                           default $XDG_DATA_HOME/xkcd or ~/.local/share/xkcd)
          --offline        no network: only what is stored (env XKCD_OFFLINE=1)
          --image-cache-mb N
                           keep at most N MB of images, favorites' not counted
                           (env XKCD_IMAGE_CACHE_MB, default 500)
          --check-every MINUTES
                           look for new comics this often while the REPL is open;
                           0 turns it off (env XKCD_CHECK_EVERY, default 30)
          --json           print one JSON document per command
          --no-color       no colour (env NO_COLOR)
          --timeout SECS   give up on a request after SECS seconds (env XKCD_TIMEOUT, default 15)
          -c COMMANDS      run ;-separated commands, then exit
          -h, --help       this help
          --version        the version

        exit status: 0 ok, 1 a command failed, 2 usage error (one-shot)

        """ + HelpText.render(topic: nil, style: Style(enabled: false))
    }
}
