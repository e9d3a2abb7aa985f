import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import StoreTermTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `storeterm-bench fuzz`'s peers (issue 27): hostile HTTP requests to the App Store Server API
/// and hostile `storeterm import` files, over one ledger.
///
/// Each server case is raw bytes on a fresh loopback connection (half-closed after sending, so
/// a request that never ends is not waited on): a mutated valid request, an oversized path,
/// header or body, thousands of headers, control bytes, a broken chunked body, or a bad bearer
/// token (mutated, `alg: none`, empty, huge). An answer must be an HTTP status: a refusal (4xx,
/// or Apple's retryable 503), or 200 only for a `GET` that is still valid; never a 5xx other
/// than 503, a hang or a crash. Each import case is a file given to `storeterm import`: a
/// mutated Get Transaction History response, JSON arrays, many short lines, a huge line, deep
/// nesting, invalid UTF-8, over the 32 MB cap. A refusal must be one `storeterm:` sentence with
/// status 1 or 64. After every refused case the ledger (transactions, subscriptions, events,
/// imports) is unchanged. Scenario files are fuzzed by ``ScenarioFuzzBenchmark``.
struct PeerFuzzBenchmark {
  var serverCases: Int
  var importCases: Int
  var seed: UInt64 = 20_261_203

  func run() async throws -> Bool {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-peerfuzz-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let setup = try PeerFuzzSetup(directory: directory)
    defer { setup.server.stop() }
    var random = SeededGenerator(seed: seed)
    let server = try fuzzServer(setup, random: &random)
    let imports = try await fuzzImports(setup, directory: directory, random: &random)
    return server && imports
  }

  // MARK: - The server

