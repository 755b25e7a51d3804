"""The per-game hash chain: each row's hash covers its content and the hash before it."""
import hashlib

import msgspec

GENESIS = "0" * 64
_enc = msgspec.json.Encoder()


def row_hash(prev_hash: str, game_id: str, version: int, type_: str, schema: int, data: str,
             vis: str | None, actor: int | None, rule: str | None, cause: int | None,
             command_id: str | None, recorded_at: float) -> str:
    body = _enc.encode([prev_hash, game_id, version, type_, schema, data, vis, actor, rule,
                        cause, command_id, recorded_at])
    return hashlib.sha256(body).hexdigest()
