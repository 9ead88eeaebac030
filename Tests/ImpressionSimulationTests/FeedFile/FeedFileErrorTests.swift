import ImpressionSimulation
import ImpressionTracking
import Testing

@Suite("Bad feed files: the JSON path and the value, never a crash")
struct FileFormatErrorTests {
    static let card = #"{"kind": "card", "height": 100}"#

    @Test("each bad value is named by its path", arguments: [
        (#""sections": [\#(card), {"kind": "card", "height": 10, "cells": [{"width": 1, "height": 1}, {"width": 2, "height": -4}]}]"#,
         "sections[1].cells[1].height: must be positive, got -4"),
        (#""sections": [{"kind": "card", "height": "NaN"}]"#, #"sections[0].height: must be a number, got "NaN""#),
        // A number no Double holds is named by its path, as any bad value.
        (#""sections": [{"kind": "card", "height": 1e999}]"#,
         "sections[0].height: the number 1e999 is out of range (a Double holds up to 1.8e308)"),
        (#""sections": [\#(card), {"kind": "card", "height": 1, "cells": [{"width": 1, "height": -1E400}]}]"#,
         "sections[1].cells[0].height: the number -1E400 is out of range (a Double holds up to 1.8e308)"),
        (#""sections": [{"kind": "card", "height": 100001}]"#, "sections[0].height: must be at most 100000, got 100001"),
        (#""sections": [{"kind": "card", "height": 100, "cells": [{"y": 50, "width": 10, "height": 60}]}]"#,
         "sections[0].cells[0]: cells must lie within the section's height, 0...100, got 50...110"),
        (#""sections": [{"kind": "card", "height": 100, "grid": {"columns": 1, "rows": 2, "width": 10, "height": 60}}]"#,
         "sections[0].grid: cells must lie within the section's height, 0...100, got 60...120"),
        (#""sections": [{"kind": "poster", "height": 1}]"#, #"sections[0].kind: must be one of banner, card, two-line, carousel, video, ad, got "poster""#),
        (#""sections": [{"kind": "card", "heigth": 1}]"#, "sections[0].heigth: unknown key"),
        (#""sections": [{"kind": "card", "height": 1, "_note": "comments are fine"}, {"kind": true, "height": 1}]"#,
         "sections[1].kind: must be a string, got true"),
        (#""sections": {"kind": "card"}"#, "sections: must be an array, got an object"),
        (#""sections": [[1, 2]]"#, "sections[0]: must be an object, got an array of 2"),
        (#""sections": [{"kind": "card", "height": 1, "cells": [{"x": 1, "width": 1, "height": 1}], "grid": {}}]"#,
         "sections[0]: give cells or grid, not both"),
        (#""sections": [{"repeat": 2.5, "sections": []}]"#, "sections[0].repeat: must be a whole number in 1...1000000, got 2.5"),
        (#""sections": [{"repeat": 1e12, "sections": [\#(card)]}]"#, "sections[0].repeat: must be a whole number in 1...1000000, got 1000000000000"),
        (#""sections": [{"repeat": 1000000, "sections": [{"repeat": 1000000, "sections": [\#(card)]}]}]"#,
         "sections[0].repeat: 1000000 repeats of 1000000 sections make 1000000000000 sections, more than the limit of 1000000"),
        (#""sections": [{"repeat": 1000, "sections": [{"kind": "card", "height": 100, "grid": {"columns": 10000, "width": 1, "height": 1}}]}]"#,
         "sections[0].repeat: 1000 repeats of 1 sections make 10000000 cells, more than the limit of 5000000"),
        (#""sections": [{"kind": "card", "height": 1, "grid": {"columns": 1000, "rows": 1000, "width": 1, "height": 1}}]"#,
         "sections[0].grid: 1000 columns × 1000 rows make 1000000 cells, more than the limit of 10000"),
        (#""sections": [{"kind": "carousel", "height": 100, "carousel": {"y": 50, "height": 60, "cards": [{"width": 1, "height": 1}]}}]"#,
         "sections[0].carousel.height: the row must fit in the section: y + height must be at most 100, got 110"),
        (#""sections": [{"kind": "carousel", "height": 100, "carousel": {"cards": []}}]"#,
         "sections[0].carousel.cards: a carousel needs at least one card"),
        // A policy's ranges are named by the file's keys, not the engine's words.
        (#""sections": [{"kind": "ad", "height": 1, "policy": {"ratio": 2, "durationMs": 0}}]"#,
         "sections[0].policy.ratio: must be in 0...1, got 2"),
        (#""sections": [{"kind": "ad", "height": 1, "policy": {"ratio": 0.5, "durationMs": 0, "minOpacity": 1.5}}]"#,
         "sections[0].policy.minOpacity: must be in 0...1, got 1.5"),
        (#""sections": [{"kind": "ad", "height": 1, "policy": {"ratio": 0.5, "durationMs": 0, "focus": 0}}]"#,
         "sections[0].policy.focus: must be in (0, 1], got 0"),
        (#""sections": [{"kind": "ad", "height": 1, "policy": {"ratio": 0.5, "durationMs": 0, "focus": -0.5}}]"#,
         "sections[0].policy.focus: must be in (0, 1], got -0.5"),
        (#""sections": [{"kind": "ad", "height": 1, "policy": {"ratio": 0.5, "durationMs": 1, "recurrence": "always"}}]"#,
         #"sections[0].policy.recurrence: must be every-entry, once-per-visit or once-per-tracker, got "always""#),
        (#""sections": [{"id": "x", "kind": "ad", "height": 1}, {"id": "x", "kind": "ad", "height": 1}]"#,
         #"sections[1].id: "x" names two sections, at positions 1 and 2"#),
        (#""sections": [{"id": "12", "kind": "ad", "height": 1}]"#, "sections[0].id: must be a name of 1 to 200 characters, not a number"),
        (#""sections": [\#(card)], "insert": [{"every": 1, "section": \#(card)}]"#, "insert[0].every: must be a whole number in 2...1000000, got 1"),
        (#""sections": [\#(card), \#(card)], "insert": [{"every": 2, "from": 1, "section": \#(card)}, {"every": 2, "from": 2, "section": \#(card)}]"#,
         "insert: the rules insert more than 1000 sections in a row"),
        (#""screen": {"width": 0, "height": 844}, "sections": []"#, "screen.width: must be positive, got 0"),
        (#""spacing": -1, "sections": []"#, "spacing: must be in 0...10000, got -1"),
        (#""sections": [], "extra": 1"#, "extra: unknown key"),
        (#""sections": [{"repeat": 2, "sections": []}]"#, "sections: a feed needs at least one section"),
    ])
    func badValue(members: String, message: String) {
        #expect {
            try FeedFileTests.decode(members)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test("invalid UTF-8 is refused with the string's path, never read as U+FFFD (two bad ids would become one)")
    func invalidUTF8() {
        var bytes = Array(#"{"format": "impressions-feed", "version": 1, "sections": [{"id": "ad-"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"", "kind": "ad", "height": 1}, {"id": "ad-"#.utf8) + [0xC3] + Array(#"", "kind": "ad", "height": 1}]}"#.utf8)
        #expect(throws: FileFormatError(path: "sections[0].id", "a string that is not valid UTF-8 (ending at line 1, column 73)")) {
            try FeedFile.decode(bytes)
        }
        // A bad member name: the path of its object.
        let key = Array(#"{"format": "impressions-feed", "version": 1, "sections": [{"k"#.utf8) + [0x80] + Array(#"": 1}]}"#.utf8)
        #expect(throws: FileFormatError(path: "sections[0]", "a string that is not valid UTF-8 (ending at line 1, column 64)")) {
            try FeedFile.decode(key)
        }
    }

    @Test("a file that is not a feed file says so", arguments: [
        ("", "(the file): malformed JSON"),
        ("{", "(the file): malformed JSON"),
        ("[]", "(the file): must be an object, got an array of 0"),
        (#"{"format": "impressions-trace", "version": 1, "sections": []}"#,
         #"format: expected "impressions-feed", got "impressions-trace" (a trace: give it to impressions replay, fit or audit)"#),
        // A users file given as a feed is named as one, not refused for its first key.
        (#"{"format": "impressions-users", "version": 1, "frameRate": 120}"#,
         #"format: expected "impressions-feed", got "impressions-users" (a users file: give it with --users)"#),
        (#"{"format": "x", "version": 1, "sections": []}"#, #"format: expected "impressions-feed", got "x""#),
        (#"{"format": "impressions-feed", "version": 2, "sections": []}"#, "version: this tool reads version 1, got 2"),
        (#"{"format": "impressions-feed", "version": 1}"#, #"(the file): missing "sections""#),
        (String(repeating: "[", count: 100_000), "(the file): malformed JSON"),
    ])
    func notAFeed(text: String, message: String) {
        #expect {
            try FeedFile.decode(Array(text.utf8))
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
