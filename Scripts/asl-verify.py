#!/usr/bin/env python3
"""storeterm's interop harness: verify storeterm's JWS with Apple's App Store Server Library.

Usage:
  Scripts/asl-verify.py --root ROOT.der --bundle-id ID --kind KIND [--environment ENV]
                        [--app-apple-id N] [--strict] [--bench N] [FILE|-]
  Scripts/asl-verify.py --batch --bundle-id ID [--strict] [FILE|-]

Reads one compact JWS per line and prints one JSON line per token:
  {"line": N, "ok": bool, "status": "OK" | VerificationStatus name | "DECODE_ERROR",
   "error": "...", "warnings": [...], "fields": {...}, "nested": {...}}
Exit status: 0 when every token is ok, 1 when one is not, 2 for a usage error or no input.

What it checks beyond a plain `SignedDataVerifier` call, because storeterm must look exactly
like the App Store to a backend:
  - Xcode and LocalTesting data: Apple's library skips the signature and chain there, so the
    token is also run through a Sandbox verifier; only the environment or app-identifier
    refusals that come after the signature check are forgiven.
  - the JWS header carries only `alg` and `x5c`, and `x5c[2]` is one of the trusted roots;
  - the fields the App Store always sends are present;
  - every payload field has the JSON type of the library's model, and every enum field holds
    a value the library knows;
  - notifications: the signed transaction, renewal info and app transaction inside are
    verified too.
With --strict a warning fails the token. With --bench N the tokens (which must verify) are
verified N times in a loop and one line with `verifications_per_second` is printed.

Install the library with: python3 -m pip install -r Scripts/requirements-interop.txt
"""

import argparse
import base64
import json
import sys
import time
import typing
import uuid

try:
    import attr
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import (
        SignedDataVerifier,
        VerificationException,
        VerificationStatus,
    )
except ImportError as missing:  # the caller (a test) turns this into a skip or a CI failure
    print(f"asl-verify: {missing}; install with: "
          "python3 -m pip install -r Scripts/requirements-interop.txt", file=sys.stderr)
    sys.exit(3)

METHOD = {
    "transaction": "verify_and_decode_signed_transaction",
    "renewal": "verify_and_decode_renewal_info",
    "notification": "verify_and_decode_notification",
    "app-transaction": "verify_and_decode_app_transaction",
}
# Signed items a notification carries: (container, field, kind).
INNER_ITEMS = [
    ("data", "signedTransactionInfo", "transaction"),
    ("data", "signedRenewalInfo", "renewal"),
    ("appData", "signedAppTransactionInfo", "app-transaction"),
]
# Fields the App Store always sends for each kind of item.
ALWAYS_SENT = {
    "transaction": ["transactionId", "originalTransactionId", "bundleId", "productId", "purchaseDate",
                    "originalPurchaseDate", "quantity", "type", "inAppOwnershipType", "signedDate",
                    "environment", "transactionReason", "storefront", "storefrontId"],
    "renewal": ["originalTransactionId", "autoRenewProductId", "productId", "autoRenewStatus",
                "signedDate", "environment", "recentSubscriptionStartDate"],
    "notification": ["notificationType", "notificationUUID", "version", "signedDate"],
    "app-transaction": ["receiptType", "bundleId", "applicationVersion", "receiptCreationDate",
                        "originalPurchaseDate", "originalApplicationVersion",
                        "deviceVerification", "deviceVerificationNonce"],
}
# Refusals the library raises only after the chain and signature passed.
AFTER_SIGNATURE = {"INVALID_ENVIRONMENT", "INVALID_APP_IDENTIFIER"}


def decode_segment(segment):
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def read_root(path):
    data = open(path, "rb").read()
    if b"-----BEGIN" not in data:
        return data
    body = b"".join(line for line in data.splitlines() if line and not line.startswith(b"-----"))
    return base64.b64decode(body)


def describe(error):
    """The error and its causes in one line."""
    names = []
    while error is not None and len(names) < 6:
        if isinstance(error, VerificationException):
            names.append(error.status.name)
        else:
            names.append(f"{type(error).__name__}: {' '.join(str(error).split())}"[:240])
        error = error.__cause__ or error.__context__
    return " <- ".join(names)


def unwrap_optional(annotation):
    arguments = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Union and len(arguments) == 1:
        return arguments[0]
    return annotation


def json_fits(value, annotation):
    """Whether a JSON value has the Python type the library's model declares."""
    annotation = unwrap_optional(annotation)
    if typing.get_origin(annotation) in (list, typing.List):
        element = (typing.get_args(annotation) or (typing.Any,))[0]
        return isinstance(value, list) and all(json_fits(item, element) for item in value)
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if annotation in (str, uuid.UUID):
        return isinstance(value, str)
    return True


def model_problems(payload, model, path=""):
    """Type and enum problems of a raw payload against an attrs model of the library."""
    problems = []
    by_json_name = {}
    enums = {}
    for field in attr.fields(model):
        role = field.metadata.get("typeOfField")
        if role == "main":
            enums[field.metadata["correspondingFieldName"]] = unwrap_optional(field.type)
        elif role == "raw":
            by_json_name[field.metadata["correspondingFieldName"]] = field
        else:
            by_json_name.setdefault(field.name, field)
    for name, value in payload.items():
        field = by_json_name.get(name)
        if field is None or value is None:
            continue
        annotation = unwrap_optional(field.type)
        if attr.has(annotation):
            if isinstance(value, dict):
                problems += model_problems(value, annotation, f"{path}{name}.")
            else:
                problems.append(f"{path}{name}: expected an object")
        elif not json_fits(value, annotation):
            problems.append(f"{path}{name}: {type(value).__name__} where the model has "
                            f"{getattr(annotation, '__name__', annotation)}")
        elif name in enums and value not in enums[name]:
            problems.append(f"{path}{name}: {value!r} is no {enums[name].__name__} value")
    return problems


