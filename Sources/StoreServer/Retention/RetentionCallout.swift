import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// The App Store's side of real-time retention messaging: when a customer is about to turn
/// auto-renew off, it POSTs a signed `RealtimeRequestBody` to the developer's Get Retention
/// Message endpoint and shows what the answer chooses; when there is no endpoint, or it fails,
/// times out or chooses something unusable, it shows the default message for the product and
/// locale, if one is configured.
///
/// Every exchange goes through `BoundedHTTP`: no redirect followed, at most
/// ``answerLimit`` bytes read, ``deadline`` seconds in all.
public struct RetentionCallout: Sendable {
  /// The app's retention configuration.
  public let store: any RetentionConfigurationStore
  let signer: any Signer
  let clock: any StoreClock
  let ids: any IdentifierGenerator
  let catalog: ProductCatalog
  let appAppleID: Int64
  /// How long the endpoint has to answer, in real seconds: the response time Apple's
  /// performance test asks for (about 700 ms).
  public var deadline: TimeInterval
  /// Bytes of the endpoint's answer read at most (a `RealtimeResponseBody` is a few hundred).
  public static let answerLimit = 16 * 1024
  /// The deadline Apple documents for passing the performance test.
  public static let standardDeadline: TimeInterval = 0.7

  /// Calls out for `store`'s app, signing with `signer` at `clock`'s time.
  public init(
    store: any RetentionConfigurationStore, signer: any Signer, clock: any StoreClock,
    catalog: ProductCatalog,
    ids: any IdentifierGenerator = RandomIdentifiers(), appAppleID: Int64 = 0,
    deadline: TimeInterval = RetentionCallout.standardDeadline
  ) {
    self.store = store
    self.signer = signer
    self.clock = clock
    self.ids = ids
    self.catalog = catalog
    self.appAppleID = appAppleID
    self.deadline = deadline
  }

  /// One exchange with the endpoint.
  public struct Exchange: Sendable {
    /// The HTTP status, nil without an answer.
    public var status: Int?
    /// Apple's `sendAttemptResult` for it (`SUCCESS` for a 200 whose body chose something
    /// usable).
    public var result: String
    /// What the answer chose, when usable.
    public var offer: RetentionOffer?
  }

  /// What the customer sees for subscription `originalTransactionID` (`productID`) in
  /// `locale`: the endpoint's choice, else the default message, else nothing.
  public func offer(originalTransactionID: UInt64, productID: String, locale: String) async
    -> RetentionOffer?
  {
    if let text = try? store.realtimeURL(), let url = URL(string: text) {
      let exchange = await call(
        url, originalTransactionID: originalTransactionID, productID: productID, locale: locale)
      if let offer = exchange.offer { return offer }
    }
    return defaultOffer(productID: productID, locale: locale)
  }

  /// The default message of `productID` in `locale` (`en-US` and `en_US` name the same).
  public func defaultOffer(productID: String, locale: String) -> RetentionOffer? {
    let spellings = [
      locale, locale.replacingOccurrences(of: "_", with: "-"),
      locale.replacingOccurrences(of: "-", with: "_"),
    ]
    for spelling in spellings {
      guard let id = try? store.defaultMessageID(productID: productID, locale: spelling),
        let record = try? store.message(id: id), record.state == "APPROVED"
      else { continue }
      return RetentionOffer(
        messageIdentifier: id, message: record.message, proposal: .message,
        source: .defaultMessage)
    }
    return nil
  }

