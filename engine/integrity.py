"""Integrity checks that need more than the store: snapshots against the rules, and anchors.

`verify(store, anchor=None)` is the whole check the CLI runs: the store's own checks
(store/verify.py: chains, streams, seeds, snapshot digests, store head, triggers), then every
snapshot re-folded from its events under the game's rules (kind "snapshot_fold"), then, given
an anchor, what changed since it was written.

An anchor is a small digest of the store kept elsewhere (another machine, a printout, a
commit): a plain verify cannot tell a consistently re-hashed history from the real one, an
anchor can. Its file (JSON, one object, UTF-8):

    {"format": "runeledger-anchor", "version": 1,
     "written_at": "2026-01-01T12:00:00Z",            # when (UTC; informational)
     "store": {"seq": N, "events": E, "head": HEX},    # store head over events seq 1..N
     "games": {GAME_ID: {"version": V, "head": HEX}},  # each game's last event and its hash
     "digest": HEX}                                    # sha256 of the canonical JSON of the rest

Canonical JSON: keys sorted, separators "," and ":", ASCII only. `check_anchor` then reports:
a game shorter than anchored ("truncated"), gone ("game_deleted"), whose event at the anchored
version has another hash ("rewritten": changed at or before that version), a game unknown to
the anchor with events inside the anchored history ("inserted"), and a store whose head over
seq 1..N differs ("rewritten") or that ends before N ("truncated"). Games and events added
after the anchor are normal play, not faults.
"""

from __future__ import annotations

import datetime
import hashlib
import itertools
import json
import os
import secrets
from typing import Annotated, Any

import msgspec

from projections.state import StateReader, encode, table_from_created
from store import EventStore, StoreError
from store.hashing import GENESIS, snapshot_digest, store_step
from store.verify import VerifyReport, describe, fault

ANCHOR_FORMAT = "runeledger-anchor"
# A game with one of these already named has no trustworthy fold to compare snapshots with.
_CHAIN_KINDS = {"altered", "inserted", "deleted", "tail_cut", "game_deleted", "streams_missing"}
ANCHOR_VERSION = 1
_Hex = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
_Count = Annotated[int, msgspec.Meta(ge=0)]


class AnchorError(StoreError):
    """An anchor that cannot be read or whose digest does not match: it proves nothing."""


class AnchorStore(msgspec.Struct, forbid_unknown_fields=True):
    seq: _Count
    events: _Count
    head: _Hex


class AnchorGame(msgspec.Struct, forbid_unknown_fields=True):
    version: _Count
    head: _Hex


