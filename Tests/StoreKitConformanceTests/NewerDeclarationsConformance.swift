// Declarations Apple added from iOS 18.4 to 27 (the reference's "Newer declarations" section),
// and the UInt spelling of SKTestSession's identifiers, each test using one declaration as
// Apple's documentation declares it.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("iOS 18.4 – 27 declarations conformance")
struct NewerDeclarationsConformance {
  // MARK: Transaction.RevocationType (26.4)

  @Test func transactionRevocationType() {
    let _: KeyPath<Transaction, Transaction.RevocationType?> = \.revocationType
  }

  @Test func revocationTypeConformances() {
    requireRawRepresentable(Transaction.RevocationType.self, raw: String.self)
    requireEquatable(Transaction.RevocationType.self)
    requireHashable(Transaction.RevocationType.self)
    requireSendable(Transaction.RevocationType.self)
  }

  @Test func revocationTypeStatics() {
    let all: [Transaction.RevocationType] = [
      .fullRefund, .proratedRefund, .familyRevocation, .assignmentRevocation,
    ]
    #expect(Set(all).count == 4)
  }

  @Test func revocationTypeInitRawValueIsNotFailable() {
    let make: (String) -> Transaction.RevocationType = Transaction.RevocationType.init(rawValue:)
    #expect(make(Transaction.RevocationType.fullRefund.rawValue) == .fullRefund)
  }

  @Test func transactionRevocationPercentage() {
    let _: KeyPath<Transaction, Decimal?> = \.revocationPercentage
  }

  // MARK: AppTransaction (27.0)

  @Test func appTransactionRevocationDate() {
    let _: KeyPath<AppTransaction, Date?> = \.revocationDate
  }

  @Test func appTransactionStoreType() {
    let _: KeyPath<AppTransaction, AppTransaction.StoreType> = \.storeType
  }

  @Test func storeTypeConformances() {
    requireRawRepresentable(AppTransaction.StoreType.self, raw: String.self)
    requireEquatable(AppTransaction.StoreType.self)
    requireHashable(AppTransaction.StoreType.self)
    requireSendable(AppTransaction.StoreType.self)
  }

  @Test func storeTypeStatics() {
    let all: [AppTransaction.StoreType] = [.consumer, .enterprise, .education]
    #expect(Set(all).count == 3)
    let make: (String) -> AppTransaction.StoreType = AppTransaction.StoreType.init(rawValue:)
    #expect(make(AppTransaction.StoreType.consumer.rawValue) == .consumer)
  }

  @Test func appTransactionAll() {
    let _: () -> AppTransaction.AppTransactions = { AppTransaction.all }
    requireAsyncSequence(
      AppTransaction.AppTransactions.self, element: VerificationResult<AppTransaction>.self)
    requireSendable(AppTransaction.AppTransactions.self)
  }

  // MARK: AppStore (26.2, 27.0), RedeemOption (27.0)

  @Test func appStoreAgeRatingCode() {
    let _: () async -> Int? = { await AppStore.ageRatingCode }
  }

  @Test func platformManaged() {
    let all: [AppStore.Platform] = [.managed, .iOS, .macOS, .tvOS, .visionOS]
    #expect(Set(all).count == 5)
  }

  @Test func redeemOptionConformances() {
    requireEquatable(RedeemOption.self)
    requireHashable(RedeemOption.self)
    requireSendable(RedeemOption.self)
  }

  // MARK: Errors (26.5, 27.0, 27.3)

  @Test func purchaseErrorNewerCases() {
    let all: [Product.PurchaseError] = [
      .paymentMethodBindingConfigurationRequired, .multiSeatPurchaseDisabled,
    ]
    #expect(all.allSatisfy { $0.errorDescription != nil })
  }

  @Test func refundRequestErrorIneligible() {
    let error: Transaction.RefundRequestError = .ineligible
    #expect(error.errorDescription != nil)
  }

  // MARK: Transaction.MultiSeatInfo (27.3)

  @Test func transactionMultiSeatInfo() {
    typealias Info = Transaction.MultiSeatInfo
    let _: KeyPath<Transaction, Info?> = \.multiSeatInfo
    let _: KeyPath<Info, Info.InvitationManagement> = \.invitationManagement
    let _: KeyPath<Info, [Info.PriceTier]> = \.priceTiers
    let _: KeyPath<Info.PriceTier, Decimal> = \.price
    let _: KeyPath<Info.PriceTier, Int> = \.quantity
    requireRawRepresentable(Info.InvitationManagement.self, raw: String.self)
    #expect(Info.InvitationManagement.apple.rawValue.isEmpty == false)
    // "The raw values are APPLE and DEVELOPER, the same values that the App Store Server API
    // uses."
    let hosts: [Info.InvitationManagement] = [.apple, .developer]
    #expect(hosts.map(\.rawValue) == ["APPLE", "DEVELOPER"])
  }

  // MARK: StoreKitTest's purchase options (17.0)