  /// POSTs one signed request to `url` and reads the answer.
  public func call(
    _ url: URL, originalTransactionID: UInt64, productID: String, locale: String
  ) async -> Exchange {
    // Sent as a BCP 47 tag (`en-US`), the form the default messages' paths take.
    let body = DecodedRealtimeRequestBody(
      originalTransactionId: String(originalTransactionID), appAppleId: appAppleID,
      productId: productID, userLocale: locale.replacingOccurrences(of: "_", with: "-"),
      requestIdentifier: ids.makeUUID(),
      signedDate: clock.now().epochMilliseconds, environment: store.identity.environment)
    guard let signed = try? signer.sign(body) else {
      return Exchange(status: nil, result: "OTHER", offer: nil)
    }
    let request = BoundedHTTP.Request(
      url: url, method: "POST", headers: [("Content-Type", "application/json")],
      body: Array(JSONValue.object([JSONMember("signedPayload", .string(signed))]).compactText.utf8)
    )
    do throws(BoundedHTTP.Failure) {
      let answer = try await BoundedHTTP.send(
        request, bodyLimit: Self.answerLimit, deadline: deadline)
      guard answer.status == 200 else {
        return Exchange(status: answer.status, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
      }
      guard let value = try? JSONParser.parse(answer.body),
        let offer = choice(value, productID: productID)
      else { return Exchange(status: 200, result: "INVALID_RESPONSE", offer: nil) }
      return Exchange(status: 200, result: "SUCCESS", offer: offer)
    } catch {
      switch error {
      case .transport(let code):
        return Exchange(status: nil, result: NotificationPoster.result(code))
      case .deadline: return Exchange(status: nil, result: "TIMED_OUT")
      case .tooLarge: return Exchange(status: nil, result: "INVALID_RESPONSE")
      }
    }
  }

  /// What a `RealtimeResponseBody` chooses, if usable: exactly one of `message`,
  /// `alternateProduct` or `promotionalOffer`, naming an approved message (text only for the
  /// last two), an auto-renewable subscription of the same group, or a promotional offer of
  /// the subscription.
  public func choice(_ value: JSONValue, productID: String) -> RetentionOffer? {
    let present = ["message", "alternateProduct", "promotionalOffer", "advancedCommerceInfo"]
      .filter { value[$0] != nil && value[$0] != .null }
    guard present.count == 1, let key = present.first, let object = value[key],
      case .string(let idText) = object["messageIdentifier"],
      let uuid = UUID(uuidString: idText),
      let record = try? store.message(id: uuid.uuidString.lowercased()),
      record.state == "APPROVED"
    else { return nil }
    let message = record.message
    let imageIDs =
      [message.image?.imageIdentifier].compactMap { $0 }
      + message.bulletPoints.map(\.image.imageIdentifier)
    let textOnly = imageIDs.isEmpty
    guard imageIDs.allSatisfy({ (try? store.image(id: $0))?.state == "APPROVED" }) else {
      return nil
    }
    let group = catalog.product(id: productID)?.subscription?.subscriptionGroupID
    let proposal: RetentionOffer.Proposal
    switch key {
    case "message":
      proposal = .message
    case "alternateProduct":
      guard textOnly, case .string(let other) = object["productId"], other != productID,
        let product = catalog.product(id: other), product.type == .autoRenewable,
        product.subscription?.subscriptionGroupID == group
      else { return nil }
      var plan: String?
      if case .string(let text) = object["billingPlanType"] { plan = text }
      proposal = .alternateProduct(productID: other, billingPlanType: plan)
    case "promotionalOffer":
      guard textOnly, let signed = Self.promotionalOffer(object, productID: productID),
        let product = catalog.product(id: signed.productID),
        product.subscription?.subscriptionGroupID == group,
        product.subscription?.promotionalOffers.contains(where: { $0.id == signed.offerID })
          == true
      else { return nil }
      proposal = .promotionalOffer(productID: signed.productID, offerID: signed.offerID)
    default:
      // advancedCommerceInfo: Advanced Commerce is not simulated; the default message shows.
      return nil
    }
    return RetentionOffer(
      messageIdentifier: record.id, message: message, proposal: proposal, source: .realtime)
  }

  /// The product and offer a `promotionalOffer` names: `promotionalOfferSignatureV1`'s
  /// `productId` and `offerIdentifier`, or the claims of `promotionalOfferSignatureV2` (a
  /// compact JWS; as StoreKit's purchase option in storeterm, its signature is not checked
  /// against the developer's key, which storeterm does not have).
  static func promotionalOffer(_ object: JSONValue, productID: String)
    -> (productID: String, offerID: String)?
  {
    if case .string(let jws) = object["promotionalOfferSignatureV2"] {
      let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, jws.utf8.count <= 16 * 1024,
        let bytes = Base64.urlDecode(Array(parts[1].utf8)),
        let claims = try? JSONParser.parse(bytes),
        case .string(let offer) = claims["offerIdentifier"]
      else { return nil }
      var product = productID
      if case .string(let named) = claims["productId"] { product = named }
      return (product, offer)
    }
    if let v1 = object["promotionalOfferSignatureV1"],
      case .string(let product) = v1["productId"],
      case .string(let offer) = v1["offerIdentifier"]
    {
      return (product, offer)
    }
    return nil
  }
}
