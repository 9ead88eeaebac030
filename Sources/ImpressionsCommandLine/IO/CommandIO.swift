#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `impressions` command writes: standard output and error in the tool, a
/// buffer in tests.
package protocol CommandIO: Sendable {
    /// Writes to standard output.
    func writeOutput(_ text: String)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Whether standard error is a terminal: the progress bar is drawn only then.
    var isErrorTerminal: Bool { get }
    /// The file descriptor `replay -` reads: standard input (0) in the tool.
    var inputDescriptor: Int32 { get }
}

extension CommandIO {
    /// Standard input.
    package var inputDescriptor: Int32 { 0 }
}

/// The process's standard output and error, written with `write(2)`: unbuffered, and no
/// shared C `FILE` state to guard.
package struct StandardIO: CommandIO {
    /// The process's own descriptors 1 and 2.
    package init() {}

    /// Writes to descriptor 1.
    package func writeOutput(_ text: String) { Self.send(text, to: 1) }
    /// Writes to descriptor 2.
    package func writeError(_ text: String) { Self.send(text, to: 2) }

    /// Whether descriptor 2 is a terminal.
    package var isErrorTerminal: Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        isatty(2) == 1
        #else
        false
        #endif
    }

    private static func send(_ text: String, to descriptor: Int32) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var text = text
        text.withUTF8 { buffer in
            guard var address = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = write(descriptor, address, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return   // a closed pipe or a full disk: nothing sensible left to do
                }
                address += written
                remaining -= written
            }
        }
        #endif
    }
}
