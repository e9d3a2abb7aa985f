import StoreCore

@testable import StoreJWS

/// One in-memory CA for the whole test run: issuing a chain costs three key generations.
enum SharedAuthority {
  static let authority: TestCertificateAuthority = {
    // A failure here fails every test that uses it, which is the right signal.
    try! TestCertificateAuthority.generate()
  }()
  static let signer = authority.makeSigner()
  static func verifier(_ configuration: SignedDataConfiguration = .init()) -> SignedDataVerifier {
    authority.makeVerifier(configuration: configuration)
  }
}
