import StoreCore
import StoreServer
import Synchronization

/// A webhook on loopback for `storeterm serve --notify`: every body it is posted, answered 200.
public final class RecordingWebhook: Sendable {
  /// The listening server (stop it when done).
  public let server: HTTPServer
  private let received = PostedBodies()

  /// Listens on an ephemeral loopback port.
  public init() throws {
    let received = self.received
    server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      received.bodies.withLock { $0.append(request.body) }
      return .empty(status: 200)
    }
  }

  /// The URL to hand to `--notify`.
  public var url: String { "http://127.0.0.1:\(server.port)/notifications" }

  /// The `signedPayload` of every post, in arrival order (empty for a body without one).
  public var payloads: [String] {
    received.bodies.withLock { $0 }.map { body in
      guard case .string(let payload)? = (try? JSONParser.parse(body))?["signedPayload"] else {
        return ""
      }
      return payload
    }
  }
}

/// What the webhook was posted, shared with its handler (a class: the lock cannot be copied
/// into the handler's closure).
private final class PostedBodies: Sendable {
  let bodies = Mutex<[[UInt8]]>([])
}
