import Foundation
import StoreCore
import StorePersistence
import Synchronization

/// A Retention Messaging performance test, run as the App Store runs one.
///
/// ``totalRequests`` signed requests go to the Get Retention Message endpoint, at most
/// ``maxConcurrentRequests`` at a time, each a success when it answers 200 with a usable choice
/// within ``responseTimeThreshold`` milliseconds; the test passes at ``successRateThreshold``
/// percent. The result is stored as Apple's `PerformanceTestResultResponse`.
struct PerformanceTest: Sendable {
  static let maxConcurrentRequests = 5
  static let totalRequests = 50
  /// Apple: the endpoint must answer within about 700 ms.
  static let responseTimeThreshold = 700
  static let successRateThreshold = 90
  /// The longest the test can take: every round of concurrent requests at the threshold.
  static let totalDuration = totalRequests / maxConcurrentRequests * responseTimeThreshold

  /// Apple's `PerformanceTestConfig`.
  static var config: JSONValue {
    .object([
      JSONMember("maxConcurrentRequests", .integer(maxConcurrentRequests)),
      JSONMember("totalRequests", .integer(totalRequests)),
      JSONMember("totalDuration", .integer(totalDuration)),
      JSONMember("responseTimeThreshold", .integer(responseTimeThreshold)),
      JSONMember("successRateThreshold", .integer(successRateThreshold)),
    ])
  }

  let callout: RetentionCallout
  let realNow: @Sendable () -> Date

  /// The tests this process is running: a pending test not among them was cut short (its
  /// server stopped) and is ended as failed before another may start.
  static let running = Mutex<Set<String>>([])

  /// Ends the app's pending tests that no process of this server is running any more: `FAIL`,
  /// with every request still pending.
  static func endAbandoned(in store: any RetentionConfigurationStore) throws {
    for requestID in try store.pendingPerformanceTests()
    where !running.withLock({ $0.contains(requestID) }) {
      guard let test = try store.performanceTest(requestID: requestID) else { continue }
      var abandoned = result([], target: test.target)
      if case .object(var members) = abandoned,
        let index = members.firstIndex(where: { $0.key == "numPending" })
      {
        members[index] = JSONMember("numPending", .integer(totalRequests))
        abandoned = .object(members)
      }
      try store.finishPerformanceTest(requestID: requestID, resultJSON: abandoned.compactText)
    }
  }

  /// Runs the test and stores its result under `requestID`.
  func run(requestID: String, url: URL, originalTransactionID: UInt64, productID: String) async {
    defer { _ = Self.running.withLock { $0.remove(requestID) } }
    var outcomes: [(milliseconds: Int, result: String)] = []
    var sent = 0
    while sent < Self.totalRequests {
      let batch = min(Self.maxConcurrentRequests, Self.totalRequests - sent)
      sent += batch
      let round = await withTaskGroup(of: (Int, String).self) { group in
        for _ in 0..<batch {
          group.addTask {
            let start = realNow()
            let exchange = await callout.call(
              url, originalTransactionID: originalTransactionID, productID: productID,
              locale: "en-US")
            let elapsed = Int((realNow().timeIntervalSince(start) * 1000).rounded())
            let late = elapsed > Self.responseTimeThreshold && exchange.result == "SUCCESS"
            return (elapsed, late ? "TIMED_OUT" : exchange.result)
          }
        }
        var results: [(Int, String)] = []
        for await result in group { results.append(result) }
        return results
      }
      outcomes += round.map { (milliseconds: $0.0, result: $0.1) }
    }
    try? callout.store.finishPerformanceTest(
      requestID: requestID,
      resultJSON: Self.result(outcomes, target: url.absoluteString).compactText)
  }

  /// Apple's `PerformanceTestResultResponse` for the outcomes.
  static func result(_ outcomes: [(milliseconds: Int, result: String)], target: String)
    -> JSONValue
  {
    let successes = outcomes.filter { $0.result == "SUCCESS" }.count
    let rate = outcomes.isEmpty ? 0 : successes * 100 / outcomes.count
    let times = outcomes.map(\.milliseconds).sorted()
    func percentile(_ p: Int) -> Int {
      guard !times.isEmpty else { return 0 }
      // Nearest rank.
      let rank = max(1, (p * times.count + 99) / 100)
      return times[min(rank, times.count) - 1]
    }
    var failures: [String: Int] = [:]
    for outcome in outcomes where outcome.result != "SUCCESS" {
      failures[outcome.result, default: 0] += 1
    }
    return .object([
      JSONMember("config", config),
      JSONMember("target", .string(target)),
      JSONMember("result", .string(rate >= successRateThreshold ? "PASS" : "FAIL")),
      JSONMember("successRate", .integer(rate)),
      JSONMember("numPending", .integer(0)),
      JSONMember(
        "responseTimes",
        .object([
          JSONMember("average", .integer(times.isEmpty ? 0 : times.reduce(0, +) / times.count)),
          JSONMember("p50", .integer(percentile(50))),
          JSONMember("p90", .integer(percentile(90))),
          JSONMember("p95", .integer(percentile(95))),
          JSONMember("p99", .integer(percentile(99))),
        ])),
      JSONMember(
        "failures",
        .object(failures.keys.sorted().map { JSONMember($0, .integer(failures[$0] ?? 0)) })),
    ])
  }
}