  @Test func purchaseOptionCodeOffer() {
    let _: (String) -> Product.PurchaseOption = Product.PurchaseOption.codeOffer(referenceName:)
  }

  @Test func purchaseOptionPromotionalOfferID() {
    let _: (String) -> Product.PurchaseOption = Product.PurchaseOption.promotionalOffer(id:)
  }

  // MARK: SKTestSession identifiers: Int as Apple's pages print, UInt as test code passes

  @Test func sessionControlsTakeUIntIdentifiers() {
    let _: (SKTestSession, Transaction) throws -> Void = { session, transaction in
      try session.approveAskToBuyTransaction(identifier: UInt(transaction.id))
      try session.declineAskToBuyTransaction(identifier: UInt(transaction.id))
      try session.resolveIssueForTransaction(identifier: UInt(transaction.id))
      try session.refundTransaction(identifier: UInt(transaction.id))
      try session.deleteTransaction(identifier: UInt(transaction.id))
      try session.enableAutoRenewForTransaction(identifier: UInt(transaction.id))
      try session.disableAutoRenewForTransaction(identifier: UInt(transaction.id))
      try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
      try session.consentToPriceIncreaseForTransaction(identifier: UInt(transaction.id))
      try session.declinePriceIncreaseForTransaction(identifier: UInt(transaction.id))
    }
    // SKTestTransaction's identifiers, converted and compared as test code does.
    let _: (SKTestSession, SKTestTransaction, Transaction) throws -> Bool = {
      session, listed, transaction in
      try session.refundTransaction(identifier: UInt(listed.identifier))
      try session.refundTransaction(identifier: listed.identifier)
      return listed.identifier == UInt(transaction.id)
        && listed.originalTransactionIdentifier == transaction.originalID
    }
  }

  // MARK: PurchaseIntent (16.4; offer 18.0)

  @Test func purchaseIntentConformances() {
    requireIdentifiable(PurchaseIntent.self, id: Product.ID.self)
    requireSendable(PurchaseIntent.self)
  }

  @Test func purchaseIntentIntents() {
    let _: PurchaseIntent.PurchaseIntents = PurchaseIntent.intents
    requireAsyncSequence(PurchaseIntent.PurchaseIntents.self, element: PurchaseIntent.self)
  }

  @Test func purchaseIntentMembers() {
    let _: KeyPath<PurchaseIntent, Product> = \.product
    let _: KeyPath<PurchaseIntent, Product.SubscriptionOffer?> = \.offer
    let _: KeyPath<PurchaseIntent, Product.ID> = \.id
  }

  // MARK: Product.PromotionInfo (16.4)

  @Test func promotionInfoShape() {
    requireSendable(Product.PromotionInfo.self)
    requireHashable(Product.PromotionInfo.self)
    let _: KeyPath<Product.PromotionInfo, Product.ID> = \.productID
    let _: WritableKeyPath<Product.PromotionInfo, Product.PromotionInfo.Visibility> = \.visibility
    let _: () async throws -> [Product.PromotionInfo] = {
      try await Product.PromotionInfo.currentOrder
    }
    let _: ([String]) async throws -> Void = {
      try await Product.PromotionInfo.updateProductOrder(byID: $0)
    }
    let _: (Set<String>) async throws -> Void = {
      try await Product.PromotionInfo.updateProductOrder(byID: $0)
    }
    let _: (Product.PromotionInfo.Visibility, Product.ID) async throws -> Void = {
      try await Product.PromotionInfo.updateProductVisibility($0, for: $1)
    }
    let _: ([Product.PromotionInfo]) async throws -> Void = {
      try await Product.PromotionInfo.updateAll($0)
    }
    let _: (Product.PromotionInfo) async throws -> Void = { try await $0.update() }
    requireHashable(Product.PromotionInfo.Visibility.self)
    requireSendable(Product.PromotionInfo.Visibility.self)
    let visibility = Product.PromotionInfo.Visibility.appStoreConnectDefault
    switch visibility {  // An enum with exactly Apple's three cases.
    case .appStoreConnectDefault, .visible, .hidden: break
    }
  }

  @Test func anIntegerLiteralStillPicksApplesIntForm() {
    let _: (SKTestSession) throws -> Void = { try $0.refundTransaction(identifier: 1) }
  }
}

// Deprecated but still declared by Apple: referenced from a deprecated scope so that they must
// exist without the suite warning. Never called.

@available(*, deprecated, message: "exercises deprecated StoreKit declarations")
func newerDeprecatedDeclarations() {
  // Transaction.revocationTypeStringRepresentation (back-deployed and deprecated in 26.4)
  let _: KeyPath<Transaction, String?> = \.revocationTypeStringRepresentation
  // AppTransaction.storeTypeStringRepresentation (deprecated in 27.0)
  let _: KeyPath<AppTransaction, String> = \.storeTypeStringRepresentation
  // AppTransaction.originalPlatformStringRepresentation (deprecated in 18.4)
  let _: KeyPath<AppTransaction, String> = \.originalPlatformStringRepresentation

}
