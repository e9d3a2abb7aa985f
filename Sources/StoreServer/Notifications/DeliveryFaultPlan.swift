import Foundation
import StorePersistence

/// What one round of posts to a URL does under a delivery fault: a pure function of what is
/// due, the fault and the time, so the rules live in one place.
public enum DeliveryFaultPlan {
  /// What happens to one due delivery this round.
  public enum Step: Equatable, Sendable {
    /// Posted once, as without a fault.
    case post(DueDelivery)
    /// Posted twice, the same body both times.
    case postTwice(DueDelivery)
    /// Lost: not posted, recorded as an attempt without an answer.
    case drop(DueDelivery)
  }

  /// The steps for `due` (oldest first) under `fault` at `now`; deliveries a delay or a reorder
  /// holds have no step this round.
  public static func steps(_ due: [DueDelivery], fault: DeliveryFault?, now: Date) -> [Step] {
    guard let fault else { return due.map(Step.post) }
    switch fault.kind {
    case .drop, .duplicate:
      // A counted fault affects only its remaining posts; the rest go as without one.
      let affected = min(due.count, fault.remaining ?? due.count)
      let faulty: [Step] = due.prefix(affected).map { delivery in
        fault.kind == .drop ? .drop(delivery) : .postTwice(delivery)
      }
      return faulty + due.dropFirst(affected).map { Step.post($0) }
    case .delay:
      return due.filter { delivery in
        delivery.attempts > 0 || delivery.sequence <= fault.releasedThrough
          || delivery.signedDate.addingTimeInterval(fault.delay) <= now
      }.map(Step.post)
    case .reorder:
      let retries = due.filter { $0.attempts > 0 }
      let first = due.filter { $0.attempts == 0 }
      // A lone new notification waits for the next one (or a release); new ones due together
      // go newest first.
      if first.count == 1, let only = first.first, only.sequence > fault.releasedThrough {
        return retries.map(Step.post)
      }
      return (retries + first.reversed()).map(Step.post)
    }
  }
}
