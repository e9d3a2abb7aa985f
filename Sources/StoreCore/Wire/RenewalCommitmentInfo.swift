import Foundation

/// What happens when a commitment ends: the renewal info's `commitmentInfo`.
///
/// [RenewalCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/renewalcommitmentinfo)
public struct RenewalCommitmentInfo: Sendable, Equatable, Hashable {
  /// The product the subscription renews to when the commitment ends.
  public var commitmentAutoRenewProductId: String?
  /// Whether the commitment renews when it ends.
  public var commitmentAutoRenewStatus: AutoRenewStatus?
  /// How the subscription is billed after the commitment.
  public var commitmentRenewalBillingPlanType: BillingPlanType?
  /// When the commitment renews (epoch ms).
  public var commitmentRenewalDate: Int64?
  /// The price of the next commitment, in milliunits.
  public var commitmentRenewalPrice: Int64?

  /// Creates commitment renewal info; fields default to absent.
  public init(
    commitmentAutoRenewProductId: String? = nil, commitmentAutoRenewStatus: AutoRenewStatus? = nil,
    commitmentRenewalBillingPlanType: BillingPlanType? = nil, commitmentRenewalDate: Int64? = nil,
    commitmentRenewalPrice: Int64? = nil
  ) {
    self.commitmentAutoRenewProductId = commitmentAutoRenewProductId
    self.commitmentAutoRenewStatus = commitmentAutoRenewStatus
    self.commitmentRenewalBillingPlanType = commitmentRenewalBillingPlanType
    self.commitmentRenewalDate = commitmentRenewalDate
    self.commitmentRenewalPrice = commitmentRenewalPrice
  }

  /// Decodes the object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    self.init()
    for member in try WireJSONReader.members(json, field: "commitmentInfo") {
      switch member.key {
      case "commitmentAutoRenewProductId":
        commitmentAutoRenewProductId = try WireJSONReader.string(
          member.value, "commitmentAutoRenewProductId")
      case "commitmentAutoRenewStatus":
        commitmentAutoRenewStatus = try WireJSONReader.value(
          member.value, "commitmentAutoRenewStatus", as: AutoRenewStatus.self)
      case "commitmentRenewalBillingPlanType":
        commitmentRenewalBillingPlanType = try WireJSONReader.value(
          member.value, "commitmentRenewalBillingPlanType", as: BillingPlanType.self)
      case "commitmentRenewalDate":
        commitmentRenewalDate = try WireJSONReader.int64(member.value, "commitmentRenewalDate")
      case "commitmentRenewalPrice":
        commitmentRenewalPrice = try WireJSONReader.int64(member.value, "commitmentRenewalPrice")
      default: break
      }
    }
  }

  /// The object as compact JSON bytes with Apple's field names.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter(capacity: 192)
    writer.write("commitmentAutoRenewProductId", commitmentAutoRenewProductId)
    writer.write("commitmentAutoRenewStatus", commitmentAutoRenewStatus)
    writer.write("commitmentRenewalBillingPlanType", commitmentRenewalBillingPlanType)
    writer.write("commitmentRenewalDate", commitmentRenewalDate)
    writer.write("commitmentRenewalPrice", commitmentRenewalPrice)
    return writer.finish()
  }
}
