import Foundation

/// The test environment's settings for one purchase, as Xcode's toggles set them: Ask to Buy,
/// an interruption, a cancelled sheet, a forced failure, an offer the app did not sign.
///
/// storeterm's purchase sheet and `storeterm purchase` choose them; app code never does. They
/// reach the engine through StoreKit's `Product.purchase(options:)`, merged into its request.
public struct PurchaseOverrides: Sendable, Equatable {
  /// Forces Ask to Buy on or off (nil: the app's option, else the session's setting).
  public var askToBuy: Bool?
  /// Forces an interrupted purchase on or off (nil: the session's setting).
  public var interrupted: Bool?
  /// The customer cancels the payment sheet.
  public var cancel: Bool
  /// The purchase throws this failure.
  public var failure: SimulatedFailure?
  /// An offer chosen by the tester (an offer code, a promotional or win-back offer by ID).
  public var offer: PurchaseOptions.OfferChoice?

  /// Creates overrides; by default none, so the purchase is the app's alone.
  public init(
    askToBuy: Bool? = nil, interrupted: Bool? = nil, cancel: Bool = false,
    failure: SimulatedFailure? = nil, offer: PurchaseOptions.OfferChoice? = nil
  ) {
    self.askToBuy = askToBuy
    self.interrupted = interrupted
    self.cancel = cancel
    self.failure = failure
    self.offer = offer
  }
}

extension PurchaseOptions {
  /// These options with `overrides` on top: every setting the overrides make wins.
  public func applying(_ overrides: PurchaseOverrides) -> PurchaseOptions {
    var options = self
    options.askToBuy = overrides.askToBuy ?? askToBuy
    options.interrupted = overrides.interrupted ?? interrupted
    options.cancel = cancel || overrides.cancel
    options.failure = overrides.failure ?? failure
    options.offer = overrides.offer ?? offer
    return options
  }
}
