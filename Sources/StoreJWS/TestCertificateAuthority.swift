import CLibCrypto
import Foundation
import StoreCore
import StoreFiles

#if canImport(Glibc)
  import Glibc
#endif

/// storeterm's local test CA: a root, an intermediate and a P-256 signing leaf.
///
/// Created on first use in `<state directory>/ca/` (mode 0700) and reloaded afterwards, so the
/// exported root stays valid across runs. Only the leaf's key is kept (`leaf.key.pem`, created
/// 0600): the root and intermediate keys are discarded once the chain is issued, so nothing else
/// can ever be issued under a root someone trusts. Export the root with `rootCertificate`.
///
/// Every certificate is valid from `validityStart` to `validityEnd`; the simulated clock must not
/// pass `validityEnd`, or verifiers would reject what storeterm signs.
public struct TestCertificateAuthority: Sendable {
  /// Start of every certificate's validity: 2000-01-01T00:00:00Z, in epoch milliseconds.
  public static let validityStart: Int64 = 946_684_800_000
  /// End of every certificate's validity: 2099-12-31T23:59:59Z, in epoch milliseconds.
  ///
  /// The simulated clock refuses to move past this date.
  public static let validityEnd: Int64 = 4_102_444_799_000
  /// The directory under the state directory that holds the CA.
  public static let directoryName = "ca"

  /// The self-signed root certificate, to be trusted by verifiers.
  public let rootCertificate: Certificate
  /// The intermediate (carries `AppleOID.wwdrIntermediate`).
  public let intermediateCertificate: Certificate
  /// The signing leaf (carries `AppleOID.receiptSigningLeaf`).
  public let leafCertificate: Certificate
  /// The leaf's private key; never exported except to its 0600 file.
  let leafKey: P256PrivateKey
  /// The TLS server certificate for Apple's API host names (``apiHostNames``), issued by the
  /// root with the chain; nil for a CA made before storeterm had a TLS mode.
  public let tlsCertificate: Certificate?
  /// Its private key (`tls.key.pem`, 0600): made here, or the file, read when
  /// ``tlsCredentials(directory:)`` asks (only `serve --tls` needs it; parsing a PEM key is
  /// about a millisecond of every command's start).
  let tlsKey: TLSKey?

  /// Where the TLS key is.
  enum TLSKey: Sendable {
    /// Made in this process.
    case made(P256PrivateKey)
    /// In the file at this path, not read yet.
    case file(String)
  }

  /// The host names of the App Store Server API the TLS certificate names: production and
  /// sandbox, under the domain Apple's libraries use since May 2026 and the older one.
  public static let apiHostNames = [
    "api.storekit.apple.com", "api.storekit-sandbox.apple.com",
    "api.storekit.itunes.apple.com", "api.storekit-sandbox.itunes.apple.com",
  ]

  /// The TLS certificate (PEM) and its key (PEM) for `storeterm serve --tls`.
  ///
  /// - Throws: `TestCertificateAuthorityError` when the CA predates the TLS mode.
  public func tlsCredentials(directory: String) throws -> (certificatePEM: String, keyPEM: [UInt8])
  {
    guard let tlsCertificate, let tlsKey else {
      throw TestCertificateAuthorityError(
        path: directory,
        problem:
          "was made before storeterm could serve TLS and has no certificate for Apple's API "
          + "host names; move it aside to make a new one (then export the new root again)")
    }
    switch tlsKey {
    case .made(let key): return (tlsCertificate.pem, try key.pemRepresentation())
    case .file(let path):
      let key: P256PrivateKey
      do {
        key = try P256PrivateKey(pem: try SecureFiles.read(path))
      } catch let error as LibCryptoError {
        throw TestCertificateAuthorityError(path: path, problem: error.description)
      }
      guard X509_check_private_key(tlsCertificate.pointer, key.pointer) == 1 else {
        LibCryptoError.clearQueue()
        throw TestCertificateAuthorityError(
          path: path, problem: "does not match \(Self.files.tls)")
      }
      return (tlsCertificate.pem, try key.pemRepresentation())
    }
  }

  /// A signer that signs with the leaf and puts the chain in `x5c`.
  ///
  /// - Parameter reservingNonces: `false` computes every signature in full on the calling
  ///   thread, without nonces computed ahead on another (for single-thread measurements).
  public func makeSigner(reservingNonces: Bool = true) -> ES256Signer {
    ES256Signer(
      key: reservingNonces ? leafKey : leafKey.withoutNonceReserve(),
      chain: [leafCertificate, intermediateCertificate, rootCertificate])
  }

  /// A verifier that trusts this CA's root.
  public func makeVerifier(configuration: SignedDataConfiguration) -> SignedDataVerifier {
    SignedDataVerifier(trustedRoots: [rootCertificate], configuration: configuration)
  }

  /// Loads the CA from `stateDirectory/ca`, creating it (and the directories) on first use.
  ///
  /// - Throws: `TestCertificateAuthorityError` naming the file when an existing CA is unreadable;
  ///   a broken CA is never silently replaced, since a new root would invalidate exported ones.
  public static func loadOrCreate(stateDirectory: String) throws -> TestCertificateAuthority {
    let directory = (stateDirectory as NSString).appendingPathComponent(directoryName)
    if FileManager.default.fileExists(atPath: directory) {
      return try load(directory: directory)
    }
    try SafeFileWriter.makeDirectories(stateDirectory)
    let authority = try generate()
    // Written to a private temporary directory, then renamed: a reader sees no CA or a whole one,
    // and of two processes starting at once, the second loads what the first created.
    let staging = try SecureFiles.makeTemporaryDirectory(in: stateDirectory, prefix: ".ca-new")
    do {
      try authority.write(to: staging)
    } catch {
      SecureFiles.removeTree(staging)
      throw error
    }
    if rename(staging, directory) != 0 {
      let code = errno  // read before cleanup, which may change errno
      SecureFiles.removeTree(staging)
      guard code == EEXIST || code == ENOTEMPTY else {
        throw SecureFiles.Failure(path: directory, operation: "create", code: code)
      }
      return try load(directory: directory)
    }
    return authority
  }

