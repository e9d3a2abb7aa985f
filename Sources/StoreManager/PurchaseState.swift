import StoreKit

/// Where one product's purchase stands, as a paywall or purchase sheet shows it.
///
/// `idle → purchasing → succeeded | pending | cancelled | failed`, and `pending → succeeded |
/// declined` when Ask to Buy is answered. ``PurchaseMachine`` holds the rules.
public enum PurchaseState: Sendable, Hashable, CustomStringConvertible {
  /// Nothing is happening.
  case idle
  /// The App Store is handling the purchase.
  case purchasing
  /// The purchase was verified and its content delivered.
  case succeeded(transactionID: UInt64)
  /// The purchase waits for approval (Ask to Buy) or for an issue to be resolved; nothing is
  /// granted yet.
  case pending
  /// The customer cancelled.
  case cancelled
  /// The purchase failed, or its result could not be trusted or stored.
  case failed(PurchaseFailure)
  /// A parent declined the Ask to Buy request.
  case declined

  /// Whether a purchase of the product is under way (a second one is refused meanwhile).
  public var isInProgress: Bool { self == .purchasing }

  /// The state as one short phrase, such as `succeeded (transaction 4)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .purchasing: "purchasing"
    case .succeeded(let id): "succeeded (transaction \(id))"
    case .pending: "pending"
    case .cancelled: "cancelled"
    case .failed(let failure): "failed: \(failure)"
    case .declined: "declined"
    }
  }
}

/// Why a purchase failed or a transaction was refused.
public enum PurchaseFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// StoreKit threw one of its general errors (`StoreKitError.networkError: …`, kept as its
  /// sentence because Apple's `StoreKitError` is not `Equatable`).
  case storeKit(String)
  /// StoreKit refused the purchase (`Product.PurchaseError`).
  case purchase(Product.PurchaseError)
  /// The transaction did not verify; it grants nothing.
  case unverified(VerificationResult<Transaction>.VerificationError)
  /// The transaction verified but was issued for another bundle ID or environment.
  case notForThisApp(String)
  /// The grant could not be stored; the transaction stays unfinished for the next start.
  case notPersisted(String)
  /// Anything else, as one sentence.
  case other(String)

  /// The failure for an error thrown by StoreKit or the App Store.
  public init(_ error: any Error) {
    switch error {
    case let error as StoreKitError: self = .storeKit(StoreKitErrorText.sentence(error))
    case let error as Product.PurchaseError: self = .purchase(error)
    case let error as VerificationResult<Transaction>.VerificationError:
      self = .unverified(error)
    case let error as Transaction.RefundRequestError:
      self = .other("Transaction.RefundRequestError.\(error)")
    case let error as PurchaseFailure: self = error
    default: self = .other(String(describing: error))
    }
  }

  /// One sentence (StoreKit's errors by their Swift names).
  public var description: String {
    switch self {
    case .storeKit(let sentence): sentence
    case .purchase(let error): "Product.PurchaseError.\(error)"
    case .unverified(let error): "the transaction failed verification (\(error))"
    case .notForThisApp(let reason), .notPersisted(let reason), .other(let reason): reason
    }
  }
}
