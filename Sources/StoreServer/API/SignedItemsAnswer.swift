import StoreCore

/// A JSON object answer whose arrays of signed items are signed straight into its body.
///
/// A history page's JWS were each made into a string, then scanned for characters to escape and
/// copied again by the JSON writer (a tenth of the page's handler). A compact JWS is base64url
/// characters and dots, which a JSON string holds as they are, so the signer appends each one
/// where it goes. The body is byte for byte what `JSONValue.object` writes for the same members
/// with the same JWS.
enum SignedItemsAnswer {
  /// One member of the answer, in order.
  enum Member {
    /// A member written by `JSONValue`.
    case value(String, JSONValue)
    /// An array of JWS: each of these payload JSON texts, signed.
    case signed(String, [[UInt8]])
  }

  /// The `200` JSON response with `members`, the signed ones signed by `signer`.
  static func response(_ members: [Member], signer: any Signer) throws -> HTTPResponse {
    var body: [UInt8] = [UInt8(ascii: "{")]
    for (index, member) in members.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      switch member {
      case .value(let name, let value):
        body.append(contentsOf: JSONValue.string(name).compactUTF8)
        body.append(UInt8(ascii: ":"))
        body.append(contentsOf: value.compactUTF8)
      case .signed(let name, let payloads):
        body.append(contentsOf: JSONValue.string(name).compactUTF8)
        body.append(contentsOf: Array(":[".utf8))
        body.reserveCapacity(body.count + payloads.count * 4_096)
        for (position, payload) in payloads.enumerated() {
          body.append(contentsOf: Array(position == 0 ? "\"".utf8 : ",\"".utf8))
          try signer.sign(payloadJSON: payload, appendingTo: &body)
          body.append(UInt8(ascii: "\""))
        }
        body.append(UInt8(ascii: "]"))
      }
    }
    body.append(UInt8(ascii: "}"))
    return HTTPResponse(status: 200, contentType: "application/json", body: body)
  }
}
