/// One customer the Customers screen's search found: the row `storeterm customers` prints.
public struct CustomerSummary: Sendable, Equatable {
  /// The customer ID the detail view opens.
  public var id: String
  /// ID, name, storefront and active entitlements, from `SupportPresentation.searchRow`.
  public var columns: [String]

  /// Creates a result.
  public init(id: String, columns: [String]) {
    self.id = id
    self.columns = columns
  }
}
