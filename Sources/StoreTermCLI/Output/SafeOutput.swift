import TerminalUI

/// The edge where text meets standard output and standard error: every command prints through
/// it, so no command can send a control, escape sequence or bidi control raw.
///
/// Text keeps the newlines and tabs the commands lay out with; anything else unsafe, from a
/// catalog, imported App Store data or the command line, is written as `\u{1B}`. JSON output
/// escapes the same characters the JSON way (`\u001b`), which only ever occur inside strings,
/// so the document decodes to exactly the same values.
struct SafeOutput: TextOutput {
  /// The writer underneath.
  let base: any TextOutput
  /// Whether standard output carries JSON (`--json`).
  let json: Bool

  func write(_ text: String) {
    base.write(TerminalSafeText.escaped(text, style: json ? .json : .visible))
  }

  func writeError(_ text: String) {
    base.writeError(TerminalSafeText.escaped(text))
  }

  /// Bytes are a DER certificate asked for on purpose; they pass as they are.
  func write(bytes: [UInt8]) { base.write(bytes: bytes) }

  func readStandardInput() -> [UInt8] { base.readStandardInput() }
}
