// `EmbedTextFiles`: a build tool plugin that compiles a target's style sheets and scripts
// into it as strings, so they are edited and checked as the files they are and the
// binary still needs nothing beside it at run time.
import Foundation
import PackagePlugin

/// Gives a target one generated Swift file, `EmbeddedFiles.swift`, holding the text of
/// every `.css` and `.js` file under the target's directory as a `String` constant
/// (`Replay/player.js` becomes `EmbeddedFiles.playerJS`).
///
/// - Important: A target using the plugin excludes those files in `Package.swift`
///   (`exclude: ["Replay/player.js", ...]`), so that SwiftPM neither copies them as
///   resources nor warns about them; the plugin finds them on disk, not among the target's
///   sources. The files are the command's inputs, so editing one writes the Swift again.
@main
struct EmbedTextFiles: BuildToolPlugin {
    /// The extensions of the files embedded; other files are left to SwiftPM.
    static let embeddedExtensions: Set<String> = ["css", "js"]

    /// One command that runs `TextFilesToSwift` over the target's `.css` and `.js` files,
    /// or none when the target has none.
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let directory = target.directoryURL
        let files = Self.embeddedFiles(under: directory)
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) text files in \(target.name)",
                executable: try context.tool(named: "TextFilesToSwift").url,
                arguments: [output.path, directory.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }

    /// The files under `directory` with an embedded extension, sorted by path, outside
    /// DocC catalogs (whose files are DocC's).
    static func embeddedFiles(under directory: URL) -> [URL] {
        guard let paths = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [URL] = []
        while let path = paths.nextObject() as? String {
            if path.hasSuffix(".docc") {
                paths.skipDescendants()
            } else if let dot = path.lastIndex(of: "."),
                      embeddedExtensions.contains(String(path[path.index(after: dot)...])) {
                files.append(directory.appending(path: path))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
