// Transaction and its nested types (Reason, RevocationReason, OfferType, OwnershipType, Offer,
// Transactions, RefundRequestError, RefundRequestStatus), each test using one declaration as
// Apple's documentation declares it.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("Transaction conformance")
struct TransactionConformance {
  // MARK: Transaction

  @Test func transactionConformances() {
    requireIdentifiable(Transaction.self, id: UInt64.self)
    requireEquatable(Transaction.self)
    requireHashable(Transaction.self)
    requireDebugDescription(Transaction.self)
    requireSendable(Transaction.self)
  }

  @Test func transactionIDTypealias() {
    let id: Transaction.ID = 42
    let _: UInt64 = id
  }

  @Test func transactionJSONRepresentation() {
    let _: (Transaction) -> Data = { $0.jsonRepresentation }
  }

  @Test func transactionID() {
    let _: KeyPath<Transaction, UInt64> = \.id
  }

  @Test func transactionOriginalID() {
    let _: KeyPath<Transaction, UInt64> = \.originalID
  }

  @Test func transactionWebOrderLineItemID() {
    let _: KeyPath<Transaction, String?> = \.webOrderLineItemID
  }

  @Test func transactionProductID() {
    let _: KeyPath<Transaction, String> = \.productID
  }

  @Test func transactionSubscriptionGroupID() {
    let _: KeyPath<Transaction, String?> = \.subscriptionGroupID
  }

  @Test func transactionAppBundleID() {
    let _: KeyPath<Transaction, String> = \.appBundleID
  }

  @Test func transactionAppTransactionID() {
    let _: KeyPath<Transaction, String> = \.appTransactionID
  }

  @Test func transactionPurchaseDate() {
    let _: KeyPath<Transaction, Date> = \.purchaseDate
  }

  @Test func transactionOriginalPurchaseDate() {
    let _: KeyPath<Transaction, Date> = \.originalPurchaseDate
  }

  @Test func transactionExpirationDate() {
    let _: KeyPath<Transaction, Date?> = \.expirationDate
  }

  @Test func transactionPurchasedQuantity() {
    let _: KeyPath<Transaction, Int> = \.purchasedQuantity
  }

  @Test func transactionIsUpgraded() {
    let _: KeyPath<Transaction, Bool> = \.isUpgraded
  }

  @Test func transactionOffer() {
    let _: KeyPath<Transaction, Transaction.Offer?> = \.offer
  }

  @Test func transactionRevocationDate() {
    let _: KeyPath<Transaction, Date?> = \.revocationDate
  }

  @Test func transactionRevocationReason() {
    let _: KeyPath<Transaction, Transaction.RevocationReason?> = \.revocationReason
  }

  @Test func transactionProductType() {
    let _: KeyPath<Transaction, Product.ProductType> = \.productType
  }

  @Test func transactionAppAccountToken() {
    let _: KeyPath<Transaction, UUID?> = \.appAccountToken
  }

  @Test func transactionEnvironment() {
    let _: KeyPath<Transaction, AppStore.Environment> = \.environment
  }

  @Test func transactionReason() {
    let _: KeyPath<Transaction, Transaction.Reason> = \.reason
  }

  @Test func transactionStorefront() {
    // Non-optional in Apple's declaration: `let storefront: Storefront`.
    let _: KeyPath<Transaction, Storefront> = \.storefront
  }

  @Test func transactionPrice() {
    let _: KeyPath<Transaction, Decimal?> = \.price
  }

  @Test func transactionCurrency() {
    let _: KeyPath<Transaction, Locale.Currency?> = \.currency
  }

  @Test func transactionDeviceVerification() {
    let _: KeyPath<Transaction, Data> = \.deviceVerification
  }

  @Test func transactionDeviceVerificationNonce() {
    // Non-optional in Apple's declaration.
    let _: KeyPath<Transaction, UUID> = \.deviceVerificationNonce
  }

  @Test func transactionOwnershipType() {
    let _: KeyPath<Transaction, Transaction.OwnershipType> = \.ownershipType
  }

  @Test func transactionSignedDate() {
    let _: KeyPath<Transaction, Date> = \.signedDate
  }

