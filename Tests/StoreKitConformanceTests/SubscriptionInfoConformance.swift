// Product.SubscriptionInfo with Status, RenewalState, RenewalInfo, ExpirationReason and
// PriceIncreaseStatus, each test using one declaration as Apple's documentation declares it.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("Product.SubscriptionInfo conformance")
struct SubscriptionInfoConformance {
  typealias Info = Product.SubscriptionInfo
  typealias RenewalInfo = Product.SubscriptionInfo.RenewalInfo
  typealias RenewalState = Product.SubscriptionInfo.RenewalState
  typealias ExpirationReason = Product.SubscriptionInfo.RenewalInfo.ExpirationReason
  typealias PriceIncreaseStatus = Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus

  // MARK: Product.SubscriptionInfo

  @Test func subscriptionInfoConformances() {
    requireEquatable(Info.self)
    requireHashable(Info.self)
    requireSendable(Info.self)
  }

  @Test func subscriptionInfoSubscriptionGroupID() {
    let _: KeyPath<Info, String> = \.subscriptionGroupID
  }

  @Test func subscriptionInfoSubscriptionPeriod() {
    let _: KeyPath<Info, Product.SubscriptionPeriod> = \.subscriptionPeriod
  }

  @Test func subscriptionInfoIntroductoryOffer() {
    let _: KeyPath<Info, Product.SubscriptionOffer?> = \.introductoryOffer
  }

  @Test func subscriptionInfoPromotionalOffers() {
    let _: KeyPath<Info, [Product.SubscriptionOffer]> = \.promotionalOffers
  }

  @Test func subscriptionInfoWinBackOffers() {
    let _: KeyPath<Info, [Product.SubscriptionOffer]> = \.winBackOffers
  }

  @Test func subscriptionInfoGroupLevel() {
    let _: KeyPath<Info, Int> = \.groupLevel
  }

  @Test func subscriptionInfoGroupDisplayName() {
    let _: KeyPath<Info, String> = \.groupDisplayName
  }

  @Test func subscriptionInfoIsEligibleForIntroOffer() {
    let _: (Info) async -> Bool = { info in await info.isEligibleForIntroOffer }
  }

  @Test func subscriptionInfoIsEligibleForIntroOfferForGroupID() {
    let _: (String) async -> Bool = Info.isEligibleForIntroOffer(for:)
  }

  @Test func subscriptionInfoStatus() {
    let _: (Info) async throws -> [Info.Status] = { info in try await info.status }
  }

  @Test func subscriptionInfoStatusForGroupID() {
    let _: (String) async throws -> [Info.Status] = Info.status(for:)
  }

  @Test func subscriptionInfoStatusForTransactionID() {
    let _: (UInt64) async throws -> Info.Status? = Info.status(transactionID:)
  }

  // MARK: Product.SubscriptionInfo.Status

  @Test func statusConformances() {
    requireEquatable(Info.Status.self)
    requireHashable(Info.Status.self)
    requireSendable(Info.Status.self)
  }

  @Test func statusState() {
    let _: KeyPath<Info.Status, RenewalState> = \.state
  }

  @Test func statusTransaction() {
    let _: KeyPath<Info.Status, VerificationResult<Transaction>> = \.transaction
  }

  @Test func statusRenewalInfo() {
    let _: KeyPath<Info.Status, VerificationResult<RenewalInfo>> = \.renewalInfo
  }

  @Test func statusUpdates() {
    let _: () -> Info.Status.Statuses = { Info.Status.updates }
    requireAsyncSequence(Info.Status.Statuses.self, element: Info.Status.self)
    // Apple's sample code iterates without `try`.
    let _: () async -> Void = {
      for await status in Info.Status.updates {
        let _: RenewalState = status.state
      }
    }
  }

  @Test func statusAll() {
    let _: () -> AsyncStream<(groupID: String, statuses: [Info.Status])> = { Info.Status.all }
    let _: () async -> Void = {
      for await (groupID, statuses) in Info.Status.all {
        let _: String = groupID
        let _: [Info.Status] = statuses
      }
    }
  }

