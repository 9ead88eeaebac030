import ImpressionSimulationFormats
import ImpressionTracking

/// One parameter of ``UserModel`` as a users file writes it: its key, and durations in
/// milliseconds (`meanReadingPauseMs`).
package struct UserFileField: Sendable {
    /// How the value is held.
    enum Value: Sendable {
        case number(any WritableKeyPath<UserModel, Double> & Sendable)
        case duration(any WritableKeyPath<UserModel, Duration> & Sendable)
    }

    /// The property's name in ``UserModel``: `meanReadingPause`.
    let name: String
    let value: Value

    /// The key in the file: the name, with `Ms` for a duration.
    package var key: String {
        switch value {
        case .number: name
        case .duration: name + "Ms"
        }
    }

    /// The value of `model`, as the file writes it.
    func read(_ model: UserModel) -> Double {
        switch value {
        case .number(let path): model[keyPath: path]
        case .duration(let path): model[keyPath: path].inSeconds * 1000
        }
    }

    /// Sets `model`'s value from the file's number; a duration to the nearest
    /// nanosecond, the precision ``UserFile/encode(_:source:)`` writes, so that a model
    /// read from a file is written back as that file says it.
    package func write(_ number: Double, to model: inout UserModel) {
        switch value {
        case .number(let path): model[keyPath: path] = number
        case .duration(let path): model[keyPath: path] = DecodedLine.duration(milliseconds: number)
        }
    }

    /// Every scalar parameter, in the order the file lists them.
    package static let all: [UserFileField] = [
        UserFileField(name: "meanReadingPause", value: .duration(\.meanReadingPause)),
        UserFileField(name: "readingPauseSigma", value: .number(\.readingPauseSigma)),
        UserFileField(name: "medianFlingSpeed", value: .number(\.medianFlingSpeed)),
        UserFileField(name: "flingSpeedSigma", value: .number(\.flingSpeedSigma)),
        UserFileField(name: "upwardFlingProbability", value: .number(\.upwardFlingProbability)),
        UserFileField(name: "velocityDecayPerMillisecond", value: .number(\.velocityDecayPerMillisecond)),
        UserFileField(name: "stoppingSpeed", value: .number(\.stoppingSpeed)),
        UserFileField(name: "frameRate", value: .number(\.frameRate)),
        UserFileField(name: "carouselSwipeProbability", value: .number(\.carouselSwipeProbability)),
        UserFileField(name: "carouselSwipeDuration", value: .duration(\.carouselSwipeDuration)),
        UserFileField(name: "backToTopPerMinute", value: .number(\.backToTopPerMinute)),
        UserFileField(name: "backToTopDuration", value: .duration(\.backToTopDuration)),
        UserFileField(name: "tabSwitchesPerMinute", value: .number(\.tabSwitchesPerMinute)),
        UserFileField(name: "meanTimeOnOtherTab", value: .duration(\.meanTimeOnOtherTab)),
        UserFileField(name: "backgroundingsPerMinute", value: .number(\.backgroundingsPerMinute)),
        UserFileField(name: "meanTimeInBackground", value: .duration(\.meanTimeInBackground)),
        UserFileField(name: "modalsPerMinute", value: .number(\.modalsPerMinute)),
        UserFileField(name: "meanModalTime", value: .duration(\.meanModalTime)),
        UserFileField(name: "awayTimeSigma", value: .number(\.awayTimeSigma)),
        UserFileField(name: "refreshesPerMinute", value: .number(\.refreshesPerMinute)),
        UserFileField(name: "refreshDuration", value: .duration(\.refreshDuration)),
    ]
}