  @Test func transactionSubscriptionStatus() {
    let _: (Transaction) async -> Product.SubscriptionInfo.Status? = { transaction in
      await transaction.subscriptionStatus
    }
  }

  @Test func transactionFinish() {
    let _: (Transaction) async -> Void = { transaction in await transaction.finish() }
  }

  @Test func transactionDebugDescription() {
    let _: KeyPath<Transaction, String> = \.debugDescription
  }

  // MARK: Transaction sequences and lookups

  @Test func transactionsSequence() {
    requireAsyncSequence(
      Transaction.Transactions.self, element: VerificationResult<Transaction>.self)
    requireSendable(Transaction.Transactions.self)
  }

  @Test func transactionAll() {
    let _: () -> Transaction.Transactions = { Transaction.all }
  }

  @Test func transactionCurrentEntitlements() {
    let _: () -> Transaction.Transactions = { Transaction.currentEntitlements }
    // Apple's sample code iterates without `try`.
    let _: () async -> Void = {
      for await result in Transaction.currentEntitlements {
        let _: VerificationResult<Transaction> = result
      }
    }
  }

  @Test func transactionUnfinished() {
    let _: () -> Transaction.Transactions = { Transaction.unfinished }
  }

  @Test func transactionUpdates() {
    let _: () -> Transaction.Transactions = { Transaction.updates }
    let _: () async -> Void = {
      for await result in Transaction.updates {
        let _: VerificationResult<Transaction> = result
      }
    }
  }

  @Test func transactionAllForProductID() {
    let _: (String) -> Transaction.Transactions = Transaction.all(for:)
  }

  @Test func transactionCurrentEntitlementsForProductID() {
    let _: (String) -> Transaction.Transactions = Transaction.currentEntitlements(for:)
  }

  @Test func transactionLatestForProductID() {
    let _: (String) async -> VerificationResult<Transaction>? = Transaction.latest(for:)
  }

  // MARK: Transaction.Reason

  @Test func reasonConformances() {
    requireRawRepresentable(Transaction.Reason.self, raw: String.self)
    requireEquatable(Transaction.Reason.self)
    requireHashable(Transaction.Reason.self)
  }

  @Test func reasonStatics() {
    let all: [Transaction.Reason] = [.purchase, .renewal]
    #expect(Set(all).count == 2)
  }

  @Test func reasonInitRawValueIsNotFailable() {
    let make: (String) -> Transaction.Reason = Transaction.Reason.init(rawValue:)
    #expect(make(Transaction.Reason.renewal.rawValue) == .renewal)
  }

  // MARK: Transaction.RevocationReason

  @Test func revocationReasonConformances() {
    requireRawRepresentable(Transaction.RevocationReason.self, raw: Int.self)
    requireEquatable(Transaction.RevocationReason.self)
    requireHashable(Transaction.RevocationReason.self)
  }

  @Test func revocationReasonStatics() {
    let all: [Transaction.RevocationReason] = [.developerIssue, .other]
    #expect(Set(all).count == 2)
  }

  @Test func revocationReasonInitRawValueIsNotFailable() {
    let make: (Int) -> Transaction.RevocationReason = Transaction.RevocationReason.init(rawValue:)
    #expect(make(Transaction.RevocationReason.other.rawValue) == .other)
  }

