#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import ucrt
#endif

/// A file opened for appending, written with the system's `write` and nothing between:
/// what a write returned for is in the kernel, so it outlives the process, however the
/// process ends. No `fsync`: a power loss may still take what the device had not stored.
///
/// Not thread-safe: ``TraceFileSink`` calls it under its lock.
struct AppendOnlyFile {
    let path: String
    private var descriptor: Int32

    /// Opens `path` for appending, creating it (mode 0644) when it does not exist.
    init(path: String) throws(TraceFileError) {
        self.path = path
        #if os(Windows)
        descriptor = _open(path, _O_WRONLY | _O_CREAT | _O_APPEND | _O_BINARY, _S_IREAD | _S_IWRITE)
        #else
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        #endif
        guard descriptor >= 0 else { throw Self.error(.cannotOpen, path: path) }
    }

    /// Writes every byte of `bytes`, retrying after a signal and after a short write.
    ///
    /// - Throws: ``TraceFileError/Code/cannotWrite`` with the system's reason; the bytes
    ///   before the failure may be in the file.
    func write(_ bytes: [UInt8]) throws(TraceFileError) {
        // The error number, read right after the write that failed.
        let failure = bytes.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                #if os(Windows)
                let written = Int(_write(descriptor, base + offset, UInt32(min(bytes.count - offset, Int(Int32.max)))))
                #else
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                #endif
                if written < 0 {
                    let number = errno
                    if number == EINTR { continue }
                    return number
                }
                offset += written
            }
            return nil
        }
        if let failure { throw Self.error(.cannotWrite, path: path, number: failure) }
    }

    /// Closes the file.
    func close() throws(TraceFileError) {
        #if os(Windows)
        let status = _close(descriptor)
        #else
        let status = systemClose(descriptor)
        #endif
        guard status == 0 else { throw Self.error(.cannotClose, path: path) }
    }

    /// The error of `code` for `path`, with the error `number` (the current `errno`) and its text.
    private static func error(_ code: TraceFileError.Code, path: String, number: Int32 = errno) -> TraceFileError {
        TraceFileError(code, path: path, systemError: number, reason: String(cString: strerror(number)))
    }
}

#if !os(Windows)
/// The system's `write`, under a name the struct's own `write` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The system's `close`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
#endif
