/// The extension OIDs Apple's verifiers require on App Store signing certificates.
public enum AppleOID {
  /// On the leaf: Apple's "App Store receipt signing" marker.
  public static let receiptSigningLeaf = "1.2.840.113635.100.6.11.1"
  /// On the intermediate: Apple's "Worldwide Developer Relations" CA marker.
  public static let wwdrIntermediate = "1.2.840.113635.100.6.2.1"
}
