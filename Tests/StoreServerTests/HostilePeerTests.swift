import Foundation
import StoreCore
import StoreServer
import StoreTermTestSupport
import Synchronization
import Testing

/// Issue 27, items 4 and 5: storeterm's network clients against hostile peers on loopback.
///
/// A redirect is never followed (so a key's token never leaves for its target), and answers
/// are bounded in pages, bytes and time.
@Suite struct HostilePeerTests {
  /// A JWS-shaped item (`{"transactionId":"1"}`), enough to make a page App Store data.
  static let unsignedToken = "eyJhbGciOiJFUzI1NiJ9.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2lnbmF0dXJl"

  /// A peer answering every request with `answer`, counting the requests it got.
  final class Peer: Sendable {
    /// How many requests arrived.
    final class Count: Sendable { let value = Atomic<Int>(0) }
    private let count: Count
    let server: HTTPServer

    init(_ answer: @escaping @Sendable (Int) -> HTTPResponse) throws {
      let count = Count()
      self.count = count
      server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
        answer(count.value.add(1, ordering: .sequentiallyConsistent).newValue)
      }
    }

    var requests: Int { count.value.load(ordering: .sequentiallyConsistent) }
    var url: String { "http://127.0.0.1:\(server.port)" }
  }

  /// A key and root certificate for `import --server`, and the arguments naming them.
  private func importArguments(server: String) async throws -> (db: String, words: [String]) {
    let folder = try TestPaths.temporaryDirectory()
    let source = folder.appending(path: "source.sqlite").path
    let key = folder.appending(path: "key.p8").path
    let root = folder.appending(path: "root.pem").path
    let created = await runStoreTerm([
      "--db", source, "--json", "server-keys", "create", "--out", key,
    ])
    let json = try JSONParser.parse(created.standardOutput)
    #expect(await runStoreTerm(["cert", "--out", root, "--db", source]).status == 0)
    let db = folder.appending(path: "target.sqlite").path
    return (
      db,
      [
        "--db", db, "--environment", "Sandbox", "import", "--server", server, "--key", key,
        "--key-id", json["keyId"]?.string ?? "", "--issuer-id", json["issuerId"]?.string ?? "",
        "--root", root, "1",
      ]
    )
  }

  @Test func importNeverFollowsARedirectWithItsToken() async throws {
    let elsewhere = try Peer { _ in .json(.object([JSONMember("hasMore", .bool(false))])) }
    let target = elsewhere.url
    let redirecting = try Peer { _ in
      var response = HTTPResponse.empty(status: 302)
      response.headers["Location"] = target + "/inApps/v2/history/1"
      return response
    }
    let (db, words) = try await importArguments(server: redirecting.url)
    let run = await runStoreTerm(words)
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "storeterm: \(redirecting.url): answered 302, a redirect, which storeterm never follows"
        + " with a key's token\n")
    #expect(redirecting.requests == 1)
    #expect(elsewhere.requests == 0)
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test func importStopsAtAThousandPages() async throws {
    let endless = try Peer { count in
      .json(
        .object([
          JSONMember("signedTransactions", .array([.string(Self.unsignedToken)])),
          JSONMember("hasMore", .bool(true)),
          JSONMember("revision", .string("r\(count)")),
        ]))
    }
    let (db, words) = try await importArguments(server: endless.url)
    let run = await runStoreTerm(words)
    #expect(run.status == 1)
    #expect(
      run.standardError == "storeterm: \(endless.url): the history has more than 1000 pages\n")
    #expect(endless.requests == 1000)
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test func importRefusesAnAnswerLargerThanFourMegabytes() async throws {
    let large = try Peer { _ in
      HTTPResponse(
        status: 200, contentType: "application/json",
        body: Array(repeating: UInt8(ascii: " "), count: 5 * 1_048_576))
    }
    let (_, words) = try await importArguments(server: large.url)
    let run = await runStoreTerm(words)
    #expect(run.status == 1)
    #expect(run.standardError == "storeterm: \(large.url): an answer is larger than 4 MB\n")
  }

  @Test func anAnswerThatNeverEndsMeetsTheDeadline() async throws {
    let release = DispatchSemaphore(value: 0)
    let held = try Peer { _ in
      release.wait()
      return .empty(status: 200)
    }
    let request = BoundedHTTP.Request(url: URL(string: held.url + "/slow")!)
    do {
      _ = try await BoundedHTTP.send(request, bodyLimit: 1024, deadline: 0.5)
      Issue.record("answered")
    } catch {
      #expect(error == .deadline(0.5))
    }
    release.signal()
  }

  @Test func aWebhookRedirectIsAFailedAttemptAndNothingReachesItsTarget() async throws {
    let elsewhere = try Peer { _ in .empty(status: 200) }
    let target = elsewhere.url
    let redirecting = try Peer { _ in
      var response = HTTPResponse.empty(status: 307)
      response.headers["Location"] = target + "/elsewhere"
      return response
    }
    let answer = await NotificationPoster().post(
      "payload", to: URL(string: redirecting.url + "/notifications")!)
    #expect(answer.status == 307)
    #expect(answer.result == "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    #expect(elsewhere.requests == 0)
  }
}
