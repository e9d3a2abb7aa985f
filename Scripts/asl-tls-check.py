#!/usr/bin/env python3
"""Apple's App Store Server API client exactly as a backend's production code makes it: no
subclass, no base URL of its own. Run where api.storekit-sandbox.apple.com resolves to a
`storeterm serve --tls` and REQUESTS_CA_BUNDLE names the storeterm root (PEM).

Usage: asl-tls-check.py --key KEY.p8 --key-id KID --issuer-id ISSUER --bundle-id ID
       --root ROOT.der TRANSACTION_ID

Prints one JSON line: the client's base URL, the transaction ID that came back (verified with
`SignedDataVerifier`), and the subscription groups of Get All Subscription Statuses. Exit 1 on any
failure, with the reason on standard error.
"""

import argparse
import json
import sys

from appstoreserverlibrary.api_client import AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for name in ["--key", "--key-id", "--issuer-id", "--bundle-id", "--root"]:
        parser.add_argument(name, required=True)
    parser.add_argument("transaction_id")
    options = parser.parse_args()
    client = AppStoreServerAPIClient(
        open(options.key, "rb").read(), options.key_id, options.issuer_id, options.bundle_id,
        Environment.SANDBOX)
    verifier = SignedDataVerifier(
        [open(options.root, "rb").read()], False, Environment.SANDBOX, options.bundle_id)
    try:
        info = client.get_transaction_info(options.transaction_id)
        transaction = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo)
        statuses = client.get_all_subscription_statuses(options.transaction_id)
    except Exception as error:  # reported, never raised
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(json.dumps({
        "baseUrl": client._base_url,
        "transactionId": transaction.transactionId,
        "groups": len(statuses.data or []),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