  private func fuzzServer(_ setup: PeerFuzzSetup, random: inout SeededGenerator) throws -> Bool {
    var tally: [String: Int] = [:]
    var failures: [String] = []
    var closedKinds: [String: Int] = [:]
    let before = try setup.checksum()
    let started = Date()
    for index in 0..<serverCases {
      let (kind, request) = serverCase(index, setup, random: &random)
      let answer = RawExchange.send(request, port: setup.server.port)
      let verdict = Self.judge(answer, request: request)
      tally[verdict, default: 0] += 1
      if verdict.hasPrefix("closed") { closedKinds[kind, default: 0] += 1 }
      if verdict.hasPrefix("BAD"), failures.count < 5 {
        failures.append(
          "\(kind): \(verdict) for \(String(decoding: request.prefix(120), as: UTF8.self).debugDescription)"
        )
      }
    }
    let unchanged = try setup.checksum() == before
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz server: \(serverCases) hostile requests in \(String(format: "%.1f", seconds)) s: "
        + tally.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        + "; ledger " + (unchanged ? "unchanged" : "CHANGED"))
    if !closedKinds.isEmpty {
      print(
        "  closed without an answer, by case: "
          + closedKinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
          .joined(separator: ", "))
    }
    failures.forEach { print("  \($0)") }
    return unchanged && !tally.keys.contains { $0.hasPrefix("BAD") }
  }

  /// A verdict for one answer: `refused 4xx`, `shed 503`, `answered 200`, or `BAD …`.
  static func judge(_ answer: RawExchange.Answer, request: [UInt8]) -> String {
    guard let status = answer.status else {
      guard !answer.timedOut else { return "BAD no answer in 13 s" }
      return answer.seconds > 5
        ? "closed without an answer at the idle timeout" : "closed without an answer"
    }
    switch status {
    case 200..<300:
      // Only an unchanged, authorised GET may succeed; nothing here carries a valid token
      // and a data-changing method.
      return request.starts(with: Array("GET ".utf8)) ? "answered 2xx" : "BAD \(status) to a change"
    case 400..<500: return "refused 4xx"
    case 503: return "shed 503"
    default: return "BAD status \(status)"
    }
  }

  private func serverCase(
    _ index: Int, _ setup: PeerFuzzSetup, random: inout SeededGenerator
  ) -> (String, [UInt8]) {
    let token = setup.token
    let paths = [
      "/inApps/v2/history/\(setup.originalID)", "/inApps/v1/transactions/\(setup.originalID)",
      "/inApps/v1/subscriptions/\(setup.originalID)", "/inApps/v1/notifications/test",
    ]
    let path = paths.randomElement(using: &random)!
    func request(
      method: String = "GET", path: String = path, bearer: String? = token,
      headers: String = "", body: [UInt8] = []
    ) -> [UInt8] {
      var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
      head += headers
      if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
      return Array((head + "Connection: close\r\n\r\n").utf8) + body
    }
    let forged =
      Base64.urlEncode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "."
      + (token.split(separator: ".").dropFirst().first.map(String.init) ?? "") + "."
    switch index % 10 {
    case 0: return ("mutated request", Mutator.mutate(request(), using: &random))
    case 1:
      return (
        "mutated token",
        request(
          bearer: String(decoding: Mutator.mutate(Array(token.utf8), using: &random), as: UTF8.self)
        )
      )
    case 2:
      let size = [8_192, 65_536, 1_048_576].randomElement(using: &random)!
      return (
        "long path", request(path: "/inApps/v2/history/" + String(repeating: "9", count: size))
      )
    case 3:
      let size = [16_384, 1_048_576].randomElement(using: &random)!
      return (
        "huge header", request(headers: "X-Big: " + String(repeating: "a", count: size) + "\r\n")
      )
    case 4:
      let count = [500, 5_000].randomElement(using: &random)!
      return ("many headers", request(headers: (0..<count).map { "X-H\($0): v\r\n" }.joined()))
    case 5:
      let size = [65_536, 2_097_152, 8_388_608].randomElement(using: &random)!
      return (
        "huge body",
        request(
          method: ["PUT", "POST"].randomElement(using: &random)!,
          path: "/inApps/v1/transactions/consumption/\(setup.originalID)",
          headers: "Content-Type: application/json\r\n",
          body: Array(repeating: UInt8(ascii: "["), count: size))
      )
    case 6:
      let bearer = [forged, "", String(repeating: "A", count: 200_000), "a.b.c", token + token]
        .randomElement(using: &random)!
      return ("bad token", request(bearer: bearer))
    case 7:
      let control = ["\u{0}", "\u{1B}[2J", "\r", "\u{7F}", "\u{85}"].randomElement(using: &random)!
      return ("control bytes", request(path: path + control, headers: "X-C: a\(control)b\r\n"))
    case 8:
      let head =
        "PUT /inApps/v1/subscriptions/extend/\(setup.originalID) HTTP/1.1\r\nHost: x\r\n"
        + "Authorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
      let chunks = [
        "zz\r\nabc\r\n0\r\n\r\n", "FFFFFFFFFFFFFFFF\r\n", "5\r\nab\r\n0\r\n\r\n", "-1\r\n",
      ]
      return ("broken chunked body", Array((head + chunks.randomElement(using: &random)!).utf8))
    default:
      let garbage = (0..<Int.random(in: 1...4_096, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      return ("random bytes", garbage)
    }
  }

  // MARK: - Import files

  private func fuzzImports(
    _ setup: PeerFuzzSetup, directory: URL, random: inout SeededGenerator
  ) async throws -> Bool {
    var accepted = 0
    var refused = 0
    var bad: [String] = []
    let started = Date()
    let file = directory.appending(path: "import.json").path
    // Every command first recovers as an app launches (it finishes the setup's purchases): done
    // once here, so a refused import is compared with a ledger nothing else changes.
    _ = await runStoreTerm(["balances", "--db", setup.databasePath])
    for index in 0..<importCases {
      let (kind, bytes) = importCase(index, setup, random: &random)
      FileManager.default.createFile(atPath: file, contents: Data(bytes))
      let before = try setup.checksum()
      let run = await runStoreTerm([
        "import", file, "--root", setup.rootPath, "--db", setup.databasePath,
      ])
      if run.status == 0 {
        accepted += 1
        continue
      }
      refused += 1
      let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
      let oneSentence =
        run.standardError.hasPrefix("storeterm: ") && lines.count == 2 && lines[1].isEmpty
      let statusOK = run.status == 1 || run.status == 64
      let unchanged = try setup.checksum() == before
      if !oneSentence || !statusOK || !unchanged, bad.count < 5 {
        bad.append(
          "\(kind): status \(run.status), ledger \(unchanged ? "unchanged" : "CHANGED"), "
            + run.standardError.prefix(200).debugDescription)
      }
    }
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz import: \(importCases) hostile files in \(String(format: "%.1f", seconds)) s:"
        + " \(accepted) imported (as verified or unverified items), \(refused) refused,"
        + " \(bad.count) refusals not one sentence, or with another status, or a changed ledger")
    bad.forEach { print("  \($0)") }
    return bad.isEmpty
  }

  private func importCase(
    _ index: Int, _ setup: PeerFuzzSetup, random: inout SeededGenerator
  ) -> (String, [UInt8]) {
    let sample = setup.historyBody
    switch index % 8 {
    case 0: return ("mutated history", Mutator.mutate(sample, using: &random))
    case 1:
      let count = [1_000, 100_000].randomElement(using: &random)!
      return (
        "JSON array",
        Array(("[" + Array(repeating: "1", count: count).joined(separator: ",") + "]").utf8)
      )
    case 2:
      let count = [1_000, 20_000].randomElement(using: &random)!
      return ("short lines", Array(String(repeating: "x.y.z\n", count: count).utf8))
    case 3:
      return ("huge line", Array(repeating: UInt8(ascii: "a"), count: 4_000_000))
    case 4:
      let depth = [300, 100_000].randomElement(using: &random)!
      return (
        "deep nesting",
        Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
      )
    case 5:
      return ("invalid UTF-8", sample.prefix(40) + [0xFF, 0xFE, 0xC3, 0x28] + sample.dropFirst(40))
    case 6:
      return ("over the cap", Array(repeating: UInt8(ascii: " "), count: 33 * 1_048_576))
    default:
      return ("control characters", Array("\u{1B}]0;owned\u{7}\u{0}\u{1B}[2J\n".utf8) + sample)
    }
  }
}

