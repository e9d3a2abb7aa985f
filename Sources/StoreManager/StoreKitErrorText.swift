import StoreKit

/// StoreKit's errors as one sentence that names the case the way Swift code spells it
/// (`StoreKitError.networkError: The Internet connection appears to be offline.`).
public enum StoreKitErrorText {
  /// The case name, then what it wraps.
  public static func sentence(_ error: StoreKitError) -> String {
    switch error {
    case .unknown: "StoreKitError.unknown"
    case .userCancelled: "StoreKitError.userCancelled"
    case .networkError(let urlError): "StoreKitError.networkError: \(networkSentence(urlError))"
    case .systemError(let inner): "StoreKitError.systemError: \(inner)"
    case .notAvailableInStorefront: "StoreKitError.notAvailableInStorefront"
    case .notEntitled: "StoreKitError.notEntitled"
    case .unsupported: "StoreKitError.unsupported"
    }
  }

  /// The sentence Apple's systems show for the common network codes.
  private static func networkSentence(_ error: URLError) -> String {
    switch error.code {
    case .notConnectedToInternet: "The Internet connection appears to be offline."
    case .timedOut: "The request timed out."
    case .networkConnectionLost: "The network connection was lost."
    default: "URLError \(error.code.rawValue)"
    }
  }
}
