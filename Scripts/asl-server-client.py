#!/usr/bin/env python3
"""storeterm's server interop harness: Apple's App Store Server Library as the API client.

Usage:
  Scripts/asl-server-client.py --base-url URL --key KEY.p8 --key-id ID --issuer-id ID
                               --bundle-id ID --root ROOT.der [--environment Sandbox] PLAN.json

Points Apple's `AppStoreServerAPIClient` at `storeterm serve` (its base URL replaced, nothing
else changed), runs each call of the plan (a JSON array) and prints one JSON line per call.
Every signed item the server returns is verified with Apple's `SignedDataVerifier` in the
given environment (Sandbox by default: the library skips signature checks for Xcode and
LocalTesting data, so those would prove nothing) against ROOT.der, with strict checks; a
verification failure is reported as {"verificationError": "..."} and makes the exit status 1.

Calls ({"call": NAME, ...}) and what each prints:
  transaction-info id           {"transactionId": ...}
  history id [productTypes] [sort] [revoked]
                                {"pages": [n, ...], "transactionIds": [...], "environment": ...}
                                (every page walked with the revision until hasMore is false)
  statuses id [statuses]        {"groups": [{"group": ..., "items": [{"originalTransactionId",
                                 "status", "transactionId", "renewalOriginalTransactionId"}]}]}
  order orderId                 {"status": n, "transactionIds": [...]}
  refunds id                    {"transactionIds": [...]} (every page)
  app-transaction id            {"bundleId": ..., "receiptType": ...}
  extend id days [reasonCode] requestIdentifier
                                {"originalTransactionId", "success", "effectiveDate"}
  mass-extend productId days requestIdentifier [storefronts]
                                {"requestIdentifier": ...}
  mass-status productId requestIdentifier
                                {"complete", "succeededCount", "failedCount"}
  consumption id [customerConsented deliveryStatus consumptionPercentage refundPreference]
                                {"sent": true} (Send Consumption Information, version 2)
  app-account-token id token    {"set": true}
  auth id [revokedKey revokedKeyId]
                                {"cases": {name: http status}} for tokens that must be refused
  history-v1 id                 as history, with Get Transaction History V1
  consumption-v1 id [customerConsented]
                                {"sent": true} (Send Consumption Information, version 1)
  finish id                     {"finished": true}
  notification-history startDate endDate [notificationType transactionId onlyFailures]
  request-test-notification     {"token": ...}
  test-notification-status token
  upload-image id [width height imageSize alpha]
                                {"uploaded": true} (a PNG made here, opaque unless alpha)
  delete-image id               {"deleted": true}
  image-list                    {"images": [{"id", "state", "size"}]}
  upload-message id header body [image {id, altText}] [bulletPoints] [headerPosition]
                                {"uploaded": true}
  delete-message id             {"deleted": true}
  message-list                  {"messages": [{"id", "state"}]}
  configure-default productId locale messageId | get-default | delete-default
  serve-realtime answer         starts a Get Retention Message endpoint here, answering
                                `answer` (a RealtimeResponseBody) to every request it verifies;
                                "$REALTIME_URL" in later calls is its URL
  configure-realtime-url url | get-realtime-url | delete-realtime-url
  performance-test id           initiates a test, polls its result until it is not PENDING
  realtime-requests             {"count", "verified", "failures", "requests": [decoded]}
  coverage                      {"methods": [public client methods], "called": [...]}
  run argv                      runs a program (storeterm) while the endpoint above answers:
                                {"status": n, "output": "...", "error": "..."}
A call the server refuses prints {"httpStatus": n, "errorCode": n, "errorMessage": "..."}.

Exit status: 0 when every signed item verified, 1 otherwise, 2 for a usage error.
"""

import argparse
import calendar
import datetime
import http.server
import json
import struct
import subprocess
import sys
import threading
import time
import uuid
import zlib

try:
    import jwt
    from appstoreserverlibrary.api_client import (
        APIException,
        AppStoreServerAPIClient,
        GetTransactionHistoryVersion,
    )
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
    from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
    from appstoreserverlibrary.models.BulletPoint import BulletPoint
    from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
    from appstoreserverlibrary.models.HeaderPosition import HeaderPosition
    from appstoreserverlibrary.models.ImageSize import ImageSize
    from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
    from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
    from appstoreserverlibrary.models.UploadMessageImage import UploadMessageImage
    from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody
    from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
    from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
    from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
    from appstoreserverlibrary.models.RefundPreference import RefundPreference
    from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
    from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
    from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
    from appstoreserverlibrary.models.Status import Status
    from appstoreserverlibrary.models.TransactionHistoryRequest import (
        Order,
        ProductType,
        TransactionHistoryRequest,
    )
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
    from cryptography.hazmat.primitives.asymmetric import ec
