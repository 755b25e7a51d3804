"""Seed commitments (invariant 3): published at creation, opened at the end.

The commitment is SHA-256 over a random 32-byte salt and the seed, so a short seed cannot be
found from it by trying candidates. Games stored before salting have no salt; their
commitment is the bare SHA-256 of the seed, which `verify` still checks and reports as
unsalted.
"""

import hashlib
import secrets


def new_salt() -> str:
    return secrets.token_hex(32)


def commitment(seed: str, salt: str | None) -> str:
    body = seed.encode() if salt is None else f"{salt}:{seed}".encode()
    return hashlib.sha256(body).hexdigest()


def opens(seed: str, salt: str | None, published: str) -> bool:
    return secrets.compare_digest(commitment(seed, salt), published)
