import StoreFiles

/// The library side of `storeterm cert [--der|--pem] [--out PATH]`: the test root, never a key.
public enum RootCertificateExport {
  /// The encoding to export in.
  public enum Format: String, Sendable, CaseIterable {
    /// Binary DER, as Xcode's "Save Public Certificate" writes and Apple's libraries load.
    case der
    /// PEM text (the default for a terminal).
    case pem
  }

  /// The root certificate of the CA in `stateDirectory` (created on first use) in `format`.
  public static func export(stateDirectory: String, format: Format) throws -> [UInt8] {
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: stateDirectory)
    return export(authority.rootCertificate, format: format)
  }

  /// `certificate` in `format`.
  public static func export(_ certificate: Certificate, format: Format) -> [UInt8] {
    switch format {
    case .der: certificate.der
    case .pem: Array(certificate.pem.utf8)
    }
  }

  /// Writes the export to `path` as a new or replaced regular file, never through a link
  /// (mode 0600, as every file storeterm writes).
  public static func write(_ bytes: [UInt8], to path: String) throws {
    try SafeFileWriter.replace(path, bytes)
  }
}