  @Test func revocationReasonLocalizedDescription() {
    let text: String = Transaction.RevocationReason.developerIssue.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Transaction.OfferType

  @Test func offerTypeConformances() {
    requireRawRepresentable(Transaction.OfferType.self, raw: Int.self)
    requireEquatable(Transaction.OfferType.self)
    requireHashable(Transaction.OfferType.self)
  }

  @Test func offerTypeStatics() {
    let all: [Transaction.OfferType] = [.introductory, .promotional, .code, .winBack]
    #expect(Set(all).count == 4)
  }

  @Test func offerTypeRawValuesDocumentedByStoreKit() {
    // Stated on Apple's StoreKit pages for `introductory` and `code`.
    #expect(Transaction.OfferType.introductory.rawValue == 1)
    #expect(Transaction.OfferType.code.rawValue == 3)
  }

  @Test func offerTypeInitRawValueIsNotFailable() {
    let make: (Int) -> Transaction.OfferType = Transaction.OfferType.init(rawValue:)
    #expect(make(3) == .code)
  }

  @Test func offerTypeLocalizedDescription() {
    let text: String = Transaction.OfferType.code.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Transaction.OwnershipType

  @Test func ownershipTypeConformances() {
    requireRawRepresentable(Transaction.OwnershipType.self, raw: String.self)
    requireEquatable(Transaction.OwnershipType.self)
    requireHashable(Transaction.OwnershipType.self)
  }

  @Test func ownershipTypeStatics() {
    let all: [Transaction.OwnershipType] = [.purchased, .familyShared]
    #expect(Set(all).count == 2)
  }

  @Test func ownershipTypeInitRawValueIsNotFailable() {
    let make: (String) -> Transaction.OwnershipType = Transaction.OwnershipType.init(rawValue:)
    #expect(make(Transaction.OwnershipType.familyShared.rawValue) == .familyShared)
  }

  @Test func ownershipTypeLocalizedDescription() {
    let text: String = Transaction.OwnershipType.purchased.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Transaction.Offer

  @Test func offerConformances() {
    requireEquatable(Transaction.Offer.self)
    requireHashable(Transaction.Offer.self)
    requireSendable(Transaction.Offer.self)
  }

  @Test func offerID() {
    let _: KeyPath<Transaction.Offer, String?> = \.id
  }

  @Test func offerType() {
    let _: KeyPath<Transaction.Offer, Transaction.OfferType> = \.type
  }

  @Test func offerPaymentMode() {
    let _: KeyPath<Transaction.Offer, Transaction.Offer.PaymentMode?> = \.paymentMode
  }

  @Test func offerPeriod() {
    let _: KeyPath<Transaction.Offer, Product.SubscriptionPeriod?> = \.period
  }

  @Test func offerPaymentModeConformances() {
    requireRawRepresentable(Transaction.Offer.PaymentMode.self, raw: String.self)
    requireEquatable(Transaction.Offer.PaymentMode.self)
    requireHashable(Transaction.Offer.PaymentMode.self)
  }

  @Test func offerPaymentModeStatics() {
    let all: [Transaction.Offer.PaymentMode] = [.freeTrial, .payAsYouGo, .payUpFront]
    #expect(Set(all).count == 3)
  }

  @Test func offerPaymentModeOneTime() {
    // Beyond storekit_api.md: iOS 26 SDK, back-deployed to 17.2.
    let mode: Transaction.Offer.PaymentMode = .oneTime
    #expect(mode != .freeTrial)
  }

  @Test func offerPaymentModeInitRawValueIsNotFailable() {
    let make: (String) -> Transaction.Offer.PaymentMode =
      Transaction.Offer.PaymentMode.init(rawValue:)
    #expect(make(Transaction.Offer.PaymentMode.payUpFront.rawValue) == .payUpFront)
  }

  @Test func offerPaymentModeLocalizedDescription() {
    let text: String = Transaction.Offer.PaymentMode.freeTrial.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Transaction.RefundRequestError and RefundRequestStatus

  @Test func refundRequestErrorConformances() {
    requireError(Transaction.RefundRequestError.self)
    requireLocalizedError(Transaction.RefundRequestError.self)
    requireEquatable(Transaction.RefundRequestError.self)
    requireHashable(Transaction.RefundRequestError.self)
  }

  @Test func refundRequestErrorCases() {
    let all: [Transaction.RefundRequestError] = [.duplicateRequest, .failed]
    #expect(Set(all).count == 2)
    for error in all {
      #expect(error.errorDescription != nil)
    }
  }

  @Test func refundRequestStatusConformances() {
    requireEquatable(Transaction.RefundRequestStatus.self)
    requireHashable(Transaction.RefundRequestStatus.self)
  }

  @Test func refundRequestStatusCases() {
    let all: [Transaction.RefundRequestStatus] = [.success, .userCancelled]
    #expect(Set(all).count == 2)
  }
}