/// The ledger, CA, server and samples the peer fuzzer shares.
struct PeerFuzzSetup {
  let databasePath: String
  let rootPath: String
  let server: HTTPServer
  let token: String
  let originalID: String
  let historyBody: [UInt8]
  let ledger: SQLiteLedger

  init(directory: URL) throws {
    databasePath = directory.appending(path: "ledger.sqlite").path
    rootPath = directory.appending(path: "root.der").path
    ledger = try SQLiteLedger(location: .file(databasePath))
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
    try RootCertificateExport.write(
      RootCertificateExport.export(authority.rootCertificate, format: .der), to: rootPath)
    let identity = SignedDataConfiguration()
    let clock = ManualClock(Date())
    let engine = StoreEngine(
      catalog: try BenchCatalog.demo(), session: StoreSession(), ledger: ledger,
      signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    guard
      case .success(let bought) = try engine.purchase(
        "dev.storeterm.demo.plus.monthly", customerID: Customer.defaultID)
    else { throw BenchmarkError("the fuzz ledger's purchase did not succeed") }
    _ = try engine.purchase("dev.storeterm.demo.lifetime", customerID: Customer.defaultID)
    originalID = bought.payload.originalTransactionId
    let key = try P256PrivateKey.generate()
    let stored = try ServerDirectory(ledger: ledger).addKey(
      keyID: "FUZZKEY001", publicKeyDER: try APIKeyFiles.publicKeyDER(key), date: Date(),
      makeIssuerID: { "57246542-96fe-1a63-e053-0824d011072a" })
    token = try ServerAPIToken.make(
      key: key, keyID: stored.keyID, issuerID: stored.issuerID, bundleID: identity.bundleId,
      now: Date())
    let api = AppStoreServerAPI(
      engine: engine, ledger: ledger, signer: authority.makeSigner(), clock: clock,
      identity: identity, realNow: { Date() })
    server = try HTTPServer(host: "127.0.0.1", port: 0, handler: api.handle)
    let answer = RawExchange.send(
      Array(
        ("GET /inApps/v2/history/\(originalID) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
          + "\(token)\r\nConnection: close\r\n\r\n").utf8), port: server.port)
    guard answer.status == 200 else {
      throw BenchmarkError("the fuzz server's history answered \(answer.status ?? 0)")
    }
    historyBody = answer.body
  }

  /// What a refused input must leave as it was.
  func checksum() throws -> [String] {
    try ledger.queue.read { db in
      try [
        "SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || total(finished) FROM transactions",
        "SELECT count(*) || ':' || coalesce(max(seq), 0) FROM events",
        "SELECT count(*) || ':' || coalesce(group_concat(state_json, '|'), '') FROM subscriptions",
        "SELECT count(*) || ':' || coalesce(max(id), 0) FROM imported_items",
      ].map { try db.fetchOne($0)?.get(String.self, at: 0) ?? "" }
    }
  }
}

/// One raw HTTP exchange on a fresh loopback connection, half-closed after the request.
enum RawExchange {
  struct Answer {
    var status: Int?
    var body: [UInt8]
    var timedOut: Bool
    /// How long the exchange took.
    var seconds: Double = 0
  }

  static func send(_ request: [UInt8], port: UInt16) -> Answer {
    let started = Date()
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return Answer(status: nil, body: [], timedOut: false) }
    defer { _ = Glibc.close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    // Past the server's 10 s idle timeout: a request it never saw the end of is closed then.
    var timeout = timeval(tv_sec: 13, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(
      descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return Answer(status: nil, body: [], timedOut: false) }
    var offset = 0
    while offset < request.count {
      let written = request[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      // The server may answer (413, 431) and close before reading everything.
      guard written > 0 else { break }
      offset += written
    }
    shutdown(descriptor, Int32(SHUT_WR))
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var timedOut = false
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count > 0 {
        data += buffer[0..<count]
      } else if count < 0, errno == EINTR {
        continue
      } else {
        timedOut = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        break
      }
    }
    let text = String(decoding: data.prefix(64), as: UTF8.self)
    let status =
      text.hasPrefix("HTTP/1.") ? Int(text.split(separator: " ").dropFirst().first ?? "") : nil
    var body: [UInt8] = []
    if let end = data.firstRange(of: Array("\r\n\r\n".utf8)) {
      body = Array(data[end.upperBound...])
    }
    return Answer(
      status: status, body: body, timedOut: timedOut && status == nil,
      seconds: Date().timeIntervalSince(started))
  }
}
