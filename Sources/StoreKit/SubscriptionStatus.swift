import Foundation
import StoreCore

extension Product.SubscriptionInfo {
  /// A subscription's status: its renewal state, latest transaction and renewal info.
  public struct Status: Equatable, Hashable, Sendable {
    /// Where the subscription stands.
    public let state: Product.SubscriptionInfo.RenewalState
    /// The latest transaction of the subscription, verified.
    public let transaction: VerificationResult<Transaction>
    /// The renewal info, verified.
    public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>

    /// Status changes as they happen: renewals, expiries, billing changes, auto-renew and plan
    /// changes, price increases; a change that creates no transaction arrives here only.
    public static var updates: Product.SubscriptionInfo.Status.Statuses { Statuses() }

    /// Each subscription group's statuses, once each, for every group the customer has
    /// subscribed to.
    public static var all:
      AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])>
    {
      AsyncStream { continuation in
        guard let configuration = try? StoreKitRuntime.configuration(),
          let statuses = try? configuration.engine.subscriptionStatuses(
            customerID: configuration.customerID)
        else {
          continuation.finish()
          return
        }
        var groups: [String: [Status]] = [:]
        var order: [String] = []
        for status in statuses {
          let group = status.transaction.payload.subscriptionGroupIdentifier ?? ""
          if groups[group] == nil { order.append(group) }
          groups[group, default: []].append(StoreKitRuntime.status(status, with: configuration))
        }
        for group in order { continuation.yield((groupID: group, statuses: groups[group] ?? [])) }
        continuation.finish()
      }
    }

    /// The sequence of `updates`.
    public struct Statuses: AsyncSequence, Sendable {
      /// Each status as it changes.
      public typealias Element = Product.SubscriptionInfo.Status

      /// Starts listening; changes after this call are delivered in order.
      public func makeAsyncIterator() -> Iterator {
        guard let configuration = try? StoreKitRuntime.configuration() else {
          return Iterator(source: nil, configuration: nil)
        }
        let source = configuration.engine.statusUpdates(customerID: configuration.customerID)
        return Iterator(source: source.makeAsyncIterator(), configuration: configuration)
      }

      /// Reads the next status change.
      public struct Iterator: AsyncIteratorProtocol {
        var source: AsyncStream<SignedSubscriptionStatus>.Iterator?
        let configuration: StoreKitRuntime.Configuration?

        /// The next change, or nil when the App Store cannot be reached.
        public mutating func next() async -> Product.SubscriptionInfo.Status? {
          guard let configuration, let status = await source?.next() else { return nil }
          return StoreKitRuntime.status(status, with: configuration)
        }
      }
    }
  }

  /// Where a subscription stands, with Apple's raw values (the App Store Server API's `status`).
  public struct RenewalState: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value: 1 subscribed, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    public let rawValue: Int

    /// Creates a state from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The customer is subscribed.
    public static let subscribed = RenewalState(rawValue: 1)
    /// The subscription expired.
    public static let expired = RenewalState(rawValue: 2)
    /// The App Store is retrying a failed renewal; no access.
    public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
    /// A renewal failed and the customer keeps access for the grace period.
    public static let inGracePeriod = RenewalState(rawValue: 4)
    /// The App Store revoked the subscription (a refund, Family Sharing ended).
    public static let revoked = RenewalState(rawValue: 5)

    /// The state for the customer.
    public var localizedDescription: String {
      switch self {
      case .subscribed: "Subscribed"
      case .expired: "Expired"
      case .inBillingRetryPeriod: "In Billing Retry Period"
      case .inGracePeriod: "In Grace Period"
      case .revoked: "Revoked"
      default: "Unknown"
      }
    }

    init(_ standing: RenewalStanding) {
      switch standing {
      case .subscribed: self = .subscribed
      case .expired: self = .expired
      case .inBillingRetryPeriod: self = .inBillingRetryPeriod
      case .inGracePeriod: self = .inGracePeriod
      case .revoked: self = .revoked
      }
    }
  }
}
