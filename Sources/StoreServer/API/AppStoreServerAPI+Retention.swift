import Foundation
import StoreCore
import StorePersistence

extension AppStoreServerAPI {
  /// Images an app may have, as Apple documents for Upload Image.
  public static let maximumRetentionImages = 2000
  /// Messages an app may have (Apple documents the error, not the number; storeterm takes the
  /// image limit).
  public static let maximumRetentionMessages = 2000
  /// The largest image upload accepted, in bytes (storeterm's bound; see ``bodyLimit(method:path:)``).
  public static let maximumImageBytes = 8 * 1024 * 1024

  /// The request body limit for `method` and `path`: image uploads may be large PNGs, every
  /// other request stays within `standard`.
  public static func bodyLimit(method: String, path: String, standard: Int) -> Int {
    method == "PUT" && path.hasPrefix("/inApps/v1/messaging/image/")
      ? max(standard, maximumImageBytes) : standard
  }

  /// The app's retention configuration.
  var retentionStore: any RetentionConfigurationStore { stores.retention(for: identity) }

  /// Answers one Retention Messaging API request.
  func retention(_ route: RetentionRoute, _ request: HTTPRequest) throws -> HTTPResponse {
    switch route {
    case .uploadImage(let id): try uploadImage(id, request)
    case .deleteImage(let id): try deleteImage(id)
    case .imageList: try imageList()
    case .uploadMessage(let id): try uploadMessage(id, request)
    case .deleteMessage(let id): try deleteMessage(id)
    case .messageList: try messageList()
    case .configureDefault(let product, let locale):
      try configureDefault(productID: product, locale: locale, request)
    case .getDefault(let product, let locale): try getDefault(productID: product, locale: locale)
    case .deleteDefault(let product, let locale):
      try deleteDefault(productID: product, locale: locale)
    case .configureRealtimeURL: try configureRealtimeURL(request)
    case .getRealtimeURL: try getRealtimeURL()
    case .deleteRealtimeURL: try deleteRealtimeURL()
    case .initiatePerformanceTest: try initiatePerformanceTest(request)
    case .performanceTestResult(let id): try performanceTestResult(id)
    }
  }

  /// A path or body identifier as Apple's UUIDs are compared: lowercase; anything else is a
  /// bad request.
  static func identifier(_ text: String) throws(APIError) -> String {
    guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else {
      throw APIError.generalBadRequest
    }
    return uuid.uuidString.lowercased()
  }

  // MARK: - Images

  /// `PUT /inApps/v1/messaging/image/{imageIdentifier}?imageSize=`: a PNG without
  /// transparency; a full-size image is 3840 pixels wide and 160 to 2160 high, a bullet-point
  /// image square.
  func uploadImage(_ idText: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let id = try Self.identifier(idText)
    var size = "FULL_SIZE"
    for value in request.queryValues("imageSize") {
      guard value == "FULL_SIZE" || value == "BULLET_POINT" else {
        throw APIError.badRequestImageSize
      }
      size = value
    }
    guard let png = PNGInfo(request.body), !png.hasTransparency else {
      throw APIError.invalidImage
    }
    let fits =
      size == "FULL_SIZE"
      ? png.width == 3840 && (160...2160).contains(png.height)
      : png.width == png.height && png.width <= 3840
    guard fits else { throw APIError.badRequestImageSize }
    do {
      try retentionStore.addImage(
        RetentionImageRecord(
          id: id, size: size, state: "APPROVED", width: png.width, height: png.height),
        png: request.body, limit: Self.maximumRetentionImages, date: clock.now())
    } catch let refusal as RetentionRefusal {
      throw refusal == .alreadyExists ? APIError.imageAlreadyExists : .maximumImagesReached
    }
    return .empty(status: 200)
  }

  /// `DELETE /inApps/v1/messaging/image/{imageIdentifier}`: refused while a message uses it.
  func deleteImage(_ idText: String) throws -> HTTPResponse {
    let id = try Self.identifier(idText)
    do {
      try retentionStore.deleteImage(id: id)
    } catch let refusal as RetentionRefusal {
      throw refusal == .inUse ? APIError.imageInUse : .imageNotFound
    }
    return .empty(status: 200)
  }

  /// `GET /inApps/v1/messaging/image/list`.
  func imageList() throws -> HTTPResponse {
    let items = try retentionStore.images().map { image in
      JSONValue.object([
        JSONMember("imageIdentifier", .string(image.id)),
        JSONMember("imageState", .string(image.state)),
        JSONMember("imageSize", .string(image.size)),
      ])
    }
    return .json(.object([JSONMember("imageIdentifiers", .array(items))]))
  }

