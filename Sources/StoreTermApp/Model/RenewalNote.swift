import Foundation

/// What StoreKit's renewal info says about a subscription group beyond its state: a price
/// increase, the end of a grace period, a plan change at the next renewal.
public struct RenewalNote: Sendable, Hashable {
  /// Where a price increase stands.
  public enum PriceIncrease: Sendable, Hashable {
    /// The customer has not answered yet.
    case pending
    /// The customer agreed (or was told, where no consent is needed).
    case agreed
  }

  /// A price increase, if one is under way.
  public var priceIncrease: PriceIncrease?
  /// The renewal price, when the App Store reports one (with a price increase).
  public var renewalPrice: String?
  /// When the grace period ends, while in one.
  public var gracePeriodEnds: Date?
  /// The product the subscription renews into, when it differs from the current one.
  public var renewsInto: String?

  /// Creates a note.
  public init(
    priceIncrease: PriceIncrease? = nil, renewalPrice: String? = nil,
    gracePeriodEnds: Date? = nil, renewsInto: String? = nil
  ) {
    self.priceIncrease = priceIncrease
    self.renewalPrice = renewalPrice
    self.gracePeriodEnds = gracePeriodEnds
    self.renewsInto = renewsInto
  }

  /// Whether there is anything to say.
  public var isEmpty: Bool {
    priceIncrease == nil && gracePeriodEnds == nil && renewsInto == nil
  }
}
