"""Audit: why did event N happen? Its chain of causes back to the command, each rule with
its catalog summary, every input the rule used with the event it came from (engine.explain.why:
cards, values, traits, dice, readings in force, situation overrides), and the state just before
it, as the named viewer may see them."""

from __future__ import annotations

from typing import Any

from engine.explain import why
from engine.stores import AnyStore
from engine.upcast import upcast
from projections.state import StateReader
from projections.views import REFEREE, event_view, full_state, state_view, viewer_name
from store import StoredEvent
from store.errors import StoreError


def _event(store: AnyStore, game_id: str, n: int) -> StoredEvent:
    ev = store.event(game_id, n)
    if ev is None:
        raise StoreError(f"game {game_id} has no event {n}")
    return ev


def audit(store: AnyStore, game_id: str, n: int, who=None) -> dict[str, Any]:
    """`who`: None (public view, the default), a seat, or REFEREE."""
    reader = StateReader(store)
    rs = reader.ruleset_of(game_id)
    ev = upcast(rs, _event(store, game_id, n))  # each event as the current code reads it (engine.upcast)
    chain: list[dict[str, Any]] = []
    cur: StoredEvent | None = ev
    while cur is not None:
        rule = rs.catalog.get(cur.rule)
        chain.append(
            {
                "version": cur.version,
                "type": cur.type,
                "actor": cur.actor,
                "rule": cur.rule,
                "rule_summary": rule.summary if rule else None,
                "rule_source": f"{rule.game} {rule.section}, rulebook {rule.page}" if rule else None,
                "reading": rule.reading if rule and rule.reading else None,
                "data": cur.data if who is REFEREE else event_view(rs, cur, who)["data"],
            }
        )
        cur = upcast(rs, _event(store, game_id, cur.cause)) if cur.cause else None
    before, table = None, None
    if n > 1:
        table = reader.state_at(game_id, n - 1)
        before = full_state(rs, table) if who is REFEREE else state_view(rs, table, who)
    referee = who is REFEREE  # sees every source: `why` then asks no seat
    events = reader.events(rs, game_id, 1, n - 1) if n > 1 else []
    inputs = why(rs, table, ev, events, None if referee else who, referee=referee)
    return {
        "game_id": game_id,
        "event": n,
        "as": viewer_name(who),
        "command_id": ev.command_id,
        "chain": chain,
        "inputs": inputs,
        "state_before": before,
    }
