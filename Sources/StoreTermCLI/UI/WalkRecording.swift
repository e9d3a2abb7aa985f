import Foundation
import StoreCore
import StoreTermApp

/// The front end's recording of a walk (`W`): where it goes, and the scenario file being
/// written while it is on.
struct WalkRecording {
  /// `--record`'s file (or none), the ledger's paths and the catalog's name.
  let target: RecordingTarget
  /// The recording under way; nil when off.
  private var recorder: ScenarioRecorder?

  init(target: RecordingTarget) {
    self.target = target
  }

  /// Whether a walk is being recorded.
  var isOn: Bool { recorder != nil }

  /// Starts recording to the target's file (a new one gets the header and the starting state
  /// of `context`'s customer), or stops; answers with the file, or the refusal.
  mutating func set(
    _ on: Bool, context: StoreContext, realTime: Date, send: @Sendable (AppAction) -> Void
  ) {
    guard on else {
      recorder = nil
      return send(.recordingChanged(file: nil))
    }
    let path = target.path ?? Self.defaultName(realTime)
    do {
      var started = try ScenarioRecorder(path: path, option: "--record", paths: target.paths)
      if started.isNew {
        try started.begin(
          catalog: target.catalog, now: context.clock.now(),
          before: context.customerID == Customer.defaultID ? try ScenarioObservation(context) : nil,
          generator: "Recorded in storeterm ui (W).")
      }
      recorder = started
      send(.recordingChanged(file: path))
    } catch {
      send(.finished(.refused(Refusal(error))))
    }
  }

  /// Appends the step `effect` was (read from what the runner answered), with what the
  /// signed-in customer then has; a failed write stops the recording and says why.
  mutating func record(
    _ effect: AppEffect, answers: [AppAction], now: Date, context: StoreContext,
    send: @Sendable (AppAction) -> Void
  ) {
    guard var recorder, let (action, outcome) = EffectRecording.step(effect, answers: answers)
    else { return }
    do {
      try recorder.record(
        action, outcome: outcome, customer: context.customerID, now: now,
        after: try ScenarioObservation(context))
      self.recorder = recorder
    } catch {
      self.recorder = nil
      send(.finished(.refused(Refusal(error))))
      send(.recordingChanged(file: nil))
    }
  }

  /// `storeterm-walk-20261203-131500.scenario`, in the current folder.
  static func defaultName(_ now: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return "storeterm-walk-\(formatter.string(from: now)).scenario"
  }
}
