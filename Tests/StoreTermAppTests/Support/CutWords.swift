import Foundation
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

  private static func trimmed(_ word: String) -> String {
    word.trimmingCharacters(in: .init(charactersIn: ".,;:()'\"…"))
  }
}
