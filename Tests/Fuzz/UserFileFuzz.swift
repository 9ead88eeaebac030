import ImpressionSimulation
import ImpressionTracking

/// libFuzzer's entry point: one users file per input. Every model the reader accepts is
/// written by ``UserFile/encode(_:source:)`` (what `impressions fit` writes) and read
/// again: it must be the same model, and writing it again must give the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let model: UserModel
    do throws(FileFormatError) {
        model = try UserFile.decode(bytes)
    } catch {
        // A clear error is a correct answer.
        require(!error.description.isEmpty)
        return 0
    }
    require(model.problem == nil, "the reader accepted a model with a problem: \(model.problem ?? "")")
    // The source is free text that the reader checks and drops: written to exercise the escaping.
    let text = UserFile.encode(model, source: "fuzz \"\\\n\u{1}\u{7F}é")
    let again: UserModel
    do throws(FileFormatError) {
        again = try UserFile.decode(text.utf8)
    } catch {
        fatalError("UserFile.decode refuses what UserFile.encode wrote: \(error)\n\(text)")
    }
    require(again == model, "the model read back differs:\n\(model)\nread back as\n\(again)\nfrom\n\(text)")
    let textAgain = UserFile.encode(again, source: "fuzz \"\\\n\u{1}\u{7F}é")
    require(textAgain == text, "the model read back is written differently:\n\(text)\nthen\n\(textAgain)")
    return 0
}

/// Traps with `message` unless `condition`: `fatalError` prints its message in an
/// optimized build, where `precondition` stops silently, and libFuzzer's report should
/// say what differed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}