  // MARK: Product.SubscriptionInfo.RenewalState

  @Test func renewalStateConformances() {
    requireRawRepresentable(RenewalState.self, raw: Int.self)
    let _: RenewalState.RawValue.Type = Int.self
    requireEquatable(RenewalState.self)
    requireHashable(RenewalState.self)
    requireSendable(RenewalState.self)
  }

  @Test func renewalStateStatics() {
    let all: [RenewalState] = [
      .subscribed, .expired, .inBillingRetryPeriod, .inGracePeriod, .revoked,
    ]
    #expect(Set(all).count == 5)
  }

  @Test func renewalStateInitRawValueIsNotFailable() {
    let make: (Int) -> RenewalState = RenewalState.init(rawValue:)
    let state = RenewalState.subscribed
    #expect(make(state.rawValue) == state)
  }

  @Test func renewalStateLocalizedDescription() {
    let text: String = RenewalState.subscribed.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Product.SubscriptionInfo.RenewalInfo

  @Test func renewalInfoConformances() {
    requireEquatable(RenewalInfo.self)
    requireHashable(RenewalInfo.self)
    requireDebugDescription(RenewalInfo.self)
    requireSendable(RenewalInfo.self)
  }

  @Test func renewalInfoJSONRepresentation() {
    let _: (RenewalInfo) -> Data = { $0.jsonRepresentation }
  }

  @Test func renewalInfoOriginalTransactionID() {
    let _: KeyPath<RenewalInfo, UInt64> = \.originalTransactionID
  }

  @Test func renewalInfoCurrentProductID() {
    let _: KeyPath<RenewalInfo, String> = \.currentProductID
  }

  @Test func renewalInfoWillAutoRenew() {
    let _: KeyPath<RenewalInfo, Bool> = \.willAutoRenew
  }

  @Test func renewalInfoAutoRenewPreference() {
    let _: KeyPath<RenewalInfo, String?> = \.autoRenewPreference
  }

  @Test func renewalInfoExpirationReason() {
    let _: KeyPath<RenewalInfo, ExpirationReason?> = \.expirationReason
  }

  @Test func renewalInfoPriceIncreaseStatus() {
    let _: KeyPath<RenewalInfo, PriceIncreaseStatus> = \.priceIncreaseStatus
  }

  @Test func renewalInfoIsInBillingRetry() {
    let _: KeyPath<RenewalInfo, Bool> = \.isInBillingRetry
  }

  @Test func renewalInfoGracePeriodExpirationDate() {
    let _: KeyPath<RenewalInfo, Date?> = \.gracePeriodExpirationDate
  }

  @Test func renewalInfoOffer() {
    let _: KeyPath<RenewalInfo, Transaction.Offer?> = \.offer
  }

  @Test func renewalInfoEnvironment() {
    let _: KeyPath<RenewalInfo, AppStore.Environment> = \.environment
  }

  @Test func renewalInfoRecentSubscriptionStartDate() {
    let _: KeyPath<RenewalInfo, Date> = \.recentSubscriptionStartDate
  }

  @Test func renewalInfoRenewalDate() {
    let _: KeyPath<RenewalInfo, Date?> = \.renewalDate
  }

  @Test func renewalInfoRenewalPrice() {
    let _: KeyPath<RenewalInfo, Decimal?> = \.renewalPrice
  }

  @Test func renewalInfoCurrency() {
    let _: KeyPath<RenewalInfo, Locale.Currency?> = \.currency
  }

  @Test func renewalInfoEligibleWinBackOfferIDs() {
    let _: KeyPath<RenewalInfo, [String]> = \.eligibleWinBackOfferIDs
  }

  @Test func renewalInfoDeviceVerification() {
    let _: KeyPath<RenewalInfo, Data> = \.deviceVerification
  }

  @Test func renewalInfoDeviceVerificationNonce() {
    let _: KeyPath<RenewalInfo, UUID> = \.deviceVerificationNonce
  }

  @Test func renewalInfoSignedDate() {
    let _: KeyPath<RenewalInfo, Date> = \.signedDate
  }

  @Test func renewalInfoAppAccountToken() {
    let _: KeyPath<RenewalInfo, UUID?> = \.appAccountToken
  }

  @Test func renewalInfoAppTransactionID() {
    let _: KeyPath<RenewalInfo, String> = \.appTransactionID
  }

  @Test func renewalInfoDebugDescription() {
    let _: KeyPath<RenewalInfo, String> = \.debugDescription
  }

  // MARK: Product.SubscriptionInfo.RenewalInfo.ExpirationReason

  @Test func expirationReasonConformances() {
    requireRawRepresentable(ExpirationReason.self, raw: Int.self)
    requireEquatable(ExpirationReason.self)
    requireHashable(ExpirationReason.self)
  }

  @Test func expirationReasonStatics() {
    let all: [ExpirationReason] = [
      .autoRenewDisabled, .billingError, .didNotConsentToPriceIncrease, .productUnavailable,
      .unknown,
    ]
    #expect(Set(all).count == 5)
  }

  @Test func expirationReasonLocalizedDescription() {
    let text: String = ExpirationReason.billingError.localizedDescription
    #expect(!text.isEmpty)
  }

  // MARK: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus

  @Test func priceIncreaseStatusConformances() {
    requireEquatable(PriceIncreaseStatus.self)
    requireHashable(PriceIncreaseStatus.self)
  }

  @Test func priceIncreaseStatusCases() {
    // A @frozen enum: the switch is exhaustive with exactly Apple's three cases.
    func name(_ status: PriceIncreaseStatus) -> String {
      switch status {
      case .noIncreasePending: return "noIncreasePending"
      case .pending: return "pending"
      case .agreed: return "agreed"
      }
    }
    #expect(name(.noIncreasePending) == "noIncreasePending")
    #expect(name(.pending) == "pending")
    #expect(name(.agreed) == "agreed")
  }

  @Test func priceIncreaseStatusLocalizedDescription() {
    let text: String = PriceIncreaseStatus.pending.localizedDescription
    #expect(!text.isEmpty)
  }
}

/// Raw values that StoreKit's own pages do not state, taken from the App Store Server API fields
/// with the same meaning (`status` for RenewalState, `expirationIntent` for ExpirationReason).
@Suite("Subscription raw values from the App Store Server API")
struct SubscriptionServerAPIRawValues {
  @Test func renewalStateRawValues() {
    #expect(Product.SubscriptionInfo.RenewalState.subscribed.rawValue == 1)
    #expect(Product.SubscriptionInfo.RenewalState.expired.rawValue == 2)
    #expect(Product.SubscriptionInfo.RenewalState.inBillingRetryPeriod.rawValue == 3)
    #expect(Product.SubscriptionInfo.RenewalState.inGracePeriod.rawValue == 4)
    #expect(Product.SubscriptionInfo.RenewalState.revoked.rawValue == 5)
  }

  @Test func expirationReasonRawValues() {
    typealias Reason = Product.SubscriptionInfo.RenewalInfo.ExpirationReason
    #expect(Reason.autoRenewDisabled.rawValue == 1)
    #expect(Reason.billingError.rawValue == 2)
    #expect(Reason.didNotConsentToPriceIncrease.rawValue == 3)
    #expect(Reason.productUnavailable.rawValue == 4)
    #expect(Reason.unknown.rawValue == 5)
  }
}

@available(*, deprecated, message: "exercises deprecated StoreKit declarations")
func renewalInfoDeprecatedDeclarations() {
  typealias RenewalInfo = Product.SubscriptionInfo.RenewalInfo
  let _: KeyPath<RenewalInfo, String?> = \.offerID
  let _: KeyPath<RenewalInfo, Transaction.OfferType?> = \.offerType
  let _: KeyPath<RenewalInfo, String?> = \.offerPaymentModeStringRepresentation
  let _: KeyPath<RenewalInfo, String?> = \.offerPeriodStringRepresentation
  let _: KeyPath<RenewalInfo, String> = \.environmentStringRepresentation
  let _: KeyPath<RenewalInfo, String?> = \.currencyCode
}
