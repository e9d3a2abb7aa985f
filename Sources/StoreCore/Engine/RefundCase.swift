import Foundation

/// One customer's refund request and what became of it, as the ledger's events tell it: the
/// one reading behind `storeterm refunds`, the transaction inspector and the engine's
/// ``StoreEngine/pendingRefundRequest(_:)``.
public struct RefundCase: Sendable, Equatable, Hashable {
  /// Where the request stands.
  public enum Outcome: String, Sendable, Equatable, Hashable {
    /// It waits for the App Store's decision.
    case waiting
    /// Refunded (in full or in part: the transaction's `revocationType` says which).
    case refunded
    /// Declined (`REFUND_DECLINED`).
    case declined
    /// Refunded, then reversed (`REFUND_REVERSED`).
    case reversed
  }

  /// The events a request and its decisions are made of.
  public static let eventKinds: [StoreEvent.Kind] = [
    .refundRequested, .refundDeclined, .refunded, .revoked, .refundReversed,
  ]

  /// The transaction.
  public var transactionID: UInt64
  /// Whose it is.
  public var customerID: String
  /// Its product.
  public var productID: String?
  /// When the customer asked.
  public var requestedDate: Date
  /// The customer's reason, as `CONSUMPTION_REQUEST` carries it.
  public var reason: ConsumptionRequestReason
  /// Where it stands.
  public var outcome: Outcome
  /// When it was last decided (nil while it waits).
  public var decidedDate: Date?

  /// Creates a case.
  public init(
    transactionID: UInt64, customerID: String, productID: String?, requestedDate: Date,
    reason: ConsumptionRequestReason, outcome: Outcome, decidedDate: Date?
  ) {
    self.transactionID = transactionID
    self.customerID = customerID
    self.productID = productID
    self.requestedDate = requestedDate
    self.reason = reason
    self.outcome = outcome
    self.decidedDate = decidedDate
  }

  /// The cases `events` (oldest first, of any kinds) tell, in the order they were requested.
  ///
  /// One per requested transaction. A refund or revocation before any request is QA's own and
  /// opens no case.
  public static func cases(from events: [StoreEvent]) -> [RefundCase] {
    var cases: [UInt64: RefundCase] = [:]
    var order: [UInt64] = []
    for event in events {
      guard let id = event.transactionID else { continue }
      if event.kind == .refundRequested {
        if cases[id] == nil { order.append(id) }
        cases[id] = RefundCase(
          transactionID: id, customerID: event.customerID, productID: event.productID,
          requestedDate: event.date,
          reason: ConsumptionRequestReason(rawValue: event.detail) ?? .other, outcome: .waiting,
          decidedDate: nil)
        continue
      }
      guard var found = cases[id] else { continue }
      switch event.kind {
      case .refunded, .revoked: found.outcome = .refunded
      case .refundDeclined: found.outcome = .declined
      case .refundReversed: found.outcome = .reversed
      default: continue
      }
      found.decidedDate = event.date
      cases[id] = found
    }
    return order.compactMap { cases[$0] }
  }

  /// The outcome in words, with the share of a prorated refund: `waiting for a decision`,
  /// `refunded in full`, `refunded 40%`, `declined`, `refund reversed`.
  public func outcomeWords(_ transaction: JWSTransactionDecodedPayload?) -> String {
    switch outcome {
    case .waiting: return "waiting for a decision"
    case .declined: return "declined"
    case .reversed: return "refund reversed"
    case .refunded:
      guard transaction?.revocationType == .refundProrated,
        let percentage = transaction?.revocationPercentage
      else { return "refunded in full" }
      return "refunded \(RevocationType.percentText(percentage))"
    }
  }

  /// A Send Consumption Information body (`version` 1 or 2) in one line with Apple's field
  /// names: `v2 · deliveryStatus DELIVERED · consumptionPercentage 50% · refundPreference
  /// GRANT_PRORATED`; nil when it is not a JSON object.
  public static func consumptionSummary(version: Int, bodyJSON: String) -> String? {
    guard let body = try? JSONParser.parse(bodyJSON), case .object(let members) = body else {
      return nil
    }
    var parts = ["v\(version)"]
    for member in members where member.key != "customerConsented" {
      let text: String
      switch member.value {
      case .string(let value): text = value
      case .number(let value):
        text =
          member.key == "consumptionPercentage"
          ? Int(value).map(RevocationType.percentText) ?? value : value
      case .bool(let value): text = value ? "true" : "false"
      default: continue
      }
      parts.append("\(member.key) \(text)")
    }
    return parts.joined(separator: " · ")
  }
}