  /// Issues a fresh chain in memory with the standard profile.
  public static func generate() throws(LibCryptoError) -> TestCertificateAuthority {
    try generate(profile: Profile())
  }

  /// What to vary when issuing a chain; tests use it to build deliberately broken CAs.
  struct Profile {
    var rootName = "storeterm Test Root CA"
    var intermediateName = "storeterm Test Intermediate CA"
    var leafName = "storeterm Test App Store Signing"
    var notBefore = TestCertificateAuthority.validityStart / 1000
    var notAfter = TestCertificateAuthority.validityEnd / 1000
    var leafNotBefore: Int64?
    var leafNotAfter: Int64?
    var leafMarkers = [AppleOID.receiptSigningLeaf]
    var intermediateMarkers = [AppleOID.wwdrIntermediate]
  }

  static func generate(profile: Profile) throws(LibCryptoError) -> TestCertificateAuthority {
    let rootKey = try P256PrivateKey.generate()
    let intermediateKey = try P256PrivateKey.generate()
    let leafKey = try P256PrivateKey.generate()
    let tlsKey = try P256PrivateKey.generate()
    let root = try CertificateIssuer.issue(
      .init(
        commonName: profile.rootName, key: rootKey.publicKey, notBefore: profile.notBefore,
        notAfter: profile.notAfter, certificateAuthority: .init(value: nil)),
      issuer: nil, selfSigningKey: rootKey)
    let intermediate = try CertificateIssuer.issue(
      .init(
        commonName: profile.intermediateName, key: intermediateKey.publicKey,
        notBefore: profile.notBefore, notAfter: profile.notAfter,
        certificateAuthority: .init(value: 0), markerOIDs: profile.intermediateMarkers),
      issuer: (root, rootKey))
    let leaf = try CertificateIssuer.issue(
      .init(
        commonName: profile.leafName, key: leafKey.publicKey,
        notBefore: profile.leafNotBefore ?? profile.notBefore,
        notAfter: profile.leafNotAfter ?? profile.notAfter, certificateAuthority: nil,
        markerOIDs: profile.leafMarkers),
      issuer: (intermediate, intermediateKey))
    // Issued now: the root's key is discarded once the chain exists.
    let tls = try CertificateIssuer.issue(
      .init(
        commonName: apiHostNames[0], key: tlsKey.publicKey, notBefore: profile.notBefore,
        notAfter: profile.notAfter, certificateAuthority: nil, dnsNames: apiHostNames),
      issuer: (root, rootKey))
    return TestCertificateAuthority(
      rootCertificate: root, intermediateCertificate: intermediate, leafCertificate: leaf,
      leafKey: leafKey, tlsCertificate: tls, tlsKey: .made(tlsKey))
  }

  private static let files = (
    root: "root.der", intermediate: "intermediate.der", leaf: "leaf.der", key: "leaf.key.pem",
    tls: "tls.der", tlsKey: "tls.key.pem"
  )

  private func write(to directory: String) throws {
    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
    try SafeFileWriter.createNew(path(Self.files.key), try leafKey.pemRepresentation())
    try SafeFileWriter.createNew(path(Self.files.root), rootCertificate.der)
    try SafeFileWriter.createNew(path(Self.files.intermediate), intermediateCertificate.der)
    try SafeFileWriter.createNew(path(Self.files.leaf), leafCertificate.der)
    if let tlsCertificate, case .made(let tlsKey) = tlsKey {
      try SafeFileWriter.createNew(path(Self.files.tlsKey), try tlsKey.pemRepresentation())
      try SafeFileWriter.createNew(path(Self.files.tls), tlsCertificate.der)
    }
  }

  private static func load(directory: String) throws -> TestCertificateAuthority {
    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
    func certificate(_ name: String) throws -> Certificate {
      guard let certificate = Certificate(der: try SecureFiles.read(path(name))) else {
        throw TestCertificateAuthorityError(path: path(name), problem: "is not a DER certificate")
      }
      return certificate
    }
    let key: P256PrivateKey
    do {
      key = try P256PrivateKey(pem: try SecureFiles.read(path(files.key)))
    } catch let error as LibCryptoError {
      throw TestCertificateAuthorityError(path: path(files.key), problem: error.description)
    }
    let leaf = try certificate(files.leaf)
    guard X509_check_private_key(leaf.pointer, key.pointer) == 1 else {
      LibCryptoError.clearQueue()
      throw TestCertificateAuthorityError(
        path: path(files.key), problem: "does not match \(files.leaf)")
    }
    // A CA made before the TLS mode has no TLS certificate; it still signs as before. The TLS
    // key is read and checked against its certificate when `serve --tls` asks for it.
    let tls: Certificate? =
      FileManager.default.fileExists(atPath: path(files.tls)) ? try certificate(files.tls) : nil
    return TestCertificateAuthority(
      rootCertificate: try certificate(files.root),
      intermediateCertificate: try certificate(files.intermediate), leafCertificate: leaf,
      leafKey: key, tlsCertificate: tls, tlsKey: tls == nil ? nil : .file(path(files.tlsKey)))
  }
}
