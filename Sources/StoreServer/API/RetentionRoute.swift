/// The Retention Messaging API endpoints, under `/inApps/v1/messaging/`.
enum RetentionRoute: Equatable, Sendable {
  /// `PUT …/image/{imageIdentifier}`: Upload Image.
  case uploadImage(String)
  /// `DELETE …/image/{imageIdentifier}`: Delete Image.
  case deleteImage(String)
  /// `GET …/image/list`: Get Image List.
  case imageList
  /// `PUT …/message/{messageIdentifier}`: Upload Message.
  case uploadMessage(String)
  /// `DELETE …/message/{messageIdentifier}`: Delete Message.
  case deleteMessage(String)
  /// `GET …/message/list`: Get Message List.
  case messageList
  /// `PUT …/default/{productId}/{locale}`: Configure Default Message.
  case configureDefault(productID: String, locale: String)
  /// `GET …/default/{productId}/{locale}`: Get Default Message.
  case getDefault(productID: String, locale: String)
  /// `DELETE …/default/{productId}/{locale}`: Delete Default Message.
  case deleteDefault(productID: String, locale: String)
  /// `PUT …/realtime/url`: Configure Realtime URL.
  case configureRealtimeURL
  /// `GET …/realtime/url`: Get Realtime URL.
  case getRealtimeURL
  /// `DELETE …/realtime/url`: Delete Realtime URL.
  case deleteRealtimeURL
  /// `POST …/performanceTest`: Initiate Performance Test.
  case initiatePerformanceTest
  /// `GET …/performanceTest/result/{requestId}`: Get Performance Test Results.
  case performanceTestResult(String)

  /// Matches the parts after `inApps/v1/messaging`.
  static func match(method: String, parts: ArraySlice<String>) -> APIRoute.Match {
    let parts = Array(parts)
    // Each path's routes by method; a known path with another method is 405.
    let byMethod: [String: RetentionRoute]
    switch parts.count {
    case 2 where parts[0] == "image":
      byMethod =
        parts[1] == "list"
        ? ["GET": .imageList]
        : ["PUT": .uploadImage(parts[1]), "DELETE": .deleteImage(parts[1])]
    case 2 where parts[0] == "message":
      byMethod =
        parts[1] == "list"
        ? ["GET": .messageList]
        : ["PUT": .uploadMessage(parts[1]), "DELETE": .deleteMessage(parts[1])]
    case 3 where parts[0] == "default":
      let (product, locale) = (parts[1], parts[2])
      byMethod = [
        "PUT": .configureDefault(productID: product, locale: locale),
        "GET": .getDefault(productID: product, locale: locale),
        "DELETE": .deleteDefault(productID: product, locale: locale),
      ]
    case 2 where parts[0] == "realtime" && parts[1] == "url":
      byMethod = [
        "PUT": .configureRealtimeURL, "GET": .getRealtimeURL, "DELETE": .deleteRealtimeURL,
      ]
    case 1 where parts[0] == "performanceTest":
      byMethod = ["POST": .initiatePerformanceTest]
    case 3 where parts[0] == "performanceTest" && parts[1] == "result":
      byMethod = ["GET": .performanceTestResult(parts[2])]
    default:
      return .unknownPath
    }
    guard let route = byMethod[method] else { return .wrongMethod }
    return .route(.messaging(route))
  }
}
