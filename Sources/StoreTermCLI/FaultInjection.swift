import StoreCore
import StoreManager
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test-only fault hook, read from `STORETERM_TEST_FAULT`: crash-safety tests run a child
/// storeterm that dies at one step of the purchase path.
///
/// `STORETERM_TEST_FAULT=afterCommit` kills the process with `SIGKILL` at that step;
/// `STORETERM_TEST_FAULT=fail:insideGrant` throws there instead (at `insideGrant`, a storage
/// failure that rolls the grant back); `afterSigning#N` kills at the Nth signature. The steps are
/// ``FaultPoint``'s cases.
enum FaultInjection {
  /// The environment variable.
  static let variable = "STORETERM_TEST_FAULT"

  /// The hook the variable asks for, or `nil` when it is unset.
  static func hook(environment: [String: String]) throws(UsageError) -> FaultHook? {
    guard let value = environment[variable], !value.isEmpty else { return nil }
    // `afterSigning#N` kills at the Nth signature: in the middle of a long catch-up, say.
    if value.hasPrefix("afterSigning#"), let count = Int(value.dropFirst("afterSigning#".count)),
      count > 0
    {
      let signatures = Mutex(0)
      return FaultHook { current in
        guard current == .afterSigning else { return }
        let reached = signatures.withLock { signed -> Bool in
          signed += 1
          return signed == count
        }
        if reached { kill(getpid(), SIGKILL) }
      }
    }
    let failing = value.hasPrefix("fail:")
    let name = failing ? String(value.dropFirst("fail:".count)) : value
    guard let point = FaultPoint(rawValue: name) else {
      let names = FaultPoint.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("\(variable)=\(value): not a fault point (one of \(names))")
    }
    if failing { return .failing(at: point) }
    return FaultHook { current in
      if current == point { kill(getpid(), SIGKILL) }
    }
  }
}

/// A signer that fires the fault hook once a payload is signed, before the engine commits it.
struct FaultInjectingSigner: Signer {
  /// The real signer.
  let base: any Signer
  /// The hook, fired at ``FaultPoint/afterSigning``.
  let hook: FaultHook

  func sign(_ payload: some SignedPayload) throws -> String {
    let signed = try base.sign(payload)
    try hook.fire(.afterSigning)
    return signed
  }

  func sign(payloadJSON: [UInt8]) throws -> String {
    let signed = try base.sign(payloadJSON: payloadJSON)
    try hook.fire(.afterSigning)
    return signed
  }

  func sign(payloadJSON: [UInt8], appendingTo output: inout [UInt8]) throws {
    try base.sign(payloadJSON: payloadJSON, appendingTo: &output)
    try hook.fire(.afterSigning)
  }

  func useSpareTime() { base.useSpareTime() }
}