class Anchor(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    written_at: str
    store: AnchorStore
    games: dict[str, AnchorGame]
    digest: _Hex


# -- the whole check -------------------------------------------------------------------------
def verify(
    store: EventStore, anchor: Anchor | dict[str, Any] | None = None, folds: bool = True
) -> VerifyReport:
    """Store checks + snapshot folds + (given) the anchor; every fault listed, first first."""
    report = store.verify()
    faults, notes = list(report.faults), list(report.notes)
    if folds:
        broken = {f["game_id"] for f in faults if f["kind"] in _CHAIN_KINDS}
        faults += snapshot_faults(store, skip=broken)
        notes += [
            f"game {g}: snapshots not re-folded, its events are already at fault"
            for g in sorted(broken, key=str)
            if g is not None
        ]
    if anchor is not None:
        faults += check_anchor(store, anchor)
    return VerifyReport(
        not faults,
        report.games,
        report.events,
        faults[0] if faults else None,
        faults,
        notes,
        report.store_seq,
        report.store_head,
    )


# -- snapshots ---------------------------------------------------------------------------------
def snapshot_faults(
    store: EventStore, skip: set[str | None] | frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """Re-fold each game (but those in `skip`) once from event 1 (no snapshots) and compare
    the msgpack bytes at every snapshot whose digest holds (the store reports the others)."""
    reader = StateReader(store)
    faults: list[dict[str, Any]] = []
    rows = store.conn.execute(
        "SELECT s.game_id, s.version, s.state, s.digest, (SELECT e.hash FROM events e WHERE "
        "e.game_id=s.game_id AND e.version=s.version ORDER BY e.seq LIMIT 1) "
        "FROM snapshots s ORDER BY s.game_id, s.version"
    )
    for gid, snaps in itertools.groupby(rows, key=lambda r: r[0]):
        if gid in skip:
            continue
        bound = [
            (v, state)
            for _, v, state, digest, h in snaps
            if isinstance(h, str)
            and isinstance(state, bytes)
            and isinstance(digest, str)
            and secrets.compare_digest(snapshot_digest(h, state), digest)
        ]
        if bound:
            faults += _fold_game(reader, gid, bound)
    return faults


def _fold_game(reader: StateReader, gid: str, snaps: list[tuple[int, bytes]]) -> list[dict[str, Any]]:
    out = []
    try:
        first = reader.store.event(gid, 1)
        if first is None or first.type != "game.created":
            return [
                fault(
                    "snapshot_fold",
                    gid,
                    snaps[0][0],
                    None,
                    "snapshots of a game without game.created: nothing to fold",
                )
            ]
        rs, table = table_from_created(first)
        at = 1
        for v, state in snaps:
            table = reader.fold_range(rs, table, gid, at + 1, v, use_snapshots=False)
            at = v
            if encode(table) != state:
                out.append(
                    fault(
                        "snapshot_fold",
                        gid,
                        v,
                        None,
                        f"snapshot {v} is not the fold of events 1..{v}: state_at "
                        f"would start from a false state",
                    )
                )
    except Exception as exc:  # a broken log or an unknown ruleset: say so, do not crash verify
        out.append(
            fault(
                "snapshot_fold",
                gid,
                snaps[0][0],
                None,
                f"cannot re-fold the game to check its snapshots ({type(exc).__name__}: {exc})",
            )
        )
    return out


# -- anchors -----------------------------------------------------------------------------------
def write_anchor(store: EventStore) -> dict[str, Any]:
    """The anchor of a store that verifies (refused otherwise: it would bless the damage)."""
    report = store.verify()
    if not report.ok:
        raise StoreError(
            f"{store.path} does not verify, no anchor written: {describe(report.first_bad or {})}"
        )
    games = {
        gid: {"version": v, "head": h}
        for gid, v, h in store.conn.execute(
            "SELECT game_id, version, head_hash FROM streams ORDER BY game_id"
        )
    }
    body = {
        "format": ANCHOR_FORMAT,
        "version": ANCHOR_VERSION,
        "written_at": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "store": {"seq": report.store_seq, "events": report.events, "head": report.store_head},
        "games": games,
    }
    body["digest"] = _digest(body)
    return body


def dump_anchor(anchor: dict[str, Any]) -> str:
    return json.dumps(anchor, indent=1, sort_keys=True, ensure_ascii=True) + "\n"


def save_anchor(anchor: dict[str, Any], path: str) -> None:
    """Write the anchor file atomically (a half-written anchor would prove nothing)."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(dump_anchor(anchor))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load_anchor(path: str) -> Anchor:
    try:
        with open(path, "rb") as f:
            raw = f.read(64 << 20)
    except OSError as exc:
        raise AnchorError(f"{path}: cannot read the anchor ({exc.strerror or exc})") from None
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise AnchorError(f"{path}: not an anchor file (not JSON: {exc})") from None
    return parse_anchor(doc, path)


def parse_anchor(doc: Any, where: str = "anchor") -> Anchor:
    try:
        anchor = msgspec.convert(doc, Anchor)
    except msgspec.ValidationError as exc:
        raise AnchorError(f"{where}: not a Runeledger anchor ({exc})") from None
    if anchor.format != ANCHOR_FORMAT or anchor.version != ANCHOR_VERSION:
        raise AnchorError(
            f"{where}: format {anchor.format!r} version {anchor.version}, expected "
            f"{ANCHOR_FORMAT!r} version {ANCHOR_VERSION}"
        )
    body = msgspec.to_builtins(anchor)
    if not secrets.compare_digest(_digest(body), anchor.digest):
        raise AnchorError(
            f"{where}: the anchor's digest does not match its content: the anchor "
            f"was changed, it proves nothing"
        )
    return anchor


def check_anchor(store: EventStore, anchor: Anchor | dict[str, Any]) -> list[dict[str, Any]]:
    """What changed in the anchored history (see the module docstring); [] if nothing."""
    a = anchor if isinstance(anchor, Anchor) else parse_anchor(anchor)
    conn = store.conn
    faults: list[dict[str, Any]] = []
    for gid, want in sorted(a.games.items()):
        last, n = conn.execute("SELECT max(version), count(*) FROM events WHERE game_id=?", (gid,)).fetchone()
        if not n:
            faults.append(
                _af("game_deleted", gid, None, f"anchored at version {want.version}, the game is gone")
            )
        elif not isinstance(last, int) or last < want.version:
            faults.append(
                _af(
                    "truncated",
                    gid,
                    (last or 0) + 1,
                    f"anchored at version {want.version}, the game now ends at "
                    f"{last}: events {(last or 0) + 1}..{want.version} were cut",
                    last_version=want.version,
                )
            )
        else:
            row = conn.execute(
                "SELECT hash FROM events WHERE game_id=? AND version=? ORDER BY seq LIMIT 1",
                (gid, want.version),
            ).fetchone()
            if row is None or row[0] != want.head:
                faults.append(
                    _af(
                        "rewritten",
                        gid,
                        want.version,
                        f"event {want.version} is not the anchored one: the game was "
                        f"rewritten at or before version {want.version}",
                    )
                )
    head, n, top = GENESIS, 0, 0
    for seq, h in conn.execute("SELECT seq, hash FROM events WHERE seq<=? ORDER BY seq", (a.store.seq,)):
        head, n, top = store_step(head, str(h)), n + 1, seq
    if top < a.store.seq:
        faults.append(
            _af(
                "truncated",
                None,
                None,
                f"the anchor covers the store up to seq {a.store.seq} "
                f"({a.store.events} events), it now holds {n} of them, up to seq "
                f"{top}: history was cut",
            )
        )
    elif head != a.store.head or n != a.store.events:
        faults.append(
            _af(
                "rewritten",
                None,
                None,
                f"the store's history up to seq {a.store.seq} is not the anchored "
                f"one: events were rewritten, inserted or deleted",
            )
        )
    for (gid,) in conn.execute("SELECT DISTINCT game_id FROM events WHERE seq<=?", (a.store.seq,)):
        if gid not in a.games:
            faults.append(
                _af(
                    "inserted",
                    gid,
                    None,
                    "a game the anchor does not know has events inside the anchored history: inserted",
                )
            )
    return faults


def _af(kind: str, gid: str | None, version: int | None, problem: str, **extra: Any) -> dict[str, Any]:
    return fault(kind, gid, version, None, f"{problem} (since the anchor)", source="anchor", **extra)


def _digest(body: dict[str, Any]) -> str:
    rest = {k: v for k, v in body.items() if k != "digest"}
    canon = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canon.encode()).hexdigest()
