"""The timeline: one line per command, as players think of a game's history."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from engine.stores import AnyStore
from projections.views import event_view


def timeline(store: AnyStore, game_id: str, ruleset=None, who=None) -> list[dict[str, Any]]:
    """`who` as in projections.views: the decision's data is shown as that viewer sees it."""
    out = []
    for _, group in groupby(store.read(game_id), key=lambda e: e.command_id):
        events = list(group)
        root = events[0]
        out.append(
            {
                "first": root.version,
                "last": events[-1].version,
                "decision": root.type,
                "seat": root.actor,
                "rule": root.rule,
                "events": len(events),
                "types": sorted({e.type for e in events}),
                "command": None if ruleset is None else event_view(ruleset, root, who)["data"],
            }
        )
    return out