class Harness:
    def __init__(self, roots, environment, bundle_id, app_apple_id, strict):
        self.roots = roots
        self.environment = Environment(environment)
        self.strict = strict
        self.library = SignedDataVerifier(
            self.roots, False, self.environment, bundle_id, app_apple_id)
        self.signature_only = None
        if self.environment in (Environment.XCODE, Environment.LOCAL_TESTING):
            self.signature_only = SignedDataVerifier(
                self.roots, False, Environment.SANDBOX, bundle_id, None)

    def verify(self, token, kind):
        result = {"kind": kind, "warnings": []}
        warnings = result["warnings"]
        try:
            decoded = getattr(self.library, METHOD[kind])(token)
            result["status"] = "OK"
        except VerificationException as error:
            decoded, result["status"], result["error"] = None, error.status.name, describe(error)
        except Exception as error:  # the payload did not fit the library's model
            decoded, result["status"], result["error"] = None, "DECODE_ERROR", describe(error)
        signature_ok = True
        if self.signature_only is not None:
            try:
                getattr(self.signature_only, METHOD[kind])(token)
            except VerificationException as error:
                if error.status.name not in AFTER_SIGNATURE:
                    signature_ok = False
                    result["signatureError"] = describe(error)
            except Exception:
                pass  # a model error comes after the signature passed
        try:
            header_segment, payload_segment, _ = token.split(".")
            header, payload = decode_segment(header_segment), decode_segment(payload_segment)
        except Exception:
            header, payload = {}, {}
        if set(header) - {"alg", "x5c"}:
            warnings.append(f"header keys beyond alg and x5c: {sorted(set(header) - {'alg', 'x5c'})}")
        chain = header.get("x5c")
        if isinstance(chain, list) and len(chain) == 3:
            try:
                if base64.b64decode(chain[2], validate=True) not in self.roots:
                    warnings.append("x5c[2] is not a trusted root")
            except Exception:
                warnings.append("x5c[2] is not base64")
        if decoded is not None and isinstance(payload, dict):
            warnings += model_problems(payload, type(decoded))
            absent = [name for name in ALWAYS_SENT[kind] if payload.get(name) is None]
            if absent:
                warnings.append(f"missing fields the App Store always sends: {absent}")
            result["fields"] = payload
        inner_ok = True
        if kind == "notification" and isinstance(payload, dict):
            nested = {}
            for container, field, inner_kind in INNER_ITEMS:
                inner = (payload.get(container) or {}).get(field)
                if isinstance(inner, str):
                    nested[f"{container}.{field}"] = self.verify(inner, inner_kind)
                    inner_ok = inner_ok and nested[f"{container}.{field}"]["ok"]
            if nested:
                result["nested"] = nested
        result["ok"] = (result["status"] == "OK" and signature_ok and inner_ok
                        and not (self.strict and warnings))
        return result


def bench(harness, kind, tokens, count):
    for token in tokens:
        if harness.verify(token, kind)["status"] != "OK":
            print(json.dumps({"bench": "aborted: a token does not verify"}))
            return 1
    call = getattr(harness.library, METHOD[kind])
    start = time.perf_counter()
    for index in range(count):
        call(tokens[index % len(tokens)])
    seconds = time.perf_counter() - start
    print(json.dumps({"bench": count, "kind": kind, "seconds": round(seconds, 3),
                      "verifications_per_second": round(count / seconds, 1)}))
    return 0


def batch(options, cases):
    """Verifies each case with a verifier for its own root and environment (made once each)."""
    harnesses = {}
    failures = 0
    for number, case in enumerate(cases, 1):
        key = (case["root"], case.get("environment", options.environment))
        if key not in harnesses:
            harnesses[key] = Harness([base64.b64decode(key[0])], key[1], options.bundle_id,
                                     options.app_apple_id, options.strict)
        result = harnesses[key].verify(case["token"], case["kind"])
        failures += not result["ok"]
        print(json.dumps({"line": number, **result}, ensure_ascii=False), flush=True)
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", action="append")
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--app-apple-id", type=int)
    parser.add_argument("--environment", default="Sandbox", choices=[e.value for e in Environment])
    parser.add_argument("--kind", choices=sorted(METHOD))
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--bench", type=int)
    parser.add_argument("--batch", action="store_true",
                        help="each input line is a JSON object: token, kind, root (base64 DER), "
                             "environment; one process for many cases")
    parser.add_argument("input", nargs="?", default="-")
    options = parser.parse_args()
    if not options.batch and (not options.root or not options.kind):
        parser.error("--root and --kind are required without --batch")
    try:
        source = sys.stdin if options.input == "-" else open(options.input, encoding="utf-8")
        tokens = [line.strip() for line in source if line.strip()]
        if options.batch:
            return batch(options, [json.loads(line) for line in tokens])
        harness = Harness([read_root(path) for path in options.root], options.environment,
                          options.bundle_id, options.app_apple_id, options.strict)
    except (OSError, ValueError) as error:
        print(f"asl-verify: {error}", file=sys.stderr)
        return 2
    if not tokens:
        print("asl-verify: no JWS in the input", file=sys.stderr)
        return 2
    if options.bench:
        return bench(harness, options.kind, tokens, options.bench)
    failures = 0
    for number, token in enumerate(tokens, 1):
        result = harness.verify(token, options.kind)
        failures += not result["ok"]
        print(json.dumps({"line": number, **result}, ensure_ascii=False), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
