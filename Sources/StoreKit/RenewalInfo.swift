import Foundation

/// A subscription's renewal details as StoreKit presents them: `Product.SubscriptionInfo.RenewalInfo`.
public struct RenewalInfo: Sendable, Equatable {
  /// The signed payload behind it.
  public let payload: JWSRenewalInfoDecodedPayload
  /// The compact JWS the App Store signed.
  public let jwsRepresentation: String

  /// The original transaction ID of the subscription.
  public var originalTransactionID: UInt64 { UInt64(payload.originalTransactionId) ?? 0 }
  /// The product the customer is subscribed to now.
  public var currentProductID: String { payload.productId }
  /// The product the next renewal bills.
  public var autoRenewPreference: String? { payload.autoRenewProductId }
  /// Whether the subscription renews.
  public var willAutoRenew: Bool { payload.autoRenewStatus == .on }
  /// Why it expired, once it has.
  public var expirationReason: ExpirationReason? {
    payload.expirationIntent.map {
      switch $0 {
      case .customerCancelled: .autoRenewDisabled
      case .billingError: .billingError
      case .customerDidNotConsentToPriceIncrease: .didNotConsentToPriceIncrease
      case .productNotAvailable: .productUnavailable
      case .other: .unknown
      }
    }
  }
  /// Whether the App Store is retrying a failed renewal.
  public var isInBillingRetry: Bool { payload.isInBillingRetryPeriod ?? false }
  /// The end of the grace period, while in one.
  public var gracePeriodExpirationDate: Date? {
    payload.gracePeriodExpiresDate.map(Date.init(epochMilliseconds:))
  }
  /// Where a price increase stands.
  public var priceIncreaseStatus: PriceIncreaseStatus {
    switch payload.priceIncreaseStatus {
    case nil: .noIncreasePending
    case .customerHasNotResponded: .pending
    case .customerConsentedOrWasNotifiedWithoutNeedingConsent: .agreed
    }
  }
  /// When the next renewal happens.
  public var renewalDate: Date? { payload.renewalDate.map(Date.init(epochMilliseconds:)) }
  /// The start of the current run of service.
  public var recentSubscriptionStartDate: Date {
    Date(epochMilliseconds: payload.recentSubscriptionStartDate)
  }
  /// The price of the next renewal, in units of the currency.
  public var renewalPrice: Decimal? { payload.renewalPrice.map { Decimal($0) / 1000 } }
  /// The win-back offers the customer may redeem.
  public var eligibleWinBackOfferIDs: [String] { payload.eligibleWinBackOfferIds ?? [] }
  /// When the App Store signed it.
  public var signedDate: Date { Date(epochMilliseconds: payload.signedDate) }

  /// StoreKit's `RenewalInfo.ExpirationReason`.
  public enum ExpirationReason: Sendable, Hashable {
    /// The customer turned auto-renew off.
    case autoRenewDisabled
    /// Billing failed.
    case billingError
    /// The customer did not agree to a price increase.
    case didNotConsentToPriceIncrease
    /// The product was no longer available.
    case productUnavailable
    /// Unknown.
    case unknown
  }

  /// StoreKit's `RenewalInfo.PriceIncreaseStatus`.
  public enum PriceIncreaseStatus: Sendable, Hashable {
    /// No increase.
    case noIncreasePending
    /// Waiting for the customer.
    case pending
    /// The customer agreed.
    case agreed
  }
}

extension Product.SubscriptionInfo {
  /// StoreKit's `Product.SubscriptionInfo.RenewalState`.
  public typealias RenewalState = StoreCore.RenewalState

  /// StoreKit's `Product.SubscriptionInfo.RenewalInfo`.
  public typealias RenewalInfo = StoreKit.RenewalInfo

  /// A subscription's status: StoreKit's `Product.SubscriptionInfo.Status`.
  public struct Status: Sendable, Equatable {
    /// Where the subscription stands.
    public let state: RenewalState
    /// The renewal info, verified.
    public let renewalInfo: VerificationResult<RenewalInfo>
    /// The latest transaction, verified.
    public let transaction: VerificationResult<Transaction>

    /// Status changes as they happen: renewals, expiries, billing changes, auto-renew and plan
    /// changes, price increases; a change that creates no transaction arrives here only.
    public static var updates: AsyncStream<Status> {
      guard let configuration = try? StoreKitRuntime.configuration() else {
        return AsyncStream { $0.finish() }
      }
      let source = configuration.engine.statusUpdates(customerID: configuration.customerID)
      return AsyncStream { continuation in
        let task = Task {
          for await status in source {
            continuation.yield(Status(status, configuration: configuration))
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }

    init(_ status: SubscriptionStatus, configuration: StoreKitRuntime.Configuration) {
      state = status.state
      renewalInfo = StoreKitRuntime.verify(status.renewalInfo, with: configuration)
      transaction = StoreKitRuntime.verify(status.transaction, with: configuration)
    }
  }

  /// The statuses of the customer's subscriptions in this product's group.
  public var status: [Status] {
    get async throws { try await Self.status(for: subscriptionGroupID) }
  }

  /// The statuses of the customer's subscriptions in a group.
  public static func status(for groupID: String) async throws -> [Status] {
    let configuration = try StoreKitRuntime.configuration()
    if let failure = configuration.engine.session.failures[.subscriptionStatus] {
      throw failure.error
    }
    return try configuration.engine.subscriptionStatuses(
      customerID: configuration.customerID, groupID: groupID
    ).map { Status($0, configuration: configuration) }
  }
}
