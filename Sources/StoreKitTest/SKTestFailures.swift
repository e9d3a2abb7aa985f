import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit

/// The failures each failable StoreKit API can be made to throw: StoreKitTest's `SKTestFailures`.
public enum SKTestFailures {
  /// The failures of `AppStore.sync()`.
  public enum AppStoreSync: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of the app transaction.
  public enum AppTransaction: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of `Product.products(for:)`.
  public enum LoadProducts: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of the manage-subscriptions sheet.
  public enum ManageSubscriptions: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of the offer code redemption sheet.
  public enum OfferCodeRedeem: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of subscription status.
  public enum SubscriptionStatus: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
  }

  /// The failures of a purchase.
  public enum Purchase: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
    /// A purchase error.
    case purchase(Product.PurchaseError)
  }

  /// The failures of a refund request.
  public enum RefundRequest: SKTestFailure {
    /// A general StoreKit error.
    case generic(StoreKitError)
    /// A refund request error.
    case refundRequest(Transaction.RefundRequestError)
  }

  /// The failures of verification.
  public enum Verification: SKTestFailure {
    /// Signed data fails verification with this error.
    case verification(VerificationResult<Any>.VerificationError)
  }
}

// MARK: - Equality (StoreKitError is not Equatable)

extension SKTestFailures.AppStoreSync {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.AppTransaction {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.LoadProducts {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.ManageSubscriptions {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.OfferCodeRedeem {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.SubscriptionStatus {
  /// Failures are equal when they wrap the same StoreKit error.
  public static func == (lhs: Self, rhs: Self) -> Bool { same(lhs.genericError, rhs.genericError) }

