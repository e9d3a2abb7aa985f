import Testing

@testable import StoreTermApp

/// Applies `action` to `state` and checks the whole outcome; returns the new state.
///
/// The new state must equal `state` changed by `expect`, so any change the test did not name
/// fails, and the effects must be exactly `effects`. A new status message the test expects is
/// also expected in the message log (the log's own rules are `MessageLogTests`').
@discardableResult
func assertUpdate(
  _ state: AppState, _ action: AppAction, expect: (inout AppState) -> Void = { _ in },
  effects: [AppEffect] = [], sourceLocation: SourceLocation = #_sourceLocation
) -> AppState {
  var actual = state
  let actualEffects = StoreTermApp.update(&actual, action)
  var expected = state
  expect(&expected)
  if let toast = expected.toast, toast != state.toast { expected.messages.record(toast) }
  #expect(actualEffects == effects, "effects of \(action)", sourceLocation: sourceLocation)
  if actual != expected {
    Issue.record(
      "state after \(action) differs: \(StateDifference.between(expected, actual))",
      sourceLocation: sourceLocation)
  }
  return actual
}

/// Names the top-level fields of two states that differ, so a failure says where to look.
enum StateDifference {
  static func between(_ expected: AppState, _ actual: AppState) -> String {
    let left = Mirror(reflecting: expected).children
    let right = Array(Mirror(reflecting: actual).children)
    var lines: [String] = []
    for (offset, child) in left.enumerated() {
      let other = right[offset].value
      let a = String(describing: child.value)
      let b = String(describing: other)
      if a != b { lines.append("\(child.label ?? "?"): expected \(a), got \(b)") }
    }
    return lines.isEmpty ? "(no field differs when printed)" : lines.joined(separator: "; ")
  }
}