except ImportError as error:
    print(f"asl-server-client: Apple's App Store Server Library is missing ({error})", file=sys.stderr)
    sys.exit(2)


class LoopbackClient(AppStoreServerAPIClient):
    """Apple's client with its base URL pointed at storeterm, and a hook to forge tokens."""

    def __init__(self, base_url, token=None, drop_authorization=False, **kwargs):
        super().__init__(**kwargs)
        self._base_url = base_url.rstrip("/")
        self._forced_token = token
        self._drop_authorization = drop_authorization

    def _generate_token(self):
        if self._forced_token is not None:
            return self._forced_token
        return super()._generate_token()

    def _get_headers(self):
        headers = super()._get_headers()
        if self._drop_authorization:
            del headers["Authorization"]
        return headers


def make_png(width, height, alpha=False):
    """A solid PNG: RGB (colour type 2), or RGBA (6) when alpha."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    pixel = b"\x20\x60\xa0\xff" if alpha else b"\x20\x60\xa0"
    rows = b"".join(b"\x00" + pixel * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


class RealtimeEndpoint:
    """A Get Retention Message endpoint: verifies each signedPayload with Apple's verifier and
    answers the configured RealtimeResponseBody."""

    def __init__(self, verifier, answer):
        self.verifier = verifier
        self.answer = answer
        self.requests = []
        self.failures = []
        endpoint = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = min(int(self.headers.get("Content-Length", "0")), 65536)
                body = self.rfile.read(length)
                try:
                    signed = json.loads(body)["signedPayload"]
                    decoded = endpoint.verifier.verify_and_decode_realtime_request(signed)
                    endpoint.requests.append(
                        {
                            "originalTransactionId": decoded.originalTransactionId,
                            "productId": decoded.productId,
                            "userLocale": decoded.userLocale,
                            "environment": decoded.rawEnvironment,
                            "requestIdentifier": str(decoded.requestIdentifier),
                        }
                    )
                    reply = json.dumps(endpoint.answer).encode()
                    self.send_response(200)
                except Exception as error:  # a request that does not verify
                    endpoint.failures.append(f"{type(error).__name__}: {error}")
                    reply = b"{}"
                    self.send_response(400)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/retention"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Recorder:
    """Apple's client, each public method call recorded by name."""

    def __init__(self, client, called):
        self._client = client
        self._called = called

    def __getattr__(self, name):
        value = getattr(self._client, name)
        if callable(value) and not name.startswith("_"):
            self._called.add(name)
        return value


