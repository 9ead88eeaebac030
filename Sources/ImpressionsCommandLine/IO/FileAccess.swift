import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files the command reads and writes; errors are one line naming the path.
enum FileAccess {
    /// Opens `path` for reading; the caller closes it.
    static func openForReading(_ path: String) throws(FileAccessError) -> Int32 {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileAccessError("cannot open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// Creates or empties `path` and opens it for writing; the caller closes it.
    static func openForWriting(_ path: String) throws(FileAccessError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileAccessError("cannot write \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Writes `text` to `path`, replacing it.
    static func write(_ text: String, to path: String) throws(FileAccessError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw FileAccessError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Whether `path` names a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The files of `directory` whose names end in `.\(suffix)`, as paths, sorted by name
    /// (byte order, so the same on every system).
    static func files(in directory: String, endingIn suffix: String) throws(FileAccessError) -> [String] {
        try entries(of: directory).filter { $0.hasSuffix("." + suffix) && !isDirectory($0) }
    }

    /// The paths of `directory`'s entries but the hidden ones (a leading `.`, passed over
    /// as `ls` does), sorted by name in byte order, so the same on every system.
    private static func entries(of directory: String) throws(FileAccessError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw FileAccessError("cannot list the directory \(directory): \(error.localizedDescription)")
        }
        let separator = directory.hasSuffix("/") ? "" : "/"
        return names.filter { !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { directory + separator + $0 }
    }

    /// Whether anything is at `path` (following links).
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The absolute path of `path` with every link and `.` or `..` resolved: the same for
    /// every name of one file. `nil` when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Every file under `directory` and its subdirectories, as paths, depth first in name
    /// order (byte order, so the same on every system): a subdirectory's files where its
    /// name sorts. Hidden names (a leading `.`) are passed over, as `ls` does; a directory
    /// reached twice through links is listed once.
    static func filesInTree(_ directory: String) throws(FileAccessError) -> [String] {
        var files: [String] = []
        var visited: Set<String> = []
        try collectFiles(in: directory, into: &files, visited: &visited)
        return files
    }

    private static func collectFiles(in directory: String, into files: inout [String], visited: inout Set<String>) throws(FileAccessError) {
        guard visited.insert(canonicalPath(directory) ?? directory).inserted else { return }
        for path in try entries(of: directory) {
            if isDirectory(path) {
                try collectFiles(in: path, into: &files, visited: &visited)
            } else {
                files.append(path)
            }
        }
    }

    /// A new empty file for the command's own use, open for reading and writing, with its
    /// path; the caller removes it (``remove(_:)``) and closes it.
    static func makeTemporaryFile() throws(FileAccessError) -> (path: String, descriptor: Int32) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let made = makeUniqueFile((directory.hasSuffix("/") ? directory : directory + "/") + "impressions-")
        guard let made else {
            throw FileAccessError("cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        return made
    }

    /// A new empty file beside `path`, in its directory, named `.NAME.partial-XXXXXX`
    /// (hidden, so a listing of the directory passes it over), open for writing and
    /// readable by all as a file ``openForWriting(_:)`` makes: what a writer fills, then
    /// renames over `path` (``rename(_:to:)``), so that `path` is never seen half written.
    /// The caller closes it, and removes it unless it renamed it.
    ///
    /// - Throws: ``FileAccessError`` naming `path`, when `path` is a directory, a file
    ///   that cannot be written, or in a directory where no file can be made.
    static func makeTemporaryFile(beside path: String) throws(FileAccessError) -> (path: String, descriptor: Int32) {
        if isDirectory(path) { throw FileAccessError("cannot write \(path): it is a directory") }
        if exists(path), access(path, W_OK) != 0 {
            throw FileAccessError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let slash = path.lastIndex(of: "/")
        let (directory, name) = slash.map { (String(path[...$0]), String(path[path.index(after: $0)...])) } ?? ("", path)
        guard let made = makeUniqueFile(directory + "." + name + ".partial-") else {
            throw FileAccessError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        _ = fchmod(made.descriptor, 0o644)
        return made
    }

    /// `mkstemp` of `prefix` followed by six random characters: the file, open for
    /// reading and writing, and its path; `nil` with `errno` set when none can be made.
    private static func makeUniqueFile(_ prefix: String) -> (path: String, descriptor: Int32)? {
        var template = Array(prefix.utf8CString.dropLast()) + Array("XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), descriptor)
    }

    /// Moves the file at `source` to `destination`, replacing any file there at once: a
    /// reader of `destination` sees the old file or the new one, never a mix.
    static func rename(_ source: String, to destination: String) throws(FileAccessError) {
        guard systemRename(source, destination) == 0 else {
            throw FileAccessError("cannot write \(destination): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the file at `path`, if it can.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileAccessError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(String(cString: strerror(errno)))
            }
            written += count
        }
    }

    /// At most `maximumBytes` of `descriptor` from byte `offset`; empty at the end of the
    /// file. The error's message is the system's.
    static func readChunk(_ descriptor: Int32, at offset: Int, maximumBytes: Int) throws(FileAccessError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count >= 0 { return Array(buffer[0..<count]) }
            if errno == EINTR { continue }
            throw FileAccessError(String(cString: strerror(errno)))
        }
    }

    /// Creates `path` and its parents when missing.
    static func createDirectory(_ path: String) throws(FileAccessError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileAccessError("cannot create the directory \(path): \(error.localizedDescription)")
        }
    }

    /// The contents of `path`, refused past `maximumBytes`.
    static func read(_ path: String, maximumBytes: Int) throws(FileAccessError) -> Data {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var data = Data()
        while true {
            let chunk: [UInt8]
            do throws(FileAccessError) {
                chunk = try readChunk(descriptor, maximumBytes: 1 << 16)
            } catch {
                throw FileAccessError("cannot read \(path): \(error)")
            }
            if chunk.isEmpty { return data }
            guard data.count + chunk.count <= maximumBytes else {
                throw FileAccessError("\(path) is larger than the limit of \(maximumBytes) bytes")
            }
            data.append(contentsOf: chunk)
        }
    }

    /// The next bytes of `descriptor`, at most `maximumBytes`; empty at the end of the
    /// file. The error's message is the system's (`Is a directory`).
    static func readChunk(_ descriptor: Int32, maximumBytes: Int) throws(FileAccessError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Array(buffer[0..<count]) }
            if errno == EINTR { continue }
            throw FileAccessError(String(cString: strerror(errno)))
        }
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }

/// A file that cannot be read or written; the message names the path.
struct FileAccessError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
