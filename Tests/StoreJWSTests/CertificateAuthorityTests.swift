import Foundation
import StoreCore
import Testing

@testable import StoreJWS

@Suite("Test certificate authority")
struct CertificateAuthorityTests {
  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func aCAFromBeforeTheTLSModeLoadsAndSaysWhyItCannotServeTLS() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.file("state")
    _ = try TestCertificateAuthority.loadOrCreate(stateDirectory: state)
    let directory = (state as NSString).appendingPathComponent("ca")
    for name in ["tls.der", "tls.key.pem"] {
      try FileManager.default.removeItem(
        atPath: (directory as NSString).appendingPathComponent(name))
    }
    let old = try TestCertificateAuthority.loadOrCreate(stateDirectory: state)
    #expect(old.tlsCertificate == nil)
    #expect(throws: TestCertificateAuthorityError.self) {
      try old.tlsCredentials(directory: directory)
    }
    let fresh = try TestCertificateAuthority.generate()
    let credentials = try fresh.tlsCredentials(directory: directory)
    #expect(credentials.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
    #expect(String(decoding: credentials.keyPEM, as: UTF8.self).contains("PRIVATE KEY-----"))
  }

  @Test func createdOnFirstUseWithPrivateModesAndReloadedAfterwards() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.file("state/nested")
    let first = try TestCertificateAuthority.loadOrCreate(stateDirectory: state)
    let directory = (state as NSString).appendingPathComponent("ca")
    #expect(try mode(state) & 0o077 == 0)
    #expect(try mode(directory) == 0o700)
    #expect(try mode((directory as NSString).appendingPathComponent("leaf.key.pem")) == 0o600)
    #expect(try mode((directory as NSString).appendingPathComponent("tls.key.pem")) == 0o600)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(
      files == [
        "intermediate.der", "leaf.der", "leaf.key.pem", "root.der", "tls.der", "tls.key.pem",
      ])

    let second = try TestCertificateAuthority.loadOrCreate(stateDirectory: state)
    #expect(second.rootCertificate.der == first.rootCertificate.der)
    #expect(second.tlsCertificate?.der == first.tlsCertificate?.der)
    #expect(second.tlsCertificate != nil)
    #expect(second.leafCertificate.der == first.leafCertificate.der)
    // What the reloaded CA signs verifies against the root exported the first time.
    let jws = try second.makeSigner().sign(Samples.renewalInfo())
    let verifier = first.makeVerifier(configuration: .init())
    #expect(try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get().isVerified)
  }

  @Test func aDamagedCAIsReportedNotReplaced() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    _ = try TestCertificateAuthority.loadOrCreate(stateDirectory: temporary.path)
    let key = temporary.file("ca/leaf.key.pem")
    try FileManager.default.removeItem(atPath: key)
    #expect(throws: (any Error).self) {
      try TestCertificateAuthority.loadOrCreate(stateDirectory: temporary.path)
    }
    #expect(!FileManager.default.fileExists(atPath: key))
  }

  @Test func certificatesCarryTheProfileStrictVerificationNeeds() {
    let authority = SharedAuthority.authority
    let start = TestCertificateAuthority.validityStart / 1000
    let end = TestCertificateAuthority.validityEnd / 1000
    for certificate in [
      authority.rootCertificate, authority.intermediateCertificate, authority.leafCertificate,
    ] {
      #expect(certificate.notBefore == start)
      #expect(certificate.notAfter == end)
      #expect(certificate.hasExtension(oid: "2.5.29.14"))  // subject key identifier
      #expect(certificate.hasExtension(oid: "2.5.29.35"))  // authority key identifier
      #expect(certificate.hasExtension(oid: "2.5.29.15"))  // key usage
      #expect(certificate.hasExtension(oid: "2.5.29.19"))  // basic constraints
    }
    #expect(authority.leafCertificate.hasExtension(oid: AppleOID.receiptSigningLeaf))
    #expect(authority.intermediateCertificate.hasExtension(oid: AppleOID.wwdrIntermediate))
    #expect(!authority.rootCertificate.hasExtension(oid: AppleOID.wwdrIntermediate))
  }

  @Test("the chain verifies at both ends of the validity window and not beyond")
  func validityWindowEdges() throws {
    let verifier = SharedAuthority.verifier()
    func result(at date: Int64) throws -> JWSVerificationError? {
      var payload = Samples.renewalInfo()
      payload.signedDate = date
      let jws = try SharedAuthority.signer.sign(payload)
      return try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get().verificationError
    }
    #expect(try result(at: TestCertificateAuthority.validityStart) == nil)
    #expect(try result(at: TestCertificateAuthority.validityEnd) == nil)
    #expect(try result(at: TestCertificateAuthority.validityEnd + 1000) == .invalidCertificateChain)
    #expect(try result(at: TestCertificateAuthority.validityStart - 1) == .invalidCertificateChain)
  }

  @Test func rootExportIsDEROrPEMAndNeverAKey() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let der = try RootCertificateExport.export(stateDirectory: temporary.path, format: .der)
    let pem = try RootCertificateExport.export(stateDirectory: temporary.path, format: .pem)
    let text = String(decoding: pem, as: UTF8.self)
    #expect(Certificate(der: der) != nil)
    #expect(text.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(!text.contains("PRIVATE KEY"))
    let body = text.split(separator: "\n").dropFirst().dropLast().joined()
    #expect(Base64.decode(body.utf8) == der)
    let out = temporary.file("root.der")
    try RootCertificateExport.write(der, to: out)
    try RootCertificateExport.write(der, to: out)  // replacing an existing file is fine
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(der))
  }

  @Test func processesStartingTogetherShareOneCA() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let state = temporary.path
    let roots = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<4 {
        group.addTask {
          try TestCertificateAuthority.loadOrCreate(stateDirectory: state).rootCertificate.der
        }
      }
      var roots: [[UInt8]] = []
      for try await root in group { roots.append(root) }
      return roots
    }
    #expect(Set(roots).count == 1)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: state)
    #expect(leftovers == ["ca"])
  }
}
