import Foundation
import StoreCore

/// One customer as the support console explains them: who, as of when, access to every product
/// and group with its reason, and the timeline.
public struct CustomerDetail: Sendable, Equatable {
  /// The customer ID.
  public var customerID: String
  /// The display name; empty for imported customers.
  public var name: String
  /// The email address; empty for imported customers.
  public var email: String
  /// The storefront; empty when unknown.
  public var storefront: String
  /// The Family Sharing group the customer is in, if any.
  public var familyGroup: String?
  /// The simulated time the answers hold at.
  public var asOf: Date
  /// The explainer's lines, from `AccessExplainer.explain`.
  public var explanations: [AccessExplanation]
  /// Every event, named as App Store Server Notifications V2 name them.
  public var timeline: [TimelineEntry]

  /// Creates a detail.
  public init(
    customerID: String, name: String = "", email: String = "", storefront: String = "",
    familyGroup: String? = nil, asOf: Date, explanations: [AccessExplanation],
    timeline: [TimelineEntry]
  ) {
    self.familyGroup = familyGroup
    self.customerID = customerID
    self.name = name
    self.email = email
    self.storefront = storefront
    self.asOf = asOf
    self.explanations = explanations
    self.timeline = timeline
  }
}
