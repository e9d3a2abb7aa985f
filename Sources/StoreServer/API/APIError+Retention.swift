extension APIError {
  // The Retention Messaging API's errors, with Apple's codes
  // (https://developer.apple.com/documentation/retentionmessaging/error-codes).
  static let invalidImage = APIError(status: 400, code: 4_000_161, message: "Invalid image.")
  static let headerTooLong = APIError(status: 400, code: 4_000_162, message: "Header too long.")
  static let bodyTooLong = APIError(status: 400, code: 4_000_163, message: "Body too long.")
  static let invalidLocale = APIError(status: 400, code: 4_000_164, message: "Invalid locale.")
  static let altTextTooLong = APIError(
    status: 400, code: 4_000_175, message: "Alt text too long.")
  static let invalidPerformanceTestRequest = APIError(
    status: 400, code: 4_000_211, message: "Invalid performance test request.")
  static let invalidRequestID = APIError(
    status: 400, code: 4_000_212, message: "Invalid request id.")
  static let existingPerformanceTestRun = APIError(
    status: 400, code: 4_000_213, message: "A performance test is already running.")
  static let badRequestRealtimeURL = APIError(
    status: 400, code: 4_000_215, message: "Invalid realtime URL.")
  static let badRequestImageSize = APIError(
    status: 400, code: 4_000_216, message: "Invalid image size.")
  static let tooManyBulletPoints = APIError(
    status: 400, code: 4_000_218, message: "Too many bullet points.")
  static let bulletPointTextTooLong = APIError(
    status: 400, code: 4_000_219, message: "Bullet point text too long.")
  static let aboveImageRequiresImage = APIError(
    status: 400, code: 4_000_224,
    message: "The header can be above the image only when the message has an image.")
  static let maximumImagesReached = APIError(
    status: 403, code: 4_030_014, message: "Maximum number of images reached.")
  static let maximumMessagesReached = APIError(
    status: 403, code: 4_030_016, message: "Maximum number of messages reached.")
  static let messageNotApproved = APIError(
    status: 403, code: 4_030_017, message: "Message not approved.")
  static let imageNotApproved = APIError(
    status: 403, code: 4_030_018, message: "Image not approved.")
  static let imageInUse = APIError(status: 403, code: 4_030_019, message: "Image in use.")
  static let imageNotFound = APIError(status: 404, code: 4_040_014, message: "Image not found.")
  static let messageNotFound = APIError(
    status: 404, code: 4_040_015, message: "Message not found.")
  static let performanceTestNotFound = APIError(
    status: 404, code: 4_040_018, message: "Performance test run not found.")
  static let defaultMessageNotFound = APIError(
    status: 404, code: 4_040_020, message: "Default message not found.")
  static let realtimeURLNotFound = APIError(
    status: 404, code: 4_040_021, message: "Realtime URL not found.")
  static let imageAlreadyExists = APIError(
    status: 409, code: 4_090_000, message: "Image already exists.")
  static let messageAlreadyExists = APIError(
    status: 409, code: 4_090_001, message: "Message already exists.")
}
