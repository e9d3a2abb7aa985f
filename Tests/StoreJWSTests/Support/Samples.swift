import Foundation
import StoreCore

/// Realistic payloads of every kind, with fixed dates and IDs (nothing random, nothing "now").
enum Samples {
  static let bundleId = SignedDataConfiguration.defaultBundleId
  /// 2025-11-30T12:00:00Z.
  static let signedDate: Int64 = 1_764_504_000_000
  static let day: Int64 = 86_400_000
  static let nonce = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
  static let deviceID = UUID(uuidString: "9B2D7A10-5C3E-4F6A-8B1D-2E4F6A8C0D12")!

  static func deviceVerification() -> Data {
    SHA384Hasher.hash(nonce: nonce, deviceID: deviceID)
  }

  static func transaction(
    _ type: InAppProductType, environment: AppStoreEnvironment = .xcode,
    bundleId: String = bundleId, signedDate: Int64 = signedDate
  ) -> JWSTransactionDecodedPayload {
    let isSubscription = type == .autoRenewableSubscription
    return JWSTransactionDecodedPayload(
      originalTransactionId: "2000000000000001", transactionId: "2000000000000002",
      webOrderLineItemId: isSubscription ? "2000000000000100" : nil, bundleId: bundleId,
      productId: productID(type),
      subscriptionGroupIdentifier: isSubscription ? "21000000" : nil,
      purchaseDate: signedDate - 3_600_000, originalPurchaseDate: signedDate - 3_600_000,
      expiresDate: isSubscription || type == .nonRenewingSubscription
        ? signedDate + 30 * day : nil,
      quantity: type == .consumable ? 3 : 1, type: type,
      appAccountToken: UUID(uuidString: "00000000-0000-4000-8000-000000000001"),
      inAppOwnershipType: .purchased, signedDate: signedDate,
      offerType: isSubscription ? .introductoryOffer : nil, environment: environment,
      storefront: "USA", storefrontId: "143441", transactionReason: .purchase, currency: "USD",
      price: isSubscription ? 0 : 4990, offerDiscountType: isSubscription ? .freeTrial : nil,
      appTransactionId: "704289572311227000", offerPeriod: isSubscription ? "P1W" : nil,
      deviceVerification: deviceVerification(), deviceVerificationNonce: nonce)
  }

  static func productID(_ type: InAppProductType) -> String {
    switch type {
    case .autoRenewableSubscription: "dev.storeterm.pro.monthly"
    case .nonConsumable: "dev.storeterm.lifetime"
    case .consumable: "dev.storeterm.coins.100"
    case .nonRenewingSubscription: "dev.storeterm.season.pass"
    }
  }

  static func renewalInfo(environment: AppStoreEnvironment = .xcode) -> JWSRenewalInfoDecodedPayload
  {
    JWSRenewalInfoDecodedPayload(
      originalTransactionId: "2000000000000001", autoRenewProductId: "dev.storeterm.pro.monthly",
      productId: "dev.storeterm.pro.monthly", autoRenewStatus: .on, isInBillingRetryPeriod: false,
      priceIncreaseStatus: .customerHasNotResponded, signedDate: signedDate,
      environment: environment, recentSubscriptionStartDate: signedDate - 3_600_000,
      renewalDate: signedDate + 30 * day, currency: "USD", renewalPrice: 9990,
      eligibleWinBackOfferIds: ["winback.monthly"], appTransactionId: "704289572311227000",
      deviceVerification: deviceVerification(), deviceVerificationNonce: nonce)
  }

  static func appTransaction(environment: AppStoreEnvironment = .xcode)
    -> JWSAppTransactionDecodedPayload
  {
    JWSAppTransactionDecodedPayload(
      receiptType: environment, bundleId: bundleId, applicationVersion: "1.0",
      versionExternalIdentifier: 0, receiptCreationDate: signedDate,
      originalPurchaseDate: signedDate - 10 * day, originalApplicationVersion: "1.0",
      deviceVerification: deviceVerification(), deviceVerificationNonce: nonce,
      appTransactionId: "704289572311227000", originalPlatform: .iOS, signedDate: signedDate)
  }

  static func notification(signer: any Signer, environment: AppStoreEnvironment = .xcode) throws
    -> ResponseBodyV2DecodedPayload
  {
    let data = NotificationData(
      environment: environment, bundleId: bundleId, bundleVersion: "1.0",
      signedTransactionInfo: try signer.sign(
        transaction(.autoRenewableSubscription, environment: environment)),
      signedRenewalInfo: try signer.sign(renewalInfo(environment: environment)), status: .active)
    return ResponseBodyV2DecodedPayload(
      notificationType: .subscribed, subtype: .initialBuy,
      notificationUUID: UUID(uuidString: "6E1C5A9F-3B2D-4C8E-9F7A-1D3E5B7C9A0B")!, data: data,
      version: "2.0", signedDate: signedDate)
  }
}
