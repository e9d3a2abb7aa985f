#!/usr/bin/env python3
"""A developer's backend for storeterm's tests, built only on Apple's App Store Server Library:
it receives App Store Server Notifications V2, answers a consumption request through the App
Store Server API, ignores a notification it already handled, and recovers what it missed
through Get Notification History.

Usage: reference-backend.py --root ROOT.der --bundle-id ID --log LOG.jsonl --key KEY.p8
       --key-id KID --issuer-id ISSUER --base-url-file FILE [--consumption ANSWERS.json]
       [--environment Sandbox] [--port PORT]

Listens on 127.0.0.1 on PORT (by default one the system chooses) and prints `listening on PORT`
once ready. The App Store Server API's base URL is read from FILE when first needed (the test
starts storeterm after the backend, since storeterm needs the backend's URL).

POST (any path), body `{"signedPayload": "…"}`: verified with `SignedDataVerifier`; one JSON
line is appended to LOG with the type, subtype, UUID, whether the UUID was seen before
(`"duplicate": true`, answered 200 and not handled again), the verified transaction's ID,
`revocationType`, `revocationPercentage`, whether it has a `revocationDate`, the data's
`consumptionRequestReason` and status. For a CONSUMPTION_REQUEST whose transaction ID is a key of
ANSWERS (`{"ID": {"version": 1 or 2, "body": {…}}}`), the body is sent with Apple's client
(`send_consumption_data` for version 1, `send_consumption_information` for 2) before answering,
and the outcome is logged as `"consumptionSent"` (`"ok"` or the API error code).

POST /recover with `{"startDate": ms, "endDate": ms}`: pages through Get Notification History
with Apple's client and handles (and logs, `"recovered": true`) every notification whose UUID
was not seen; answers `{"recovered": n}`.
"""

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:
    from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
    from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
except ImportError as error:
    print(f"reference-backend: Apple's App Store Server Library is missing ({error})", file=sys.stderr)
    sys.exit(2)


def make_client(options, environment):
    """Apple's client; only its base URL is storeterm's (read from the file the test wrote)."""
    base_url = open(options.base_url_file).read().strip().rstrip("/")
    client = AppStoreServerAPIClient(
        open(options.key, "rb").read(), options.key_id, options.issuer_id, options.bundle_id,
        environment)
    client._base_url = base_url
    return client


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ["--root", "--bundle-id", "--log", "--key", "--key-id", "--issuer-id",
                 "--base-url-file"]:
        parser.add_argument(name, required=True)
    parser.add_argument("--consumption")
    parser.add_argument("--environment", default="Sandbox")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    environment = Environment(options.environment)
    verifier = SignedDataVerifier(
        [open(options.root, "rb").read()], False, environment, options.bundle_id)
    answers = json.load(open(options.consumption)) if options.consumption else {}
    seen = set()
    lock = threading.Lock()
    clients = []

    def client():
        with lock:
            if not clients:
                clients.append(make_client(options, environment))
            return clients[0]

    def log(record):
        with lock, open(options.log, "a") as file:
            file.write(json.dumps(record) + "\n")

    def handle(signed_payload, recovered=False):
        """Verifies and handles one notification; returns its log record."""
        notification = verifier.verify_and_decode_notification(signed_payload)
        record = {
            "type": notification.rawNotificationType,
            "subtype": notification.rawSubtype,
            "uuid": notification.notificationUUID,
        }
        if recovered:
            record["recovered"] = True
        with lock:
            duplicate = notification.notificationUUID in seen
            seen.add(notification.notificationUUID)
        if duplicate:
            record["duplicate"] = True
            return record
        data = notification.data
        if data is not None:
            if data.rawConsumptionRequestReason:
                record["consumptionRequestReason"] = data.rawConsumptionRequestReason
            if data.signedTransactionInfo:
                transaction = verifier.verify_and_decode_signed_transaction(
                    data.signedTransactionInfo)
                record["transactionId"] = transaction.transactionId
                record["revocationType"] = transaction.rawRevocationType
                record["revocationPercentage"] = transaction.revocationPercentage
                record["revoked"] = transaction.revocationDate is not None
                record["revocationReason"] = transaction.rawRevocationReason
            if data.signedRenewalInfo:
                verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
                record["status"] = data.rawStatus
        answer = answers.get(record.get("transactionId") or "")
        if record["type"] == "CONSUMPTION_REQUEST" and answer:
            try:
                if answer["version"] == 1:
                    client().send_consumption_data(
                        record["transactionId"], ConsumptionRequestV1(**answer["body"]))
                else:
                    client().send_consumption_information(
                        record["transactionId"], ConsumptionRequest(**answer["body"]))
                record["consumptionSent"] = "ok"
            except APIException as error:
                record["consumptionSent"] = error.raw_api_error or error.http_status_code
        return record

    def recover(start, end):
        request = NotificationHistoryRequest(startDate=start, endDate=end)
        token, count = None, 0
        for _ in range(1000):
            response = client().get_notification_history(token, request)
            for item in response.notificationHistory or []:
                record = handle(item.signedPayload, recovered=True)
                if not record.get("duplicate"):
                    log(record)
                    count += 1
            token = response.paginationToken
            if not response.hasMore:
                break
        return count

    class Handler(BaseHTTPRequestHandler):
        def answer(self, status, body=b""):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            length = min(int(self.headers.get("Content-Length") or 0), 1 << 20)
            body = self.rfile.read(length)
            if self.path == "/recover":
                try:
                    window = json.loads(body)
                    count = recover(window["startDate"], window["endDate"])
                    self.answer(200, json.dumps({"recovered": count}).encode())
                except Exception as error:  # reported to the test, never raised
                    self.answer(500, f"{type(error).__name__}: {error}".encode())
                return
            status = 200
            try:
                record = handle(json.loads(body)["signedPayload"])
            except Exception as error:  # every failure is reported, never raised
                record = {"error": f"{type(error).__name__}: {error}"}
                status = 400
            record["answered"] = status
            log(record)
            self.answer(status)

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
