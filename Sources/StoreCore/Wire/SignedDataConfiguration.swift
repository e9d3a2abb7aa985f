import Foundation

/// The app identity stamped into everything storeterm signs and checked when verifying.
///
/// The CLI's global `--bundle-id` and `--environment` options build one of these.
public struct SignedDataConfiguration: Sendable, Equatable {
  /// The bundle ID used when none is given.
  public static let defaultBundleId = "dev.storeterm.demo"
  /// The environment used when none is given: signed data "signed by Xcode", as in Xcode testing.
  public static let defaultEnvironment = AppStoreEnvironment.xcode
  /// The environments a local simulator may claim; `Production` is the real App Store's alone.
  public static let supportedEnvironments: [AppStoreEnvironment] = [
    .xcode, .sandbox, .localTesting,
  ]

  /// The app's bundle ID (`bundleId` in transactions).
  public var bundleId: String
  /// The environment (`environment`, or `receiptType` in app transactions).
  public var environment: AppStoreEnvironment
  /// The device's `AppStore.deviceVerificationID`; when set, verification checks
  /// `deviceVerification` on transactions, renewal info and app transactions.
  public var deviceVerificationID: UUID?

  /// Creates a configuration; defaults are `dev.storeterm.demo` and `Xcode`.
  public init(
    bundleId: String = SignedDataConfiguration.defaultBundleId,
    environment: AppStoreEnvironment = SignedDataConfiguration.defaultEnvironment,
    deviceVerificationID: UUID? = nil
  ) {
    self.bundleId = bundleId
    self.environment = environment
    self.deviceVerificationID = deviceVerificationID
  }

  /// Builds a configuration from option text, each `nil` meaning "use the default".
  ///
  /// - Throws: `SignedDataConfigurationError` with one sentence naming the bad value.
  public init(bundleIdText: String?, environmentText: String?) throws(SignedDataConfigurationError)
  {
    let bundleId = bundleIdText ?? SignedDataConfiguration.defaultBundleId
    guard !bundleId.isEmpty, bundleId.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
      throw SignedDataConfigurationError(
        message: "--bundle-id \(bundleId): must be non-empty ASCII without spaces")
    }
    var environment = SignedDataConfiguration.defaultEnvironment
    if let environmentText {
      let supported = SignedDataConfiguration.supportedEnvironments
      guard let match = supported.first(where: { $0.rawValue == environmentText }) else {
        let names = supported.map(\.rawValue).joined(separator: ", ")
        throw SignedDataConfigurationError(
          message: "--environment \(environmentText): not one of \(names)")
      }
      environment = match
    }
    self.init(bundleId: bundleId, environment: environment)
  }
}
