/// StoreKit's general errors (`StoreKitError`), which any API can throw.
public enum SimulatedStoreKitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An unknown error occurred.
  case unknown
  /// The user cancelled.
  case userCancelled
  /// The network failed (StoreKit wraps a `URLError`; storeterm keeps its description).
  case networkError(String)
  /// A system error occurred (StoreKit wraps an `Error`; storeterm keeps its description).
  case systemError(String)
  /// The product is not available in the current storefront.
  case notAvailableInStorefront
  /// The app is not entitled to use the API.
  case notEntitled
  /// The API is not supported here.
  case unsupported

  /// The case name as StoreKit spells it.
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .userCancelled: "userCancelled"
    case .networkError: "networkError"
    case .systemError: "systemError"
    case .notAvailableInStorefront: "notAvailableInStorefront"
    case .notEntitled: "notEntitled"
    case .unsupported: "unsupported"
    }
  }

  /// The case by name, with a stock description for the cases that wrap one.
  public init?(name: String) {
    switch name {
    case "unknown": self = .unknown
    case "userCancelled": self = .userCancelled
    case "networkError": self = .networkError("The Internet connection appears to be offline.")
    case "systemError": self = .systemError("A simulated system error occurred.")
    case "notAvailableInStorefront": self = .notAvailableInStorefront
    case "notEntitled": self = .notEntitled
    case "unsupported": self = .unsupported
    default: return nil
    }
  }

  /// `StoreKitError.<case>`, with the wrapped description when there is one.
  public var description: String {
    switch self {
    case .networkError(let detail), .systemError(let detail): "StoreKitError.\(name): \(detail)"
    default: "StoreKitError.\(name)"
    }
  }
}

/// Why a purchase could not be made: StoreKit's `Product.PurchaseError`.
public enum PurchaseRefusal: String, Error, Sendable, Hashable, CaseIterable,
  CustomStringConvertible
{
  /// The quantity is not allowed for this product.
  case invalidQuantity
  /// The product is not available.
  case productUnavailable
  /// The customer may not make purchases.
  case purchaseNotAllowed
  /// The customer is not eligible for the offer.
  case ineligibleForOffer
  /// The offer identifier is not one of the product's offers.
  case invalidOfferIdentifier
  /// The offer's price is not valid.
  case invalidOfferPrice
  /// The offer's signature is not valid.
  case invalidOfferSignature
  /// The offer is missing parameters.
  case missingOfferParameters
  /// The product is not sold by seat, yet the purchase asked for seats (iOS 27.3).
  case multiSeatPurchaseDisabled

  /// `Product.PurchaseError.<case>`.
  public var description: String { "Product.PurchaseError.\(rawValue)" }
}

/// Why a refund request failed: StoreKit's `Transaction.RefundRequestError`.
public enum RefundRefusal: String, Error, Sendable, Hashable, CaseIterable,
  CustomStringConvertible
{
  /// A refund was already requested for this transaction.
  case duplicateRequest
  /// The request failed.
  case failed

  /// `Transaction.RefundRequestError.<case>`.
  public var description: String { "Transaction.RefundRequestError.\(rawValue)" }
}

/// A failure injected on purpose: a StoreKit error or a purchase error, by StoreKit's case name.
public enum SimulatedFailure: Sendable, Hashable, CustomStringConvertible {
  /// Throw a `StoreKitError`.
  case storeKit(SimulatedStoreKitError)
  /// Throw a `Product.PurchaseError`.
  case purchase(PurchaseRefusal)
  /// Fail verification with a `VerificationResult.VerificationError`.
  case verification(JWSVerificationError)
  /// Fail a refund request with a `Transaction.RefundRequestError`.
  case refundRequest(RefundRefusal)

  /// The failure named `name` (`networkError`, `productUnavailable`, or with its type prefix
  /// `StoreKitError.notEntitled`), or nil when StoreKit has no such case.
  public init?(name: String) {
    let bare = name.split(separator: ".").last.map(String.init) ?? name
    if !name.hasPrefix("Product.PurchaseError"), let error = SimulatedStoreKitError(name: bare) {
      self = .storeKit(error)
    } else if !name.hasPrefix("StoreKitError"), let error = PurchaseRefusal(rawValue: bare) {
      self = .purchase(error)
    } else if let error = JWSVerificationError.allCases.first(where: { $0.name == bare }) {
      self = .verification(error)
    } else if let error = RefundRefusal(rawValue: bare) {
      self = .refundRequest(error)
    } else {
      return nil
    }
  }

  /// The failure an Xcode `_storeKitErrors` entry selects, when storeterm can throw it.
  public init?(_ error: SimulatedError) {
    guard let caseName = error.caseName else { return nil }
    switch error.family {
    case "generic": self.init(name: "StoreKitError.\(caseName)")
    case "purchase": self.init(name: "Product.PurchaseError.\(caseName)")
    case "verification", "refund request": self.init(name: caseName)
    default: return nil
    }
  }

  /// Every name `init(name:)` accepts without a prefix, for help and error messages.
  public static let names: [String] =
    [
      "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront",
      "notEntitled", "unsupported",
    ] + PurchaseRefusal.allCases.map(\.rawValue)

  /// The error to throw.
  public var error: any Error {
    switch self {
    case .storeKit(let error): error
    case .purchase(let error): error
    case .verification(let error): error
    case .refundRequest(let error): error
    }
  }

  /// The thrown error's description.
  public var description: String {
    switch self {
    case .storeKit(let error): error.description
    case .purchase(let error): error.description
    case .verification(let error): "VerificationError.\(error.name)"
    case .refundRequest(let error): error.description
    }
  }
}
