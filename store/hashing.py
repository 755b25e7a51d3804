"""The hashes that make tampering evident.

- `row_hash`: each event's hash covers its content and the hash of the event before it in its
  game (the per-game chain; the first event chains to GENESIS).
- `store_step`: the store head is a running hash over every event hash in `seq` order
  (head_0 = GENESIS, head_n = sha256(ascii(head_{n-1} + hash_n))). It lives in `meta` and moves
  in the same transaction as each append, so deleting a whole game, or the newest events of the
  store, changes it even when every remaining per-game chain still holds.
- `snapshot_digest`: binds a snapshot's bytes to the hash of the event it sits on, so a snapshot
  whose bytes or whose events were changed afterwards is not used.
"""

import hashlib
from collections.abc import Iterable

import msgspec

GENESIS = "0" * 64
_enc = msgspec.json.Encoder()


def row_hash(
    prev_hash: str,
    game_id: str,
    version: int,
    type_: str,
    schema: int,
    data: str,
    vis: str | None,
    actor: int | None,
    rule: str | None,
    cause: int | None,
    command_id: str | None,
    recorded_at: float,
) -> str:
    body = _enc.encode(
        [prev_hash, game_id, version, type_, schema, data, vis, actor, rule, cause, command_id, recorded_at]
    )
    return hashlib.sha256(body).hexdigest()


def store_step(head: str, event_hash: str) -> str:
    return hashlib.sha256((head + event_hash).encode()).hexdigest()


def store_head_over(head: str, event_hashes: Iterable[str]) -> str:
    """`store_step` over many event hashes in turn."""
    for h in event_hashes:
        head = hashlib.sha256((head + h).encode()).hexdigest()
    return head


def snapshot_digest(event_hash: str, state: bytes) -> str:
    return hashlib.sha256(event_hash.encode() + b":" + state).hexdigest()
