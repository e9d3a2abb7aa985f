/// Whether the subscription will renew.
///
/// Raw values are Apple's JSON values exactly; see
/// [autorenewstatus](https://developer.apple.com/documentation/appstoreserverapi/autorenewstatus).
public enum AutoRenewStatus: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Automatic renewal is off.
  case off = 0
  /// Automatic renewal is on.
  case on = 1
}