class Harness:
    def __init__(self, options):
        self.options = options
        self.called = set()
        self.realtime = None
        self.test_token = None
        self.key = open(options.key, "rb").read()
        self.environment = Environment(options.environment)
        self.client = Recorder(self.make_client(), self.called)
        self.verifier = SignedDataVerifier(
            [open(options.root, "rb").read()], False, self.environment, options.bundle_id
        )
        self.failed = False

    def make_client(self, key=None, key_id=None, **kwargs):
        return LoopbackClient(
            self.options.base_url,
            signing_key=key or self.key,
            key_id=key_id or self.options.key_id,
            issuer_id=self.options.issuer_id,
            bundle_id=self.options.bundle_id,
            environment=self.environment,
            **kwargs,
        )

    def transaction(self, jws):
        return self.verifier.verify_and_decode_signed_transaction(jws)

    def run(self, call):
        text = json.dumps(call)
        if self.realtime is not None:
            text = text.replace("$REALTIME_URL", self.realtime.url)
        if self.test_token is not None:
            text = text.replace("$TEST_TOKEN", self.test_token)
        call = json.loads(text)
        name = call["call"]
        try:
            return getattr(self, "call_" + name.replace("-", "_"))(call)
        except APIException as error:
            return {
                "httpStatus": error.http_status_code,
                "errorCode": error.raw_api_error,
                "errorMessage": error.error_message,
            }
        except Exception as error:  # a verification failure or a malformed answer
            self.failed = True
            return {"verificationError": f"{type(error).__name__}: {error}"}

    def call_transaction_info(self, call):
        response = self.client.get_transaction_info(call["id"])
        return {"transactionId": self.transaction(response.signedTransactionInfo).transactionId}

    def call_history(self, call):
        request = TransactionHistoryRequest(
            productTypes=[ProductType(t) for t in call["productTypes"]] if "productTypes" in call else None,
            sort=Order(call["sort"]) if "sort" in call else None,
            revoked=call.get("revoked"),
        )
        pages, ids, revision, environment = [], [], None, None
        version = call.get("version", GetTransactionHistoryVersion.V2)
        while True:
            response = self.client.get_transaction_history(call["id"], revision, request, version)
            environment = response.rawEnvironment
            items = response.signedTransactions or []
            pages.append(len(items))
            ids += [self.transaction(jws).transactionId for jws in items]
            revision = response.revision
            if not response.hasMore or len(pages) > 1000:
                break
        return {"pages": pages, "transactionIds": ids, "environment": environment}

    def call_statuses(self, call):
        statuses = [Status(s) for s in call["statuses"]] if "statuses" in call else None
        response = self.client.get_all_subscription_statuses(call["id"], statuses)
        groups = []
        for group in response.data or []:
            items = []
            for item in group.lastTransactions or []:
                transaction = self.transaction(item.signedTransactionInfo)
                renewal = self.verifier.verify_and_decode_renewal_info(item.signedRenewalInfo)
                items.append(
                    {
                        "originalTransactionId": item.originalTransactionId,
                        "status": item.rawStatus,
                        "transactionId": transaction.transactionId,
                        "renewalOriginalTransactionId": renewal.originalTransactionId,
                        "expiresDate": transaction.expiresDate,
                        "renewalDate": renewal.renewalDate,
                        "appAccountToken": transaction.appAccountToken,
                        "renewalAppAccountToken": renewal.appAccountToken,
                        "autoRenewStatus": renewal.rawAutoRenewStatus,
                        "autoRenewProductId": renewal.autoRenewProductId,
                        "renewalOfferIdentifier": renewal.offerIdentifier,
                        "renewalOfferType": renewal.rawOfferType,
                    }
                )
            groups.append({"group": group.subscriptionGroupIdentifier, "items": items})
        return {"environment": response.rawEnvironment, "groups": groups}

    def call_order(self, call):
        response = self.client.look_up_order_id(call["orderId"])
        return {
            "status": response.rawStatus,
            "transactionIds": [self.transaction(jws).transactionId for jws in response.signedTransactions or []],
        }

    def call_refunds(self, call):
        ids, revision = [], None
        while True:
            response = self.client.get_refund_history(call["id"], revision)
            ids += [self.transaction(jws).transactionId for jws in response.signedTransactions or []]
            revision = response.revision
            if not response.hasMore:
                break
        return {"transactionIds": ids}

    def call_app_transaction(self, call):
        response = self.client.get_app_transaction_info(call["id"])
        app = self.verifier.verify_and_decode_app_transaction(response.signedAppTransactionInfo)
        return {"bundleId": app.bundleId, "receiptType": app.rawReceiptType}

    def call_notification_history(self, call):
        request = NotificationHistoryRequest(
            startDate=call["startDate"],
            endDate=call["endDate"],
            notificationType=NotificationTypeV2(call["notificationType"]) if "notificationType" in call else None,
            transactionId=call.get("transactionId"),
            onlyFailures=call.get("onlyFailures"),
        )
        pages, items, token = [], [], None
        while True:
            response = self.client.get_notification_history(token, request)
            page = response.notificationHistory or []
            pages.append(len(page))
            for item in page:
                notification = self.verifier.verify_and_decode_notification(item.signedPayload)
                items.append(
                    {
                        "type": notification.rawNotificationType,
                        "subtype": notification.rawSubtype,
                        "attempts": [a.rawSendAttemptResult for a in item.sendAttempts or []],
                    }
                )
            token = response.paginationToken
            if not response.hasMore or len(pages) > 1000:
                break
        return {"pages": pages, "notifications": items}

    def call_request_test_notification(self, call):
        self.test_token = self.client.request_test_notification().testNotificationToken
        return {"token": self.test_token}

    def call_test_notification_status(self, call):
        response = self.client.get_test_notification_status(call["token"])
        notification = self.verifier.verify_and_decode_notification(response.signedPayload)
        return {
            "type": notification.rawNotificationType,
            "attempts": [a.rawSendAttemptResult for a in response.sendAttempts or []],
        }

    def call_extend(self, call):
        request = ExtendRenewalDateRequest(
            extendByDays=call["days"],
            extendReasonCode=ExtendReasonCode(call.get("reasonCode", 1)),
            requestIdentifier=call["requestIdentifier"],
        )
        response = self.client.extend_subscription_renewal_date(call["id"], request)
        return {
            "originalTransactionId": response.originalTransactionId,
            "success": response.success,
            "effectiveDate": response.effectiveDate,
        }

    def call_mass_extend(self, call):
        request = MassExtendRenewalDateRequest(
            extendByDays=call["days"],
            extendReasonCode=ExtendReasonCode(call.get("reasonCode", 3)),
            requestIdentifier=call["requestIdentifier"],
            storefrontCountryCodes=call.get("storefronts"),
            productId=call["productId"],
        )
        response = self.client.extend_renewal_date_for_all_active_subscribers(request)
        return {"requestIdentifier": response.requestIdentifier}

    def call_mass_status(self, call):
        response = self.client.get_status_of_subscription_renewal_date_extensions(
            call["requestIdentifier"], call["productId"]
        )
        return {
            "requestIdentifier": response.requestIdentifier,
            "complete": response.complete,
            "succeededCount": response.succeededCount,
            "failedCount": response.failedCount,
        }

    def call_consumption(self, call):
        request = ConsumptionRequest(
            customerConsented=call.get("customerConsented", True),
            sampleContentProvided=False,
            deliveryStatus=DeliveryStatus(call.get("deliveryStatus", "DELIVERED")),
            consumptionPercentage=call.get("consumptionPercentage"),
            refundPreference=RefundPreference(call["refundPreference"]) if "refundPreference" in call else None,
        )
        self.client.send_consumption_information(call["id"], request)
        return {"sent": True}

    def call_app_account_token(self, call):
        self.client.set_app_account_token(call["id"], UpdateAppAccountTokenRequest(appAccountToken=call["token"]))
        return {"set": True}

    def call_history_v1(self, call):
        return self.call_history(dict(call, version=GetTransactionHistoryVersion.V1))

    def call_consumption_v1(self, call):
        request = ConsumptionRequestV1(
            customerConsented=call.get("customerConsented", True),
            rawConsumptionStatus=0,
            rawPlatform=1,
            sampleContentProvided=False,
            rawDeliveryStatus=0,
            appAccountToken="",
            rawAccountTenure=0,
            rawPlayTime=0,
            rawLifetimeDollarsRefunded=0,
            rawLifetimeDollarsPurchased=0,
            rawUserStatus=1,
        )
        self.client.send_consumption_data(call["id"], request)
        return {"sent": True}

    def call_finish(self, call):
        self.client.finish_transaction(call["id"])
        return {"finished": True}

    def call_upload_image(self, call):
        png = make_png(call.get("width", 3840), call.get("height", 160), call.get("alpha", False))
        size = ImageSize(call["imageSize"]) if "imageSize" in call else None
        self.client.upload_image(uuid.UUID(call["id"]), png, size)
        return {"uploaded": True}

    def call_delete_image(self, call):
        self.client.delete_image(uuid.UUID(call["id"]))
        return {"deleted": True}

    def call_image_list(self, call):
        response = self.client.get_image_list()
        return {
            "images": [
                {"id": str(item.imageIdentifier), "state": item.rawImageState, "size": item.rawImageSize}
                for item in response.imageIdentifiers or []
            ]
        }

    def call_upload_message(self, call):
        image = call.get("image")
        bullets = call.get("bulletPoints")
        request = UploadMessageRequestBody(
            header=call["header"],
            body=call["body"],
            image=UploadMessageImage(imageIdentifier=uuid.UUID(image["id"]), altText=image["altText"])
            if image
            else None,
            headerPosition=HeaderPosition(call["headerPosition"]) if "headerPosition" in call else None,
            bulletPoints=[
                BulletPoint(text=b["text"], imageIdentifier=uuid.UUID(b["id"]), altText=b["altText"])
                for b in bullets
            ]
            if bullets
            else None,
        )
        self.client.upload_message(uuid.UUID(call["id"]), request)
        return {"uploaded": True}

    def call_delete_message(self, call):
        self.client.delete_message(uuid.UUID(call["id"]))
        return {"deleted": True}

    def call_message_list(self, call):
        response = self.client.get_message_list()
        return {
            "messages": [
                {"id": str(item.messageIdentifier), "state": item.rawMessageState}
                for item in response.messageIdentifiers or []
            ]
        }

    def call_configure_default(self, call):
        request = DefaultConfigurationRequest(messageIdentifier=uuid.UUID(call["messageId"]))
        self.client.configure_default_message(call["productId"], call["locale"], request)
        return {"configured": True}

    def call_get_default(self, call):
        response = self.client.get_default_message(call["productId"], call["locale"])
        return {"messageId": str(response.messageIdentifier)}

    def call_delete_default(self, call):
        self.client.delete_default_message(call["productId"], call["locale"])
        return {"deleted": True}

    def call_serve_realtime(self, call):
        self.realtime = RealtimeEndpoint(self.verifier, call["answer"])
        return {"url": self.realtime.url}

    def call_configure_realtime_url(self, call):
        self.client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=call["url"]))
        return {"configured": True}

    def call_get_realtime_url(self, call):
        return {"url": self.client.get_realtime_url().realtimeURL}

    def call_delete_realtime_url(self, call):
        self.client.delete_realtime_url()
        return {"deleted": True}

    def call_performance_test(self, call):
        started = self.client.initiate_performance_test(
            PerformanceTestRequest(originalTransactionId=call["id"])
        )
        result = None
        for _ in range(300):
            result = self.client.get_performance_test_results(started.requestId)
            if result.rawResult != "PENDING":
                break
            time.sleep(0.05)
        times = result.responseTimes
        return {
            "requestId": started.requestId,
            "totalRequests": started.config.totalRequests,
            "responseTimeThreshold": started.config.responseTimeThreshold,
            "result": result.rawResult,
            "target": result.target,
            "successRate": result.successRate,
            "numPending": result.numPending,
            "p99": times.p99 if times else None,
            "failures": result.rawFailures,
        }

    def call_realtime_requests(self, call):
        endpoint = self.realtime
        if endpoint is None:
            return {"count": 0, "verified": 0, "failures": [], "requests": []}
        if endpoint.failures:
            self.failed = True
        return {
            "count": len(endpoint.requests) + len(endpoint.failures),
            "verified": len(endpoint.requests),
            "failures": endpoint.failures,
            "requests": endpoint.requests[-3:],
        }

    def call_run(self, call):
        done = subprocess.run(call["argv"], capture_output=True, text=True, timeout=60)
        return {"status": done.returncode, "output": done.stdout, "error": done.stderr}

    def call_coverage(self, call):
        methods = sorted(
            name
            for name in dir(AppStoreServerAPIClient)
            if not name.startswith("_") and callable(getattr(AppStoreServerAPIClient, name))
        )
        return {"methods": methods, "called": sorted(self.called)}

    def call_auth(self, call):
        """Tokens the server must refuse, each made as Apple's library makes a good one."""
        now = datetime.datetime.now(datetime.timezone.utc)

        def token(claims=None, key=None, key_id=None):
            payload = {
                "bid": self.options.bundle_id,
                "iss": self.options.issuer_id,
                "aud": "appstoreconnect-v1",
                "exp": calendar.timegm((now + datetime.timedelta(minutes=5)).timetuple()),
            }
            payload.update(claims or {})
            signing_key = key or self.key
            return jwt.encode(payload, signing_key, algorithm="ES256", headers={"kid": key_id or self.options.key_id})

        stranger = ec.generate_private_key(ec.SECP256R1())
        cases = {
            "missing": dict(drop_authorization=True),
            "expired": dict(token=token({"exp": calendar.timegm((now - datetime.timedelta(minutes=5)).timetuple())})),
            "too long-lived": dict(token=token({"exp": calendar.timegm((now + datetime.timedelta(minutes=90)).timetuple())})),
            "wrongly signed": dict(token=token(key=stranger)),
            "foreign bundle": dict(token=token({"bid": "com.example.someone.else"})),
            "wrong audience": dict(token=token({"aud": "appstoreconnect-v2"})),
            "unknown key": dict(token=token(key_id="UNKNOWNKEY")),
        }
        if "revokedKey" in call:
            revoked = open(call["revokedKey"], "rb").read()
            cases["revoked key"] = dict(token=token(key=revoked, key_id=call["revokedKeyId"]))
        results = {}
        for name, overrides in cases.items():
            client = self.make_client(**overrides)
            try:
                client.get_transaction_info(call["id"])
                results[name] = 200
            except APIException as error:
                results[name] = error.http_status_code
        return {"cases": results}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--issuer-id", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--environment", default="Sandbox")
    parser.add_argument("plan")
    options = parser.parse_args()
    try:
        plan = json.load(open(options.plan))
    except (OSError, ValueError) as error:
        print(f"asl-server-client: {options.plan}: {error}", file=sys.stderr)
        return 2
    harness = Harness(options)
    for call in plan:
        result = harness.run(call)
        print(json.dumps({"call": call["call"], "result": result}), flush=True)
    return 1 if harness.failed else 0


if __name__ == "__main__":
    sys.exit(main())
