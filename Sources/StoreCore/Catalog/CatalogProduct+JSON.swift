import Foundation

extension CatalogProduct {
  /// The product as JSON with StoreKit's property names; prices are decimal strings, periods
  /// ISO 8601, types Apple's wire strings.
  public var jsonValue: JSONValue {
    .object([
      JSONMember("id", .string(id)),
      JSONMember("type", .string(type.rawValue)),
      JSONMember("displayName", .string(displayName)),
      JSONMember("description", .string(description)),
      JSONMember("price", .string(price.description)),
      JSONMember("displayPrice", .string(displayPrice)),
      JSONMember("isFamilyShareable", .bool(isFamilyShareable)),
      JSONMember("subscription", subscription?.jsonValue ?? .null),
    ])
  }
}

extension CatalogProduct.SubscriptionInfo {
  /// The subscription details as JSON with StoreKit's property names.
  public var jsonValue: JSONValue {
    .object([
      JSONMember("subscriptionGroupID", .string(subscriptionGroupID)),
      JSONMember("groupDisplayName", .string(groupDisplayName)),
      JSONMember("groupLevel", .integer(groupLevel)),
      JSONMember("subscriptionPeriod", .string(subscriptionPeriod.iso8601)),
      JSONMember("introductoryOffer", introductoryOffer?.jsonValue ?? .null),
      JSONMember("promotionalOffers", .array(promotionalOffers.map(\.jsonValue))),
      JSONMember("winBackOffers", .array(winBackOffers.map(\.jsonValue))),
      JSONMember("isEligibleForIntroOffer", .bool(isEligibleForIntroOffer)),
    ])
  }
}

extension CatalogProduct.SubscriptionOffer {
  /// The offer as JSON with StoreKit's property names.
  public var jsonValue: JSONValue {
    .object([
      JSONMember("id", id.map(JSONValue.string) ?? .null),
      JSONMember("type", .string(type.rawValue)),
      JSONMember("paymentMode", .string(paymentMode.rawValue)),
      JSONMember("period", .string(period.iso8601)),
      JSONMember("periodCount", .integer(periodCount)),
      JSONMember("price", .string(price.description)),
      JSONMember("displayPrice", .string(displayPrice)),
    ])
  }
}
