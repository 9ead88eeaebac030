// `TextFilesToSwift`: the tool behind the `EmbedTextFiles` build plugin. It reads text
// files and writes one Swift file that holds each of them as a string constant, so a
// module can keep a style sheet or a script as a file of its own and still ship no
// resources: the text is compiled into the binary.
import Foundation

/// Turns text files into a Swift file of `String` constants, one per file, each equal to
/// its file byte for byte.
///
/// Usage: `TextFilesToSwift <output.swift> <directory> <file>...`. Each file's constant is
/// named after the file's name (see ``constantName(forFileNamed:)``) and documented with
/// its path relative to `directory`, so the output names no absolute path and is the same
/// on every machine. The constants sit in `enum EmbeddedFiles`, in the order of those
/// relative paths.
@main
struct TextFilesToSwift {
    /// Reads the arguments, writes the Swift file, and exits with status 1 and a message
    /// on standard error when an argument or a file is unusable.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            fail("usage: TextFilesToSwift <output.swift> <directory> <file>...")
        }
        let output = URL(fileURLWithPath: arguments[0])
        let directory = URL(fileURLWithPath: arguments[1]).standardizedFileURL
        var files: [EmbeddedFile] = []
        for path in arguments.dropFirst(2) {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            guard let data = FileManager.default.contents(atPath: url.path) else {
                fail("cannot read \(url.path)")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                fail("\(url.path) is not UTF-8 text")
            }
            guard let relativePath = relativePath(of: url, inside: directory) else {
                fail("\(url.path) is not inside \(directory.path)")
            }
            guard let name = constantName(forFileNamed: url.lastPathComponent) else {
                fail("\(relativePath): no Swift name can be made from this file's name (it must start with a letter and have an extension)")
            }
            files.append(EmbeddedFile(relativePath: relativePath, constantName: name, text: text))
        }
        files.sort { $0.relativePath < $1.relativePath }
        var seen: [String: String] = [:]
        for file in files {
            if let earlier = seen[file.constantName] {
                fail("\(earlier) and \(file.relativePath) would both be `\(file.constantName)`; rename one")
            }
            seen[file.constantName] = file.relativePath
        }
        do {
            try Data(swiftSource(for: files).utf8).write(to: output, options: .atomic)
        } catch {
            fail("cannot write \(output.path): \(error)")
        }
    }

    /// The Swift file: a header saying where the text comes from, then `enum EmbeddedFiles`
    /// with one documented constant per file.
    static func swiftSource(for files: [EmbeddedFile]) -> String {
        var source = """
        // Written by TextFilesToSwift (the EmbedTextFiles build plugin) from the files
        // named below, on every build that changes them: edit those files, not this one.

        /// Text files of this module compiled in as strings, so the binary needs no
        /// resource files beside it at run time.
        enum EmbeddedFiles {

        """
        for (index, file) in files.enumerated() {
            if index > 0 { source += "\n" }
            source += "    /// The text of `\(file.relativePath)`, byte for byte.\n"
            source += "    static let \(file.constantName): String = \(stringLiteral(for: file.text))\n"
        }
        source += "}\n"
        return source
    }

    /// A multi-line raw string literal whose value is `text`, exactly.
    ///
    /// The literal uses one more `#` than the longest run of `#` in the text, so nothing
    /// in the text can end it or be read as an escape or an interpolation. The literal
    /// starts and ends at column 0 (no indentation is stripped), and Swift drops the line
    /// break before the closing delimiter, so a text that ends in a newline keeps it.
    /// Characters a literal cannot hold as they are (a carriage return, which Swift would
    /// read as part of a line break, and other control characters but the tab) are written
    /// as `\#u{…}` escapes.
    static func stringLiteral(for text: String) -> String {
        var longestRun = 0
        var run = 0
        for character in text.unicodeScalars {
            run = character == "#" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        var body = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isControl && scalar != "\n" && scalar != "\t" {
                body += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                body.unicodeScalars.append(scalar)
            }
        }
        return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
    }

    /// The constant's name for a file: the words of its name before the extension in
    /// lower camel case, then the extension in capitals (`player.js` is `playerJS`,
    /// `session-player.css` is `sessionPlayerCSS`); `nil` when that is no identifier.
    static func constantName(forFileNamed fileName: String) -> String? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let words = fileName[..<dot].split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let fileExtension = fileName[fileName.index(after: dot)...]
        guard let first = words.first, first.first?.isLetter == true,
              !fileExtension.isEmpty, fileExtension.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        let head = first.prefix(1).lowercased() + first.dropFirst()
        let tail = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return head + tail.joined() + fileExtension.uppercased()
    }

    /// `url`'s path below `directory`; `nil` when it lies elsewhere (an absolute path in
    /// the output would differ from one machine to the next).
    static func relativePath(of url: URL, inside directory: URL) -> String? {
        let prefix = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : nil
    }

    /// Prints `message` to standard error and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TextFilesToSwift: \(message)\n".utf8))
        exit(1)
    }
}

/// One file to embed: where it is, its constant's name and its text.
struct EmbeddedFile {
    /// The file's path relative to the directory given on the command line, as the
    /// generated comment names it.
    var relativePath: String
    /// The name of the file's constant in `EmbeddedFiles`.
    var constantName: String
    /// The file's contents.
    var text: String
}
