import Foundation
@testable import ImpressionSimulation
@testable import ImpressionSimulationAnalyses
import ImpressionTracking
import Testing

@Suite("The users file")
struct UserFileTests {
    @Test("a model written out reads back the same", arguments: [UserModel(), UserModelFitTests.truth, .scrollingOnly])
    func roundTrip(model: UserModel) throws {
        let text = UserFile.encode(model, source: "a test")
        #expect(try UserFile.decode(Array(text.utf8)) == model)
    }

    @Test("docs/users-example.json reads, and sets what it says")
    func documentedExample() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/users-example.json").path
        let model = try UserFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(model.problem == nil)
        #expect(model.sessionLength != nil)
        #expect(model != UserModel())
    }

    @Test("a feed file given as a users file is named as one, with where it goes, not refused for its first key")
    func feedFileGivenAsUsers() {
        let feed = #"{"format": "impressions-feed", "version": 1, "sections": [{"kind": "card"}]}"#
        #expect {
            try UserFile.decode(Array(feed.utf8))
        } throws: { error in
            "\(error)" == #"format: expected "impressions-users", got "impressions-feed" (a feed file: give it with --feed)"#
        }
    }

    @Test("a duration with more decimals than nanoseconds reads to the nearest nanosecond, so it writes back as read")
    func subNanosecondDurations() throws {
        let text = #"{"format": "impressions-users", "version": 1, "meanReadingPauseMs": 16.498865, "sessionLength": {"medianMs": 1000.0000004, "sigma": 1}}"#
        let model = try UserFile.decode(Array(text.utf8))
        #expect(model.meanReadingPause == .nanoseconds(16_498_865))
        #expect(model.sessionLength?.median == .nanoseconds(1_000_000_000))
        #expect(try UserFile.decode(Array(UserFile.encode(model).utf8)) == model)
    }

    @Test("invalid UTF-8 and numbers no Double holds are refused with their path, as in a feed file")
    func invalidUTF8AndHugeNumbers() {
        let bytes = Array(#"{"format": "impressions-users", "version": 1, "_note": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect(throws: FileFormatError(path: "_note", "a string that is not valid UTF-8 (ending at line 1, column 62)")) {
            try UserFile.decode(bytes)
        }
        #expect(throws: FileFormatError(path: "frameRate", "the number 1e999 is out of range (a Double holds up to 1.8e308)")) {
            try UserFile.decode(Array(#"{"format": "impressions-users", "version": 1, "frameRate": 1e999}"#.utf8))
        }
    }

    @Test("left-out parameters keep the built-in values; null session length means every session lasts the run")
    func defaults() throws {
        let model = try UserFile.decode(Array(#"{"format": "impressions-users", "version": 1, "frameRate": 120, "sessionLength": null}"#.utf8))
        var expected = UserModel()
        expected.frameRate = 120
        #expect(model == expected)
    }

    @Test("each bad value is named by its key, with the value", arguments: [
        (#""meanReadingPauseMs": -3"#, "meanReadingPauseMs: must be in 0...86400000 (ms), got -3"),
        (#""stoppingSpeed": 0"#, "stoppingSpeed: must be in 0<...1000000, got 0"),
        (#""upwardFlingProbability": 1.5"#, "upwardFlingProbability: must be in 0...1, got 1.5"),
        (#""frameRate": "fast""#, #"frameRate: must be a number, got "fast""#),
        (#""frameRat": 60"#, "frameRat: unknown key"),
        (#""sessionLength": {"medianMs": 0, "sigma": 1}"#, "sessionLength.medianMs: must be in 1...86400000, got 0"),
        (#""sessionLength": {"medianMs": 1000}"#, #"sessionLength: missing "sigma""#),
        (#""sessionLength": 5"#, "sessionLength: must be an object, got 5"),
        (#""velocityDecayPerMillisecond": 1"#, "velocityDecayPerMillisecond: must be in 0<..<1, got 1.0"),
    ])
    func badValues(member: String, expected: String) {
        let text = #"{"format": "impressions-users", "version": 1, "# + member + "}"
        do {
            _ = try UserFile.decode(Array(text.utf8))
            Issue.record("accepted \(member)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }

    @Test("a file that is not a users file says so", arguments: [
        ("[]", "(the file): must be an object"),
        (#"{"format": "impressions-feed", "version": 1}"#, #"format: expected "impressions-users""#),
        (#"{"format": "impressions-users", "version": 2}"#, "version: this tool reads version 1, got 2"),
        ("{", "(the file): malformed JSON"),
    ])
    func notAUsersFile(text: String, expected: String) {
        #expect(throws: FileFormatError.self) { try UserFile.decode(Array(text.utf8)) }
        do { _ = try UserFile.decode(Array(text.utf8)) } catch { #expect(error.description.hasPrefix(expected), "\(error)") }
    }

    @Test("too few flings to fit: the error says what was found and what is needed")
    func tooLittleData() throws {
        var fit = UserModelFit()
        for trace in try UserModelFitTests.traces(of: UserModel(), count: 1, cap: .seconds(10)) { fit.add(trace) }
        do {
            _ = try fit.estimate()
            Issue.record("a 10-second trace was fitted")
        } catch {
            #expect(error.message.hasPrefix("found "))
            #expect(error.message.contains("in 1 trace (10.0 s in all); a fit needs at least 20 flings"))
        }
    }
}

@Suite("Fit notes")
struct FitNoteTests {
    @Test("one of a kind is named in the singular", arguments: [
        ("flings that stopped by themselves", "fling that stopped by themselves"),
        ("traces' frame times", "trace's frame times"), ("refreshes", "refresh"), ("events", "event"),
        ("absences", "absence"), ("scrolls to the top", "scroll to the top"),
    ])
    func singular(plural: String, expected: String) {
        #expect(UserModelEstimator.singular(plural) == expected)
    }
}

@Suite("Fitting odd traces")
struct OddTraceFitTests {
    /// Scrolls that never slow down (a robot, a script): 25 "flings" at a steady speed.
    /// Their deceleration rounds to 1, which no simulation accepts: an error, not a file.
    @Test("a fit whose values are out of range is an error naming the parameter")
    func outOfRange() throws {
        var inputs: [TimedInput<String>] = [TimedInput(time: .zero, input: .viewport(Rect(x: 0, y: 0, width: 390, height: 844)))]
        var offset = 0.0
        var time = Duration.zero
        for _ in 0..<25 {
            time += .seconds(2)
            for frame in 1...30 {
                offset += 10 * (1 - 1e-12 * Double(frame))
                inputs.append(TimedInput(time: time + .nanoseconds(16_666_667) * frame,
                                         input: .viewport(Rect(x: 0, y: offset, width: 390, height: 844))))
            }
            time += .nanoseconds(16_666_667) * 30
        }
        var fit = UserModelFit()
        fit.add(Trace(header: TraceHeader(sampleInterval: .milliseconds(100)), inputs: inputs, end: time + .seconds(1)))
        do {
            let fitted = try fit.estimate()
            Issue.record("fitted \(fitted.model.velocityDecayPerMillisecond)")
        } catch {
            #expect(error.message.hasPrefix("the traces give a user model out of range: velocityDecayPerMillisecond must be in 0<..<1"),
                    "\(error)")
        }
    }
}