  var genericError: StoreKitError {
    switch self {
    case .generic(let error): error
    }
  }
}

extension SKTestFailures.Purchase {
  /// Failures are equal when they are the same case with the same error.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.generic(let a), .generic(let b)): same(a, b)
    case (.purchase(let a), .purchase(let b)): a == b
    default: false
    }
  }
}

extension SKTestFailures.RefundRequest {
  /// Failures are equal when they are the same case with the same error.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.generic(let a), .generic(let b)): same(a, b)
    case (.refundRequest(let a), .refundRequest(let b)): a == b
    default: false
    }
  }
}

/// Whether two StoreKit errors are the same case with the same wrapped error.
private func same(_ lhs: StoreKitError, _ rhs: StoreKitError) -> Bool {
  switch (lhs, rhs) {
  case (.unknown, .unknown), (.userCancelled, .userCancelled),
    (.notAvailableInStorefront, .notAvailableInStorefront), (.notEntitled, .notEntitled),
    (.unsupported, .unsupported):
    true
  case (.networkError(let a), .networkError(let b)): a == b
  case (.systemError(let a), .systemError(let b)):
    type(of: a) == type(of: b) && String(describing: a) == String(describing: b)
  default: false
  }
}

// MARK: - The engine's side

/// A failure the simulated App Store can raise, with the exact value StoreKit throws for it.
protocol EngineFailure {
  /// The engine's failure, which makes the engine refuse the call.
  var simulated: SimulatedFailure { get }
  /// The exact error the StoreKit API throws; nil when the engine's own mapping is exact.
  var exactError: (any Error & Sendable)? { get }
  /// The failure for an engine failure (set by a configuration file), if this API has it.
  init?(_ simulated: SimulatedFailure)
}

/// A failure whose only case is `generic(StoreKitError)`: six of Apple's nine failure types.
protocol GenericOnlyFailure: EngineFailure {
  /// The `generic` case.
  static func generic(_ error: StoreKitError) -> Self
  /// The wrapped error.
  var genericError: StoreKitError { get }
}

extension GenericOnlyFailure {
  var simulated: SimulatedFailure { .storeKit(engineError(genericError)) }
  var exactError: (any Error & Sendable)? { genericError }
  init?(_ simulated: SimulatedFailure) {
    guard let error = storeKitError(simulated) else { return nil }
    self = .generic(error)
  }
}

extension SKTestFailures.AppStoreSync: GenericOnlyFailure {}

extension SKTestFailures.AppTransaction: GenericOnlyFailure {}

extension SKTestFailures.LoadProducts: GenericOnlyFailure {}

extension SKTestFailures.ManageSubscriptions: GenericOnlyFailure {}

extension SKTestFailures.OfferCodeRedeem: GenericOnlyFailure {}

extension SKTestFailures.SubscriptionStatus: GenericOnlyFailure {}

extension SKTestFailures.Purchase: EngineFailure {
  var simulated: SimulatedFailure {
    switch self {
    case .generic(let e): .storeKit(engineError(e))
    case .purchase(let e): .purchase(PurchaseRefusal(rawValue: "\(e)") ?? .productUnavailable)
    }
  }
  var exactError: (any Error & Sendable)? {
    switch self {
    case .generic(let e): e
    case .purchase(let e): e
    }
  }
  init?(_ simulated: SimulatedFailure) {
    if case .purchase(let refusal) = simulated {
      guard let error = purchaseErrors.first(where: { "\($0)" == refusal.rawValue }) else {
        return nil
      }
      self = .purchase(error)
    } else if let error = storeKitError(simulated) {
      self = .generic(error)
    } else {
      return nil
    }
  }
}

extension SKTestFailures.RefundRequest: EngineFailure {
  var simulated: SimulatedFailure {
    switch self {
    case .generic(let e): .storeKit(engineError(e))
    case .refundRequest(let e): .refundRequest(e == .duplicateRequest ? .duplicateRequest : .failed)
    }
  }
  var exactError: (any Error & Sendable)? {
    switch self {
    case .generic(let e): e
    case .refundRequest(let e): e
    }
  }
  init?(_ simulated: SimulatedFailure) {
    if case .refundRequest(let refusal) = simulated {
      self = .refundRequest(refusal == .duplicateRequest ? .duplicateRequest : .failed)
    } else if let error = storeKitError(simulated) {
      self = .generic(error)
    } else {
      return nil
    }
  }
}

extension SKTestFailures.Verification: EngineFailure {
  var simulated: SimulatedFailure {
    switch self {
    case .verification(let e):
      .verification(JWSVerificationError.allCases.first { $0.name == "\(e)" } ?? .invalidSignature)
    }
  }
  // Verification errors are typed by the signed value (`VerificationResult<Transaction>`), so the
  // engine's failure, which StoreKit maps case for case, is the exact value.
  var exactError: (any Error & Sendable)? { nil }
  init?(_ simulated: SimulatedFailure) {
    guard case .verification(let error) = simulated,
      let match = verificationErrors.first(where: { "\($0)" == error.name })
    else { return nil }
    self = .verification(match)
  }
}

/// `Product.PurchaseError`'s cases, to match the engine's by name.
private let purchaseErrors: [Product.PurchaseError] = [
  .invalidQuantity, .productUnavailable, .purchaseNotAllowed, .ineligibleForOffer,
  .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters,
  .paymentMethodBindingConfigurationRequired, .multiSeatPurchaseDisabled,
]

/// `VerificationResult.VerificationError`'s cases, to match the engine's by name.
private let verificationErrors: [VerificationResult<Any>.VerificationError] = [
  .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification, .invalidEncoding,
  .invalidSignature, .missingRequiredProperties,
]

/// The engine's failure for a StoreKit error.
private func engineError(_ error: StoreKitError) -> SimulatedStoreKitError {
  switch error {
  case .unknown: .unknown
  case .userCancelled: .userCancelled
  case .networkError(let error): .networkError(error.localizedDescription)
  case .systemError(let error): .systemError(String(describing: error))
  case .notAvailableInStorefront: .notAvailableInStorefront
  case .notEntitled: .notEntitled
  case .unsupported: .unsupported
  }
}

/// The StoreKit error for an engine failure, when it is a general one.
private func storeKitError(_ simulated: SimulatedFailure) -> StoreKitError? {
  guard case .storeKit(let error) = simulated else { return nil }
  switch error {
  case .unknown: return .unknown
  case .userCancelled: return .userCancelled
  case .networkError: return .networkError(URLError(.notConnectedToInternet))
  case .systemError(let detail): return .systemError(SimulatedSystemError(description: detail))
  case .notAvailableInStorefront: return .notAvailableInStorefront
  case .notEntitled: return .notEntitled
  case .unsupported: return .unsupported
  }
}

/// The error inside `StoreKitError.systemError` for a failure a configuration file chose.
private struct SimulatedSystemError: Error, CustomStringConvertible {
  var description: String
}
