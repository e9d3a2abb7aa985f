import CLibCrypto

/// Issues X.509 v3 certificates with libcrypto's X509 APIs (never the `openssl` program).
///
/// The extensions are the ones strict verification (`X509_V_FLAG_X509_STRICT`, OpenSSL 3 and 4)
/// demands: basic constraints and key usage (critical), subject and authority key identifiers,
/// and Apple's marker OIDs as non-critical extensions with an ASN.1 NULL value, as Apple's own.
enum CertificateIssuer {
  /// What to issue.
  struct Request {
    var commonName: String
    var key: P256PublicKey
    var notBefore: Int64
    var notAfter: Int64
    /// `nil` for an end-entity certificate; otherwise the CA's path length (`nil` inside = none).
    var certificateAuthority: PathLength?
    /// Dotted OIDs added as non-critical extensions with an ASN.1 NULL value.
    var markerOIDs: [String] = []
    /// For a TLS server: its host names (`subjectAltName`), with `serverAuth` key usage.
    var dnsNames: [String] = []
  }

  /// A CA's path length constraint.
  struct PathLength {
    var value: Int?
  }

  /// Issues `request`, signed by `issuer` (its certificate and key), or self-signed when `nil`.
  static func issue(
    _ request: Request, issuer: (certificate: Certificate, key: P256PrivateKey)?,
    selfSigningKey: P256PrivateKey? = nil
  ) throws(LibCryptoError) -> Certificate {
    guard let certificate = X509_new() else { throw LibCryptoError("allocate a certificate") }
    var owned: OpaquePointer? = certificate
    defer { if let owned { X509_free(owned) } }
    guard X509_set_version(certificate, 2) == 1 else { throw LibCryptoError("set the version") }
    try setSerial(certificate)
    guard ASN1_TIME_set(X509_getm_notBefore(certificate), time_t(request.notBefore)) != nil,
      ASN1_TIME_set(X509_getm_notAfter(certificate), time_t(request.notAfter)) != nil
    else { throw LibCryptoError("set the validity") }
    try setSubject(certificate, commonName: request.commonName)
    let issuerName = X509_get_subject_name(issuer?.certificate.pointer ?? certificate)
    guard X509_set_issuer_name(certificate, issuerName) == 1,
      X509_set_pubkey(certificate, request.key.pointer) == 1
    else { throw LibCryptoError("set the issuer and key") }

    var context = X509V3_CTX()
    lc_x509v3_set_ctx(&context, issuer?.certificate.pointer ?? certificate, certificate)
    if let pathLength = request.certificateAuthority {
      let constraint =
        pathLength.value.map { "critical,CA:TRUE,pathlen:\($0)" } ?? "critical,CA:TRUE"
      try addExtension(certificate, &context, NID_basic_constraints, constraint)
      try addExtension(certificate, &context, NID_key_usage, "critical,keyCertSign,cRLSign")
    } else {
      try addExtension(certificate, &context, NID_basic_constraints, "critical,CA:FALSE")
      try addExtension(certificate, &context, NID_key_usage, "critical,digitalSignature")
    }
    if !request.dnsNames.isEmpty {
      let names = request.dnsNames.map { "DNS:" + $0 }.joined(separator: ",")
      try addExtension(certificate, &context, NID_subject_alt_name, names)
      try addExtension(certificate, &context, NID_ext_key_usage, "serverAuth")
    }
    try addExtension(certificate, &context, NID_subject_key_identifier, "hash")
    try addExtension(certificate, &context, NID_authority_key_identifier, "keyid:always")
    for oid in request.markerOIDs { try addMarker(certificate, oid: oid) }

    guard let signingKey = issuer?.key ?? selfSigningKey,
      X509_sign(certificate, signingKey.pointer, EVP_sha256()) > 0
    else { throw LibCryptoError("sign the certificate") }
    owned = nil
    return try Certificate(owning: certificate)
  }

  /// A random positive 16-byte serial number, as CAs use.
  private static func setSerial(_ certificate: OpaquePointer) throws(LibCryptoError) {
    var bytes = [UInt8](repeating: 0, count: 16)
    guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
      throw LibCryptoError("draw a serial number")
    }
    bytes[0] = (bytes[0] & 0x7F) | 0x40  // positive, and exactly 16 bytes long
    guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
      throw LibCryptoError("make a serial number")
    }
    defer { BN_free(number) }
    guard let serial = BN_to_ASN1_INTEGER(number, nil) else {
      throw LibCryptoError("encode the serial number")
    }
    defer { ASN1_INTEGER_free(serial) }
    guard X509_set_serialNumber(certificate, serial) == 1 else {
      throw LibCryptoError("set the serial number")
    }
  }

  private static func setSubject(_ certificate: OpaquePointer, commonName: String)
    throws(LibCryptoError)
  {
    guard let name = X509_NAME_new() else { throw LibCryptoError("allocate a name") }
    defer { X509_NAME_free(name) }
    for (field, value) in [("O", "storeterm"), ("CN", commonName)] {
      guard X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, value, -1, -1, 0) == 1 else {
        throw LibCryptoError("set the subject \(field)")
      }
    }
    guard X509_set_subject_name(certificate, name) == 1 else {
      throw LibCryptoError("set the subject")
    }
  }

  private static func addExtension(
    _ certificate: OpaquePointer, _ context: inout X509V3_CTX, _ nid: Int32, _ value: String
  ) throws(LibCryptoError) {
    guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else {
      throw LibCryptoError("make the extension \(value)")
    }
    defer { X509_EXTENSION_free(ext) }
    guard X509_add_ext(certificate, ext, -1) == 1 else {
      throw LibCryptoError("add the extension \(value)")
    }
  }

  private static func addMarker(_ certificate: OpaquePointer, oid: String) throws(LibCryptoError) {
    guard let object = OBJ_txt2obj(oid, 1) else { throw LibCryptoError("parse the OID \(oid)") }
    defer { ASN1_OBJECT_free(object) }
    guard let value = ASN1_OCTET_STRING_new() else { throw LibCryptoError("allocate a value") }
    defer { ASN1_OCTET_STRING_free(value) }
    let null: [UInt8] = [0x05, 0x00]  // DER of ASN.1 NULL, the value Apple's certificates carry
    guard ASN1_OCTET_STRING_set(value, null, Int32(null.count)) == 1,
      let ext = X509_EXTENSION_create_by_OBJ(nil, object, 0, value)
    else { throw LibCryptoError("make the extension \(oid)") }
    defer { X509_EXTENSION_free(ext) }
    guard X509_add_ext(certificate, ext, -1) == 1 else {
      throw LibCryptoError("add the extension \(oid)")
    }
  }
}
