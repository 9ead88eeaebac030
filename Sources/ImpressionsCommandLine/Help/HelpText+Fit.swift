extension HelpText {
    /// `impressions fit --help`: its OPTIONS are its flags' (``FitOptions/flags``).
    package static var fit: String {
        """
            OVERVIEW: Estimate the simulated users' behaviour from recorded sessions (traces,
            see docs/trace-format.md) and print it as a users file (JSON, see
            docs/users-format.md) for 'impressions simulate --users FILE'. What each
            parameter was estimated from goes to standard error.

            \(usage("fit", FitOptions.flags, [Synopsis(operands: "<FILE | -> ...", lineLengths: [2, 2])]))

            ARGUMENTS:
              FILE                A trace; - reads standard input (once).

            OPTIONS:
            \(options(FitOptions.flags, column: 22))

            It recognises each turn of a session: a fling (scroll frames that decelerate by
            the same factor every millisecond), a tap on the status bar (frames easing out
            to the top), a carousel swipe (a container's offset), the app leaving and coming
            back (disappear/appear, enterBackground/enterForeground, cover/uncover,
            beginRefresh/endRefresh); and the reading pauses between them. It estimates the
            pauses, the flings' speeds, deceleration and direction, the frame rate, the
            rates and durations of the rare events, and the sessions' lengths (a
            distribution; 'simulate --seconds' is then a cap). The traces must keep every
            frame of a scroll, as 'simulate --trace-out' writes them. Too few flings (under
            20) fail with status 1, saying what was found; a bad line fails as in replay.

            EXAMPLES:
              impressions simulate --sessions 200 --trace-out traces
              impressions fit traces/*.jsonl > users.json
              impressions simulate --users users.json --seconds 30m

            """
    }
}
