import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange with bounds, for every client storeterm runs (`import --server`, webhook
/// delivery): no redirect is followed, the body is capped, and the whole exchange has a deadline.
///
/// A redirect's target would receive the request's `Authorization` header (libcurl forwards it)
/// or an empty POST; a peer answering forever, streaming without end or dripping a byte a second
/// held storeterm as long as it liked. `URLRequest.timeoutInterval` is an idle timeout (each byte
/// resets it), so the deadline here is a timer that cancels the task. The session has a task
/// delegate because only then does Foundation ask before following a redirect.
public enum BoundedHTTP {
  /// What came back: the status and the body (a 3xx comes back as it is, never followed).
  public struct Answer: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body, at most the limit asked for.
    public var body: [UInt8]
  }

  /// Why there is no answer.
  public enum Failure: Error, Sendable, Equatable {
    /// The body passed `limit` bytes.
    case tooLarge(limit: Int)
    /// The exchange passed its deadline (seconds).
    case deadline(TimeInterval)
    /// The transport failed (no connection, connection lost …).
    case transport(URLError.Code)
  }

  /// Sends `request` and returns its answer, within `deadline` seconds and `bodyLimit` bytes.
  public static func send(
    _ request: URLRequest, bodyLimit: Int, deadline: TimeInterval
  ) async throws(Failure) -> Answer {
    // One session per exchange (its delegate is the exchange), so the connection closes with
    // it: a kept-alive connection would outlive the session and, a hundred exchanges later,
    // fill the peer's connection table.
    var request = request
    request.setValue("close", forHTTPHeaderField: "Connection")
    let exchange = Exchange(bodyLimit: bodyLimit, deadline: deadline)
    let result = await withCheckedContinuation { continuation in
      exchange.start(request, continuation)
    }
    return try result.get()
  }
}

/// The delegate of one exchange: collects the body, refuses redirects, ends at the deadline.
private final class Exchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  typealias Outcome = Result<BoundedHTTP.Answer, BoundedHTTP.Failure>

  private struct State {
    var body: [UInt8] = []
    var failure: BoundedHTTP.Failure?
    var continuation: CheckedContinuation<Outcome, Never>?
  }

  private let bodyLimit: Int
  private let deadline: TimeInterval
  private let state = Mutex(State())

  init(bodyLimit: Int, deadline: TimeInterval) {
    self.bodyLimit = bodyLimit
    self.deadline = deadline
  }

  func start(_ request: URLRequest, _ continuation: CheckedContinuation<Outcome, Never>) {
    state.withLock { $0.continuation = continuation }
    let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
    let task = session.dataTask(with: request)
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [self] in
      let pending = state.withLock { state in
        guard state.continuation != nil, state.failure == nil else { return false }
        state.failure = .deadline(deadline)
        return true
      }
      if pending { task.cancel() }
    }
    task.resume()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // nil: the redirect itself is the answer.
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = state.withLock { state in
      guard state.failure == nil else { return false }
      if state.body.count + data.count > bodyLimit {
        state.failure = .tooLarge(limit: bodyLimit)
        return true
      }
      state.body += data
      return false
    }
    if over { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let status = (task.response as? HTTPURLResponse)?.statusCode
    let (continuation, outcome): (CheckedContinuation<Outcome, Never>?, Outcome) = state.withLock {
      state in
      let outcome: Outcome
      if let failure = state.failure {
        outcome = .failure(failure)
      } else if let error = error as? URLError {
        outcome = .failure(.transport(error.code))
      } else if error != nil {
        outcome = .failure(.transport(.unknown))
      } else if let status {
        outcome = .success(BoundedHTTP.Answer(status: status, body: state.body))
      } else {
        outcome = .failure(.transport(.badServerResponse))
      }
      defer { state.continuation = nil }
      return (state.continuation, outcome)
    }
    session.finishTasksAndInvalidate()
    continuation?.resume(returning: outcome)
  }
}
