// Transaction raw values that StoreKit's pages leave to the App Store Server API, kept apart so
// they can be judged on their own.

import StoreKit
import Testing

/// Raw values that StoreKit's own pages do not state, taken from the App Store Server API field
/// that carries the same value in the signed payload (revocationReason, offerType,
/// transactionReason, inAppOwnershipType, offerDiscountType).
@Suite("Transaction raw values from the App Store Server API")
struct TransactionServerAPIRawValues {
  @Test func revocationReasonRawValues() {
    #expect(Transaction.RevocationReason.developerIssue.rawValue == 1)
    #expect(Transaction.RevocationReason.other.rawValue == 0)
  }

  @Test func offerTypeRawValues() {
    #expect(Transaction.OfferType.promotional.rawValue == 2)
    #expect(Transaction.OfferType.winBack.rawValue == 4)
  }

  @Test func reasonRawValues() {
    #expect(Transaction.Reason.purchase.rawValue == "PURCHASE")
    #expect(Transaction.Reason.renewal.rawValue == "RENEWAL")
  }

  @Test func ownershipTypeRawValues() {
    #expect(Transaction.OwnershipType.purchased.rawValue == "PURCHASED")
    #expect(Transaction.OwnershipType.familyShared.rawValue == "FAMILY_SHARED")
  }

  @Test func offerPaymentModeRawValues() {
    #expect(Transaction.Offer.PaymentMode.freeTrial.rawValue == "FREE_TRIAL")
    #expect(Transaction.Offer.PaymentMode.payAsYouGo.rawValue == "PAY_AS_YOU_GO")
    #expect(Transaction.Offer.PaymentMode.payUpFront.rawValue == "PAY_UP_FRONT")
  }
}

@available(*, deprecated, message: "exercises deprecated StoreKit declarations")
func transactionDeprecatedDeclarations() {
  let _: KeyPath<Transaction, Transaction.OfferType?> = \.offerType
  let _: KeyPath<Transaction, String?> = \.offerID
  let _: KeyPath<Transaction, String?> = \.offerPaymentModeStringRepresentation
  let _: KeyPath<Transaction, String?> = \.offerPeriodStringRepresentation
  let _: KeyPath<Transaction, String> = \.environmentStringRepresentation
  let _: KeyPath<Transaction, String> = \.reasonStringRepresentation
  let _: KeyPath<Transaction, String> = \.storefrontCountryCode
  let _: KeyPath<Transaction, String?> = \.currencyCode
  let _: (String) async -> VerificationResult<Transaction>? = Transaction.currentEntitlement(for:)
}
