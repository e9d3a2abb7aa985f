import Foundation
import TerminalUI

/// The Notifications screen's inspector (`Enter`): the notification's identity, each URL with
/// its delivery state, then the decoded JWS payload pretty-printed, made terminal-safe and
/// wrapped to the panel, scrollable.
enum NotificationInspector {
  /// The inspector's lines at `width` columns, or none without a selection.
  static func lines(_ state: AppState, width: Int) -> [(String, StyleRole)] {
    guard let row = NotificationsScreen.selected(state) else { return [] }
    let snapshot = state.snapshot
    let width = max(10, width)
    var lines: [(String, StyleRole)] = [
      (row.name, .title),
      ("notificationUUID  " + row.id.uuidString.lowercased(), .normal),
      (snapshot.localized("signed %@", DateText.minute(row.signedDate)), .normal),
    ]
    if let id = row.transactionID {
      lines.append((snapshot.localized("transaction %@", String(id)), .normal))
    }
    if row.deliveries.isEmpty {
      lines.append((snapshot.localized("no URL"), .dim))
    }
    for delivery in row.deliveries {
      let text =
        "\(delivery.url): "
        + NotificationsScreen.delivery(delivery.state, snapshot: snapshot) + " · "
        + snapshot.localized("%@ attempts", String(delivery.attempts))
      for line in TextWrap.lines(TerminalSafeText.escaped(text), width: width) {
        lines.append((line, .normal))
      }
    }
    lines.append(("", .normal))
    lines.append((snapshot.localized("Payload"), .title))
    // The payload is untrusted text from the ledger: escaped before it meets the terminal.
    for line in row.payloadJSON.split(separator: "\n", omittingEmptySubsequences: false) {
      // Wrapped under its own indentation, so the JSON's nesting stays readable.
      let text = TerminalSafeText.escaped(String(line))
      let indent = String(text.prefix { $0 == " " }.prefix(width / 2))
      for piece in TextWrap.lines(String(text.dropFirst(indent.count)), width: width - indent.count)
      {
        lines.append((indent + piece, .normal))
      }
    }
    return lines
  }

  /// Paints the inspector over the whole body.
  static func render(_ state: AppState, in canvas: inout Canvas) {
    let inside = canvas.panel(
      canvas.bounds, title: state.snapshot.localized("Notification"), focused: true)
    let lines = lines(state, width: inside.width - 2)
    let visible = lines.dropFirst(state.notifications.inspectorScroll).prefix(inside.height)
    for (offset, line) in visible.enumerated() {
      canvas.text(line.0, at: Point(x: inside.minX + 1, y: inside.minY + offset), role: line.1)
    }
  }
}
