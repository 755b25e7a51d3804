"""What both stores (SQLite and in-memory) make of an append, in one place.

`event_rows` turns one command's events into the stored rows (columns in the events table's
order, which is StoredEvent's) with their per-game chain hashes and the store head moved over
them; `decode_row` turns such a row back into a StoredEvent. The bounded texts of refused
commands are here too. Both stores call these, so the bytes and hashes cannot drift apart.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from hashlib import sha256
from typing import Any, overload

import msgspec

from store.errors import CorruptStore
from store.records import NewEvent, StoredEvent

# Refusals are kept for existing games only, at most REJECTED_CAP rows per game; the ones
# beyond are counted (rejected_overflow), so junk input cannot grow the file without bound.
REJECTED_CAP = 1000
# Longest stored command / reason text (characters); a longer one is cut and marked.
REJECTED_TEXT_MAX = 2048

_enc = msgspec.json.Encoder()
_dec = msgspec.json.Decoder()
_short = reprlib.Repr()
_short.maxstring = _short.maxother = REJECTED_TEXT_MAX

# One stored row, its columns in its table's order (an event's: seq first, as StoredEvent's).
Row = tuple[Any, ...]


def seat_value(seat: Any) -> int | None:
    ok = isinstance(seat, int) and not isinstance(seat, bool) and -(1 << 63) <= seat < (1 << 63)
    return seat if ok else None


def is_utf8(text: str) -> bool:
    try:
        text.encode()
        return True
    except UnicodeEncodeError:
        return False


def bounded(text: Any, limit: int) -> str | None:
    if text is None:
        return None
    out = text if isinstance(text, str) else _short.repr(text)
    out = out.encode("utf-8", "backslashreplace").decode()  # lone surrogates cannot be stored
    return out if len(out) <= limit else out[:limit] + f"… ({len(out)} characters)"


def command_text(command: Any) -> str:
    """The command as JSON; one that does not encode, or is too long, becomes a JSON string
    holding its (cut) text, so `rejected()` can always decode what is stored."""
    try:
        text = _enc.encode(command).decode()
    except Exception:  # any object can arrive here: sets, cycles, deep nesting, bad unicode
        return _enc.encode(bounded(_short.repr(command), REJECTED_TEXT_MAX)).decode()
    if len(text) <= REJECTED_TEXT_MAX:
        return text
    return _enc.encode(bounded(text, REJECTED_TEXT_MAX)).decode()


def refusal(seat: int | None, command: str, rule: str | None, reason: str) -> dict[str, Any]:
    """A stored refusal as `rejected()` gives it: the command decoded where it decodes."""
    try:
        cmd = _dec.decode(command)
    except (msgspec.DecodeError, TypeError):
        cmd = command
    return {"seat": seat, "command": cmd, "rule": rule, "reason": reason}


@overload
def event_rows(
    game_id: str,
    version: int,
    prev: str,
    events: Iterable[NewEvent],
    now: float,
    rows: list[Row],
    out: list[StoredEvent] | None,
    acc: str,
    seq: int,
) -> tuple[int, str, bool, str]: ...
@overload
def event_rows(
    game_id: str,
    version: int,
    prev: str,
    events: Iterable[NewEvent],
    now: float,
    rows: list[Row],
    out: list[StoredEvent] | None,
    acc: None,
    seq: int,
) -> tuple[int, str, bool, None]: ...
def event_rows(
    game_id: str,
    version: int,
    prev: str,
    events: Iterable[NewEvent],
    now: float,
    rows: list[Row],
    out: list[StoredEvent] | None,
    acc: str | None,
    seq: int,
) -> tuple[int, str, bool, str | None]:
    """Add the rows of one command's events (after `version`, chained on `prev`; seqs from
    `seq` + 1, columns in the events table's order, which is StoredEvent's) to `rows`, and with
    `out` their stored events (a fresh decode of the payload bytes: what the caller gets back
    shares nothing with live game state); return the new version and head hash, whether the
    seed was revealed, and the store head `acc` moved over them (None: not moved; the
    MemoryStore folds its head when asked). `row_hash` and `store_step` inlined (this runs once
    per event appended): the same bytes, the same hashes."""
    revealed = False
    encode, dec = _enc.encode, _dec.decode
    add, put = rows.append, (out.append if out is not None else None)
    for ev in events:
        version += 1
        seq += 1
        raw = ev.raw
        if raw is None:
            raw = encode(ev.data)
        data = raw.decode()
        seats = ev.vis
        vis = None if seats is None else encode(seats).decode()
        typ, schema, actor, rule, cause, cid = (
            ev.type,
            ev.schema,
            ev.actor,
            ev.rule,
            ev.cause,
            ev.command_id,
        )
        h = sha256(
            encode([prev, game_id, version, typ, schema, data, vis, actor, rule, cause, cid, now])
        ).hexdigest()
        add((seq, game_id, version, typ, schema, data, vis, actor, rule, cause, cid, prev, h, now))
        if put is not None:
            put(
                StoredEvent(
                    seq,
                    game_id,
                    version,
                    typ,
                    schema,
                    dec(raw),
                    None if vis is None else dec(vis),
                    actor,
                    rule,
                    cause,
                    cid,
                    prev,
                    h,
                    now,
                )
            )
        if typ == "seed.revealed":
            revealed = True
        if acc is not None:
            acc = sha256((acc + h).encode()).hexdigest()
        prev = h
    return version, prev, revealed, acc


def decode_row(r: Row) -> StoredEvent:
    try:
        data = _dec.decode(r[5])
        vis = None if r[6] is None else _dec.decode(r[6])
    except (msgspec.DecodeError, TypeError) as exc:
        raise CorruptStore(f"game {r[1]} event {r[2]}: undecodable row ({exc})") from exc
    return StoredEvent(r[0], r[1], r[2], r[3], r[4], data, vis, r[7], r[8], r[9], r[10], r[11], r[12], r[13])
