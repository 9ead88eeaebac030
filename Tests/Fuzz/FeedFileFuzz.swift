import ImpressionSimulation
import ImpressionTracking

/// Past this many sections a feed is only decoded, not written and read back: the
/// reader's own limits (a million sections, five million cells) let a few bytes of
/// `repeat` make a feed that takes seconds and a gigabyte to write and parse again,
/// which would have the fuzzer explore the memory of the machine, not the code.
private let maximumSectionsRoundTripped = 5_000

/// libFuzzer's entry point: one feed file per input. Every feed the reader accepts is
/// written by ``FeedFile/encode(_:)`` (what `impressions feed --export` and a shard
/// summary write) and read again: the two feeds must be the same, section by section,
/// and writing the second must give the bytes the first gave.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let feed: Feed
    do throws(FileFormatError) {
        feed = try FeedFile.decode(bytes)
    } catch {
        // A clear error is a correct answer.
        require(!error.description.isEmpty)
        return 0
    }
    require(!feed.templates.isEmpty, "the reader accepted a feed without sections")
    guard feed.templates.count <= maximumSectionsRoundTripped else { return 0 }
    let text = FeedFile.encode(feed)
    let again: Feed
    do throws(FileFormatError) {
        again = try FeedFile.decode(text.utf8)
    } catch {
        fatalError("FeedFile.decode refuses what FeedFile.encode wrote: \(error)\n\(text)")
    }
    check(again, equals: feed, text: text)
    let textAgain = FeedFile.encode(again)
    require(textAgain == text, "the feed read back is written differently:\n\(text)\nthen\n\(textAgain)")
    return 0
}

/// Traps unless `again` is `feed`: screen, spacing, and every section's id, kind,
/// height, cells, carousel, policy, load delay, opacity and frame in the feed.
private func check(_ again: Feed, equals feed: Feed, text: String) {
    require(again.screen == feed.screen, "screen \(feed.screen) read back as \(again.screen)\n\(text)")
    require(again.parameters.sectionSpacing == feed.parameters.sectionSpacing,
                 "spacing \(feed.parameters.sectionSpacing) read back as \(again.parameters.sectionSpacing)\n\(text)")
    require(again.templates.count == feed.templates.count,
                 "\(feed.templates.count) sections read back as \(again.templates.count)\n\(text)")
    for (index, (template, templateAgain)) in zip(feed.templates, again.templates).enumerated() {
        // The writer leaves out a load delay of 0, which the reader then leaves nil: both
        // mean loaded from the start (see `SectionTemplate.loadDelay`).
        var written = template
        if written.loadDelay == .zero { written.loadDelay = nil }
        require(templateAgain == written, "section \(index) \(template) read back as \(templateAgain)\n\(text)")
        require(again.sections[index].frame == feed.sections[index].frame,
                     "section \(index) placed at \(feed.sections[index].frame), read back at \(again.sections[index].frame)")
    }
    require(again.contentHeight == feed.contentHeight,
                 "content height \(feed.contentHeight) read back as \(again.contentHeight)")
}

/// Traps with `message` unless `condition`: `fatalError` prints its message in an
/// optimized build, where `precondition` stops silently, and libFuzzer's report should
/// say what differed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}
