import Foundation
@_spi(StoreTerm) import StoreKit

extension Product.PurchaseOption {
  /// What happens to a subscription bought at a past date.
  public enum SubscriptionRenewalBehavior: Equatable, Hashable, Sendable {
    /// The subscription renews every period from the purchase date until now.
    case renewUntilNow
    /// Auto-renew is off from the start: the subscription ends after its first period.
    case cancelImmediately
  }

  /// Buys as if at `date` in the past, for testing what an app sees of older purchases.
  public static func purchaseDate(
    _ date: Date, renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow
  ) -> Product.PurchaseOption {
    .backdated(date, renewsUntilNow: renewalBehavior == .renewUntilNow)
  }

  /// Redeems the configuration file's offer code with this reference name.
  public static func codeOffer(referenceName: String) -> Product.PurchaseOption {
    .testOffer(.code(referenceName))
  }

  /// Applies the configuration file's promotional offer with this identifier, unsigned, as
  /// StoreKit testing in Xcode allows.
  public static func promotionalOffer(id: String) -> Product.PurchaseOption {
    .testOffer(.promotional(id))
  }
}
