/// A retention message as the developer uploaded it (Apple's `UploadMessageRequestBody`): the
/// header and body text, an optional image and up to five bullet points, each with its image.
///
/// [UploadMessageRequestBody](https://developer.apple.com/documentation/retentionmessaging/uploadmessagerequestbody)
public struct RetentionMessage: Sendable, Hashable {
  /// An image reference with its alternative text.
  public struct Image: Sendable, Hashable {
    /// The image's identifier (a lowercase UUID).
    public var imageIdentifier: String
    /// The alternative text.
    public var altText: String

    /// Creates an image reference.
    public init(imageIdentifier: String, altText: String) {
      self.imageIdentifier = imageIdentifier
      self.altText = altText
    }
  }

  /// One bullet point: its text and its icon.
  public struct BulletPoint: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The icon.
    public var image: Image

    /// Creates a bullet point.
    public init(text: String, image: Image) {
      self.text = text
      self.image = image
    }
  }

  /// Where the header goes: Apple's `headerPosition` values.
  public enum HeaderPosition: String, Sendable, Equatable {
    /// Above the body, below the image (the default).
    case aboveBody = "ABOVE_BODY"
    /// Above the image.
    case aboveImage = "ABOVE_IMAGE"
  }

  /// The header text (at most ``maximumHeaderLength`` characters).
  public var header: String
  /// The body text (at most ``maximumBodyLength`` characters).
  public var body: String
  /// The image shown with the message, if any.
  public var image: Image?
  /// Where the header goes, when the developer said.
  public var headerPosition: HeaderPosition?
  /// The bullet points (at most ``maximumBulletPoints``).
  public var bulletPoints: [BulletPoint]

  /// Apple's limit on `header`.
  public static let maximumHeaderLength = 66
  /// Apple's limit on `body`.
  public static let maximumBodyLength = 144
  /// Apple's limit on an image's or a bullet point image's `altText`.
  public static let maximumAltTextLength = 150
  /// Apple's limit on a bullet point's `text`.
  public static let maximumBulletTextLength = 66
  /// Apple's limit on the number of bullet points.
  public static let maximumBulletPoints = 5

  /// Creates a message.
  public init(
    header: String, body: String, image: Image? = nil, headerPosition: HeaderPosition? = nil,
    bulletPoints: [BulletPoint] = []
  ) {
    self.header = header
    self.body = body
    self.image = image
    self.headerPosition = headerPosition
    self.bulletPoints = bulletPoints
  }

  /// The message as stored (and as the developer sent it): Apple's field names.
  public var jsonValue: JSONValue {
    func image(_ image: Image) -> JSONValue {
      .object([
        JSONMember("imageIdentifier", .string(image.imageIdentifier)),
        JSONMember("altText", .string(image.altText)),
      ])
    }
    var members = [JSONMember("header", .string(header)), JSONMember("body", .string(body))]
    if let picture = self.image { members.append(JSONMember("image", image(picture))) }
    if let headerPosition {
      members.append(JSONMember("headerPosition", .string(headerPosition.rawValue)))
    }
    if !bulletPoints.isEmpty {
      members.append(
        JSONMember(
          "bulletPoints",
          .array(
            bulletPoints.map { point in
              .object([
                JSONMember("text", .string(point.text)),
                JSONMember("imageIdentifier", .string(point.image.imageIdentifier)),
                JSONMember("altText", .string(point.image.altText)),
              ])
            })))
    }
    return .object(members)
  }

  /// Reads a stored message back; nil for anything that is not one.
  public init?(stored value: JSONValue) {
    guard case .string(let header) = value["header"], case .string(let body) = value["body"]
    else { return nil }
    var image: Image?
    if let picture = value["image"], picture != .null {
      guard case .string(let id) = picture["imageIdentifier"],
        case .string(let alt) = picture["altText"]
      else { return nil }
      image = Image(imageIdentifier: id, altText: alt)
    }
    var position: HeaderPosition?
    if case .string(let text) = value["headerPosition"] {
      position = HeaderPosition(rawValue: text)
    }
    var points: [BulletPoint] = []
    if case .array(let items) = value["bulletPoints"] {
      for item in items {
        guard case .string(let text) = item["text"],
          case .string(let id) = item["imageIdentifier"], case .string(let alt) = item["altText"]
        else { return nil }
        points.append(BulletPoint(text: text, image: Image(imageIdentifier: id, altText: alt)))
      }
    }
    self.init(
      header: header, body: body, image: image, headerPosition: position, bulletPoints: points)
  }
}
