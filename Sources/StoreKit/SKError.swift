import Foundation

/// An error StoreKit 1 reports: Apple's `SKError`, as far as `SKTestSession.failureError` uses it.
public struct SKError: Error, Hashable, Sendable {
  /// The domain of StoreKit 1's errors.
  public static let errorDomain = "SKErrorDomain"

  /// The error code.
  public let code: Code

  /// Creates an error with `code`.
  public init(_ code: Code) {
    self.code = code
  }

  /// StoreKit 1's error codes, with the raw values of Apple's `SKErrorCode`.
  public enum Code: Int, Hashable, Sendable {
    /// An unknown or unexpected error occurred.
    case unknown = 0
    /// The client is not allowed to perform the attempted action.
    case clientInvalid = 1
    /// The user cancelled a payment request.
    case paymentCancelled = 2
    /// A payment parameter was not recognized by the App Store.
    case paymentInvalid = 3
    /// The user is not allowed to authorize payments.
    case paymentNotAllowed = 4
    /// The requested product is not available in the store.
    case storeProductNotAvailable = 5
    /// The user has not allowed access to Cloud service information.
    case cloudServicePermissionDenied = 6
    /// The device could not connect to the network.
    case cloudServiceNetworkConnectionFailed = 7
    /// The user has revoked permission to use this cloud service.
    case cloudServiceRevoked = 8
    /// The user has not yet acknowledged Apple's privacy policy.
    case privacyAcknowledgementRequired = 9
    /// The app is attempting to use a property without the required entitlement.
    case unauthorizedRequestData = 10
    /// The offer identifier is not valid.
    case invalidOfferIdentifier = 11
    /// The signature in a payment discount is not valid.
    case invalidSignature = 12
    /// Parameters are missing in a payment discount.
    case missingOfferParams = 13
    /// The price of the offer is not valid.
    case invalidOfferPrice = 14
    /// The user cancelled an overlay.
    case overlayCancelled = 15
    /// The overlay's configuration is not valid.
    case overlayInvalidConfiguration = 16
    /// The overlay timed out.
    case overlayTimeout = 17
    /// The user is not eligible for the subscription offer.
    case ineligibleForOffer = 18
    /// The current platform does not support overlays.
    case unsupportedPlatform = 19
    /// The app tried to present an overlay in a background scene.
    case overlayPresentedInBackgroundScene = 20
  }
}