  // MARK: - Messages

  /// `PUT /inApps/v1/messaging/message/{messageIdentifier}`: Apple's
  /// `UploadMessageRequestBody`, each limit checked with Apple's error.
  func uploadMessage(_ idText: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let id = try Self.identifier(idText)
    let message = try RetentionMessageBody.parse(try RequestBody(request.body))
    let store = retentionStore
    // Each image named must exist, in the size its place needs.
    var wanted = message.image.map { [($0.imageIdentifier, "FULL_SIZE")] } ?? []
    wanted += message.bulletPoints.map { ($0.image.imageIdentifier, "BULLET_POINT") }
    for (imageID, size) in wanted {
      guard let image = try store.image(id: imageID) else { throw APIError.imageNotFound }
      guard image.size == size else { throw APIError.badRequestImageSize }
    }
    do {
      try store.addMessage(
        RetentionMessageRecord(id: id, state: "APPROVED", message: message),
        limit: Self.maximumRetentionMessages, date: clock.now())
    } catch let refusal as RetentionRefusal {
      throw refusal == .alreadyExists ? APIError.messageAlreadyExists : .maximumMessagesReached
    }
    return .empty(status: 200)
  }

  /// `DELETE /inApps/v1/messaging/message/{messageIdentifier}`.
  func deleteMessage(_ idText: String) throws -> HTTPResponse {
    let id = try Self.identifier(idText)
    do {
      try retentionStore.deleteMessage(id: id)
    } catch is RetentionRefusal {
      throw APIError.messageNotFound
    }
    return .empty(status: 200)
  }

  /// `GET /inApps/v1/messaging/message/list`.
  func messageList() throws -> HTTPResponse {
    let items = try retentionStore.messages().map { message in
      JSONValue.object([
        JSONMember("messageIdentifier", .string(message.id)),
        JSONMember("messageState", .string(message.state)),
      ])
    }
    return .json(.object([JSONMember("messageIdentifiers", .array(items))]))
  }

  // MARK: - Default messages

  /// Checks a default message's product (an auto-renewable subscription of the catalog) and
  /// locale (a BCP 47 tag such as `en-US`, or `en_US`).
  func checkDefaultKey(productID: String, locale: String) throws(APIError) {
    guard engine.catalog.product(id: productID)?.type == .autoRenewable else {
      throw APIError.invalidProductID
    }
    let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    let valid =
      locale.utf8.count <= 35 && (2...3).contains(parts[0].utf8.count)
      && parts.allSatisfy { part in
        (1...8).contains(part.utf8.count)
          && part.utf8.allSatisfy {
            ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || (48...57).contains($0)
          }
      }
    guard valid else { throw APIError.invalidLocale }
  }

  /// `PUT /inApps/v1/messaging/default/{productId}/{locale}`: an approved, text-based message
  /// (with or without an image) becomes the default.
  func configureDefault(productID: String, locale: String, _ request: HTTPRequest) throws
    -> HTTPResponse
  {
    try checkDefaultKey(productID: productID, locale: locale)
    let body = try RequestBody(request.body)
    let id = try Self.identifier(
      try body.string("messageIdentifier", or: .generalBadRequest) ?? "")
    let store = retentionStore
    guard let message = try store.message(id: id) else { throw APIError.messageNotFound }
    guard message.state == "APPROVED" else { throw APIError.messageNotApproved }
    for imageID in [message.message.image?.imageIdentifier].compactMap({ $0 })
      + message.message.bulletPoints.map(\.image.imageIdentifier)
    {
      guard try store.image(id: imageID)?.state == "APPROVED" else {
        throw APIError.imageNotApproved
      }
    }
    try store.setDefault(productID: productID, locale: locale, messageID: id)
    return .empty(status: 200)
  }

  /// `GET /inApps/v1/messaging/default/{productId}/{locale}`.
  func getDefault(productID: String, locale: String) throws -> HTTPResponse {
    try checkDefaultKey(productID: productID, locale: locale)
    guard let id = try retentionStore.defaultMessageID(productID: productID, locale: locale)
    else { throw APIError.defaultMessageNotFound }
    return .json(.object([JSONMember("messageIdentifier", .string(id))]))
  }

  /// `DELETE /inApps/v1/messaging/default/{productId}/{locale}`.
  func deleteDefault(productID: String, locale: String) throws -> HTTPResponse {
    try checkDefaultKey(productID: productID, locale: locale)
    do {
      try retentionStore.deleteDefault(productID: productID, locale: locale)
    } catch is RetentionRefusal {
      throw APIError.defaultMessageNotFound
    }
    return .empty(status: 200)
  }
}
