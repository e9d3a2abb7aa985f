/// The purchase state machine as a pure function: state and event in, next state out.
///
/// The rules, beyond the obvious forward steps:
/// - A second `start` while a purchase is under way is refused, so StoreKit is asked once.
/// - An update may arrive before the purchase call returns (Ask to Buy approved at once, or a
///   purchase replayed by another device); it settles the purchase, and the late result is
///   ignored.
/// - `pending` ends with the update (`succeeded`), a refused update (`failed`) or a decline; it
///   can also be asked again, as a child may ask a parent twice.
/// - Finished states (`succeeded`, `cancelled`, `failed`, `declined`) go back to `idle` when
///   dismissed, or straight to `purchasing` when bought again.
public enum PurchaseMachine {
  /// The state after `event`, or `nil` when the event does not apply in `state` (the state then
  /// stays as it is; for `start` it means the purchase must not be made).
  public static func reduce(_ state: PurchaseState, _ event: PurchaseEvent) -> PurchaseState? {
    switch (state, event) {
    case (.purchasing, .start):
      return nil
    case (_, .start):
      return .purchasing

    case (.purchasing, .resultSucceeded(let id)), (.purchasing, .updateSucceeded(let id)),
      (.pending, .updateSucceeded(let id)):
      return .succeeded(transactionID: id)
    case (.purchasing, .resultPending):
      return .pending
    case (.purchasing, .resultCancelled):
      return .cancelled
    case (.purchasing, .resultFailed(let failure)), (.pending, .updateRefused(let failure)):
      return .failed(failure)
    case (.pending, .declined):
      return .declined

    case (.succeeded, .dismiss), (.cancelled, .dismiss), (.failed, .dismiss), (.declined, .dismiss):
      return .idle

    default:
      // Results after an update settled the purchase, updates nobody is waiting for, and
      // dismissing a purchase still under way change nothing.
      return nil
    }
  }
}
