#!/usr/bin/env python3
"""A notification receiver for storeterm's tests: verifies each App Store Server Notification V2
posted to it with Apple's App Store Server Library, as a developer's server would.

Usage: notification-receiver.py --root ROOT.der --bundle-id ID --log LOG.jsonl [--environment
       Sandbox] [--fail-first] [--hold TYPE] [--port PORT]

Listens on 127.0.0.1 on PORT (by default one the system chooses) and prints `listening on PORT`
once ready.
Each POST body must be `{"signedPayload": "…"}`; the payload is checked with
`SignedDataVerifier.verify_and_decode_notification` (signature, chain to ROOT, bundle ID,
environment) and one JSON line is appended to LOG: the notification's type, subtype, UUID, the
verified transaction's ID, ownership type and offer type, and the status answered. A body that fails verification is logged
with `"error"` and answered 400. With --fail-first, the first post of each notification UUID is
answered 500 (so storeterm must retry it) and later ones 200. With --hold TYPE, the first post
of a notification of that type is logged with `"held": true` and never answered (the
connection is held for 60 seconds, then closed), so a test can kill the sender mid-delivery;
later posts of it are answered 200.
"""

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--environment", default="Sandbox")
    parser.add_argument("--fail-first", action="store_true")
    parser.add_argument("--hold")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    verifier = SignedDataVerifier(
        [open(options.root, "rb").read()], False, Environment(options.environment),
        options.bundle_id)
    seen = set()
    held = set()
    lock = threading.Lock()
    never = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            record = {}
            status = 200
            try:
                payload = json.loads(body)["signedPayload"]
                notification = verifier.verify_and_decode_notification(payload)
                record["type"] = notification.rawNotificationType
                record["subtype"] = notification.rawSubtype
                record["uuid"] = notification.notificationUUID
                data = notification.data
                if data is not None and data.signedTransactionInfo:
                    transaction = verifier.verify_and_decode_signed_transaction(
                        data.signedTransactionInfo)
                    record["transactionId"] = transaction.transactionId
                    record["ownership"] = transaction.rawInAppOwnershipType
                    record["offerType"] = transaction.rawOfferType
                if data is not None and data.signedRenewalInfo:
                    verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
                    record["status"] = data.rawStatus
                with lock:
                    hold = options.hold == record["type"] and not held
                    if hold:
                        held.add(record["uuid"])
                if hold:
                    record["held"] = True
                    record["answered"] = 0
                    with lock, open(options.log, "a") as log:
                        log.write(json.dumps(record) + "\n")
                    never.wait(60)
                    self.close_connection = True
                    return
                with lock:
                    if options.fail_first and record["uuid"] not in seen:
                        status = 500
                    seen.add(record["uuid"])
            except Exception as error:  # every failure is reported, never raised
                record["error"] = f"{type(error).__name__}: {error}"
                status = 400
            record["answered"] = status
            with lock, open(options.log, "a") as log:
                log.write(json.dumps(record) + "\n")
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
