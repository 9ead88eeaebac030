import Foundation
import ImpressionSimulation
import Testing

@Suite("An embedding simulator reads feed and users files through the public API")
struct PublicFileReaderTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

    @Test("Feed(feedFile:) and UserModel(usersFile:) read the docs' examples as the command line reads them")
    func examples() throws {
        let feedBytes = try Data(contentsOf: Self.docs.appendingPathComponent("feed-example.json"))
        let feed = try Feed(feedFile: feedBytes)
        #expect(FeedFile.encode(feed) == FeedFile.encode(try FeedFile.decode(feedBytes)))
        #expect(feed.contentHeight > 0 && feed.screen == Screen(width: 390, height: 844))
        let usersBytes = try Data(contentsOf: Self.docs.appendingPathComponent("users-example.json"))
        #expect(try UserModel(usersFile: usersBytes) == UserFile.decode(usersBytes))
    }

    @Test("a bad file is a SimulationError naming the value by its path")
    func errors() {
        let feed = #"{"format":"impressions-feed","version":1,"sections":[{"kind":"card","height":-4}]}"#
        #expect(throws: SimulationError("sections[0].height: must be positive, got -4")) {
            try Feed(feedFile: Array(feed.utf8))
        }
        #expect(throws: SimulationError.self) { try UserModel(usersFile: Array("{".utf8)) }
    }
}
