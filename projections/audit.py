"""Audit: why did event N happen? Its chain of causes back to the command, each rule with
its catalog summary, and the state just before it."""
from __future__ import annotations

from typing import Any

from projections.state import StateReader
from projections.views import full_state
from store import EventStore
from store.errors import StoreError


def audit(store: EventStore, game_id: str, n: int) -> dict[str, Any]:
    reader = StateReader(store)
    rs = reader.ruleset_of(game_id)
    ev = store.event(game_id, n)
    if ev is None:
        raise StoreError(f"game {game_id} has no event {n}")
    chain, cur = [], ev
    while cur is not None:
        rule = rs.catalog.get(cur.rule)
        chain.append({
            "version": cur.version, "type": cur.type, "actor": cur.actor, "rule": cur.rule,
            "rule_summary": rule.summary if rule else None,
            "rule_source": f"{rule.game} {rule.section}, rulebook {rule.page}" if rule else None,
            "reading": rule.reading if rule and rule.reading else None,
            "data": cur.data})
        cur = store.event(game_id, cur.cause) if cur.cause else None
    before = full_state(rs, reader.state_at(game_id, n - 1)) if n > 1 else None
    return {"game_id": game_id, "event": n, "command_id": ev.command_id, "chain": chain,
            "state_before": before}
