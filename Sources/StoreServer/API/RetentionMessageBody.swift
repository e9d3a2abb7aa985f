import StoreCore

/// Reads Apple's `UploadMessageRequestBody`, answering the Retention Messaging API's error for
/// the first field that breaks a documented limit.
enum RetentionMessageBody {
  /// The message in `body`.
  static func parse(_ body: RequestBody) throws(APIError) -> RetentionMessage {
    let header = try body.string("header", or: .generalBadRequest) ?? ""
    let text = try body.string("body", or: .generalBadRequest) ?? ""
    guard header.count <= RetentionMessage.maximumHeaderLength else {
      throw APIError.headerTooLong
    }
    guard text.count <= RetentionMessage.maximumBodyLength else { throw APIError.bodyTooLong }
    guard !header.isEmpty, !text.isEmpty else { throw APIError.generalBadRequest }
    var image: RetentionMessage.Image?
    if body.has("image") {
      guard let value = body.value["image"] else { throw APIError.generalBadRequest }
      image = try self.image(RequestBody(object: value))
    }
    var position: RetentionMessage.HeaderPosition?
    if let raw = try body.string("headerPosition", required: false, or: .generalBadRequest) {
      guard let parsed = RetentionMessage.HeaderPosition(rawValue: raw) else {
        throw APIError.generalBadRequest
      }
      position = parsed
    }
    if position == .aboveImage, image == nil { throw APIError.aboveImageRequiresImage }
    var points: [RetentionMessage.BulletPoint] = []
    if body.has("bulletPoints") {
      guard case .array(let items) = body.value["bulletPoints"] else {
        throw APIError.generalBadRequest
      }
      guard items.count <= RetentionMessage.maximumBulletPoints else {
        throw APIError.tooManyBulletPoints
      }
      for item in items {
        let point = try RequestBody(object: item)
        let pointText = try point.string("text", or: .generalBadRequest) ?? ""
        guard pointText.count <= RetentionMessage.maximumBulletTextLength else {
          throw APIError.bulletPointTextTooLong
        }
        guard !pointText.isEmpty else { throw APIError.generalBadRequest }
        points.append(RetentionMessage.BulletPoint(text: pointText, image: try self.image(point)))
      }
    }
    return RetentionMessage(
      header: header, body: text, image: image, headerPosition: position, bulletPoints: points)
  }

  /// `imageIdentifier` (a UUID) and `altText` (at most 150 characters).
  private static func image(_ object: RequestBody) throws(APIError) -> RetentionMessage.Image {
    let id = try AppStoreServerAPI.identifier(
      try object.string("imageIdentifier", or: .generalBadRequest) ?? "")
    let alt = try object.string("altText", or: .generalBadRequest) ?? ""
    guard alt.count <= RetentionMessage.maximumAltTextLength else {
      throw APIError.altTextTooLong
    }
    return RetentionMessage.Image(imageIdentifier: id, altText: alt)
  }
}
