import StoreTermTestSupport

extension TmuxSession {
  /// A session whose `t` runs `storeterm-tui-check`.
  convenience init(width: Int, height: Int, term: String, lang: String = "C.UTF-8") throws {
    try self.init(
      width: width, height: height, term: term, lang: lang, program: "storeterm-tui-check")
  }
}
