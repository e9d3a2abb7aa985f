import Foundation
import StoreTermApp
import TerminalUI

/// Finds words cut outside table cells: each word of the sentences a screen must show has to
/// appear whole on it (wrapping breaks lines at spaces, so a wrapped sentence passes; a line
/// clipped at a frame or ended with `…` leaves a partial word and fails).
enum CutWords {
  /// The screen's words: text split at blanks and frame lines, without surrounding punctuation.
  static func tokens(_ screen: Screen) -> Set<String> {
    let separators = Set(" │┌┐└┘─▸↑↓·")
    var tokens: Set<String> = []
    for line in screen.lines {
      for token in line.split(whereSeparator: { separators.contains($0) }) {
        tokens.insert(trimmed(String(token)))
      }
    }
    return tokens
  }

  /// The words of `sentences` that `screen` does not show whole.
  static func missing(_ sentences: [String], on screen: Screen) -> [String] {
    let shown = tokens(screen)
    return sentences.flatMap { $0.split(separator: " ").map { trimmed(String($0)) } }
      .filter { !$0.isEmpty && !shown.contains($0) }
  }

  /// Words whose `…` is part of the text, not a cut: the last words of the messages for work
  /// under way, in every language.
  static let intended: Set<String> = Set(
    [
      "Purchasing…", "Loading products…", "Reading the outbox…", "Searching…",
      "Listing the first customers…", "Restoring purchases…", "Requesting a refund…",
      "Opening the Redeem Code sheet…",
    ].flatMap { key in
      ["en_US", "de_DE", "ja_JP", "fr_FR", "es_ES"].compactMap {
        UIText.text(key, $0).split(separator: " ").last.map(String.init)
      }
    })

  /// The words `screen` shows cut with `…` outside table cells, as `row N: word`.
  ///
  /// A line is split at frame characters; a piece with two blanks between words is table or
  /// list cells (truncation with a marker is allowed there), any other piece is a sentence and
  /// must not end in a cut word. Words drawn by `background` in the same cells (the screen under
  /// a sheet, cut by the sheet's edge) are not the top layer's and are skipped.
  static func cuts(on screen: Screen, over background: Screen? = nil) -> [String] {
    let frames = Set("│┌┐└┘─├┤")
    var found: [String] = []
    for y in 0..<screen.size.height {
      var piece: [(x: Int, character: Character)] = []
      func finish() {
        defer { piece = [] }
        let text = String(piece.map(\.character))
        guard !text.trimmingCharacters(in: .whitespaces).contains("  ") else { return }
        var start = 0
        while start < piece.count {
          guard piece[start].character != " " else {
            start += 1
            continue
          }
          var end = start
          while end < piece.count, piece[end].character != " " { end += 1 }
          let word = String(piece[start..<end].map(\.character))
          let fromBelow =
            background.map { below in
              piece[start..<end].allSatisfy { below[$0.x, y] == screen[$0.x, y] }
            } ?? false
          if word.contains("…"), !fromBelow, !intended.contains(word) {
            found.append("row \(y): \(word)")
          }
          start = end
        }
      }
      for x in 0..<screen.size.width {
        let cell = screen[x, y]
        if cell.isContinuation { continue }
        if frames.contains(cell.grapheme) { finish() } else { piece.append((x, cell.grapheme)) }
      }
      finish()
    }
    return found
  }

  private static func trimmed(_ word: String) -> String {
    word.trimmingCharacters(in: .init(charactersIn: ".,;:()'\"…"))
  }
}
