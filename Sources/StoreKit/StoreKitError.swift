import Foundation
import StoreCore

/// An error StoreKit throws from its APIs: Apple's `StoreKitError`.
public enum StoreKitError: Error, LocalizedError, Sendable {
  /// An unknown error occurred.
  case unknown
  /// The customer cancelled.
  case userCancelled
  /// The App Store could not be reached.
  case networkError(URLError)
  /// A system error occurred.
  case systemError(any Error)
  /// The product is not available in the current storefront.
  case notAvailableInStorefront
  /// The app is not entitled to use the API.
  case notEntitled
  /// The API is not supported on this device.
  case unsupported

  /// A sentence for the customer.
  public var errorDescription: String? {
    switch self {
    case .unknown: "An unknown error occurred."
    case .userCancelled: "The request was cancelled."
    case .networkError(let error):
      "The App Store could not be reached: \(error.localizedDescription)"
    case .systemError(let error): "A system error occurred: \(error)"
    case .notAvailableInStorefront: "The product is not available in this storefront."
    case .notEntitled: "The app is not entitled to use this API."
    case .unsupported: "This API is not supported on this device."
    }
  }
}

extension StoreKitError {
  /// The error StoreKit throws for a failure the simulated App Store was set to raise.
  init(_ simulated: SimulatedStoreKitError) {
    switch simulated {
    case .unknown: self = .unknown
    case .userCancelled: self = .userCancelled
    case .networkError: self = .networkError(URLError(.notConnectedToInternet))
    case .systemError(let detail): self = .systemError(SimulatedSystemError(description: detail))
    case .notAvailableInStorefront: self = .notAvailableInStorefront
    case .notEntitled: self = .notEntitled
    case .unsupported: self = .unsupported
    }
  }
}

/// The error inside `StoreKitError.systemError` when a failure was chosen by name (the command
/// line's `--fail systemError`, a `.storekit` file's setting) rather than as a value.
struct SimulatedSystemError: Error, CustomStringConvertible {
  var description: String
}
