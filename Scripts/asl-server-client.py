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
A call the server refuses prints {"httpStatus": n, "errorCode": n, "errorMessage": "..."}.

Exit status: 0 when every signed item verified, 1 otherwise, 2 for a usage error.
"""

import argparse
import calendar
import datetime
import json
import sys

try:
    import jwt
    from appstoreserverlibrary.api_client import (
        APIException,
        AppStoreServerAPIClient,
        GetTransactionHistoryVersion,
    )
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
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


class Harness:
    def __init__(self, options):
        self.options = options
        self.key = open(options.key, "rb").read()
        self.environment = Environment(options.environment)
        self.client = self.make_client()
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
        while True:
            response = self.client.get_transaction_history(
                call["id"], revision, request, GetTransactionHistoryVersion.V2
            )
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
        return {"token": self.client.request_test_notification().testNotificationToken}

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
