/// The server environment that signed the data: Apple's `environment` field.
///
/// Raw values are Apple's JSON values exactly; see
/// [environment](https://developer.apple.com/documentation/appstoreserverapi/environment).
public enum AppStoreEnvironment: String, Sendable, Equatable, Hashable, CaseIterable {
  /// The App Store sandbox.
  case sandbox = "Sandbox"
  /// The live App Store.
  case production = "Production"
  /// StoreKit testing in Xcode; storeterm's default.
  case xcode = "Xcode"
  /// Local testing with signed data from a test CA.
  case localTesting = "LocalTesting"
}
