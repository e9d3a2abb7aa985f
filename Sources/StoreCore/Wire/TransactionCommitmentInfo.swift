import Foundation

/// Where a monthly charge stands in its commitment: the transaction's `commitmentInfo`.
///
/// [TransactionCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/transactioncommitmentinfo)
public struct TransactionCommitmentInfo: Sendable, Equatable, Hashable {
  /// Which monthly charge of the commitment the transaction is, from 1.
  public var billingPeriodNumber: Int?
  /// When the commitment ends (epoch ms).
  public var commitmentExpiresDate: Int64?
  /// The price of the whole commitment, in milliunits.
  public var commitmentPrice: Int64?
  /// How many monthly charges the commitment has.
  public var totalBillingPeriods: Int?

  /// Creates commitment info; fields default to absent.
  public init(
    billingPeriodNumber: Int? = nil, commitmentExpiresDate: Int64? = nil,
    commitmentPrice: Int64? = nil, totalBillingPeriods: Int? = nil
  ) {
    self.billingPeriodNumber = billingPeriodNumber
    self.commitmentExpiresDate = commitmentExpiresDate
    self.commitmentPrice = commitmentPrice
    self.totalBillingPeriods = totalBillingPeriods
  }

  /// Decodes the object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    self.init()
    for member in try WireJSONReader.members(json, field: "commitmentInfo") {
      switch member.key {
      case "billingPeriodNumber":
        billingPeriodNumber = try WireJSONReader.int(member.value, "billingPeriodNumber")
      case "commitmentExpiresDate":
        commitmentExpiresDate = try WireJSONReader.int64(member.value, "commitmentExpiresDate")
      case "commitmentPrice":
        commitmentPrice = try WireJSONReader.int64(member.value, "commitmentPrice")
      case "totalBillingPeriods":
        totalBillingPeriods = try WireJSONReader.int(member.value, "totalBillingPeriods")
      default: break
      }
    }
  }

  /// The object as compact JSON bytes with Apple's field names.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter(capacity: 128)
    writer.write("billingPeriodNumber", billingPeriodNumber)
    writer.write("commitmentExpiresDate", commitmentExpiresDate)
    writer.write("commitmentPrice", commitmentPrice)
    writer.write("totalBillingPeriods", totalBillingPeriods)
    return writer.finish()
  }
}
