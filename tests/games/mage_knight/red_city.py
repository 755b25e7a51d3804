"""The Full Conquest situation the bots' tests start from: Norowas beside the Red City (level 4,
its garrison face down), Arythea at the portal; optionally with cards in Norowas's hand."""

from __future__ import annotations

from engine import situation as situation_file
from engine.pipeline import Engine
from store import MemoryStore

CITY = "4,-5"


def started(pos: str = "4,-4", hand: list[str] | None = None) -> tuple[Engine, str]:
    """A fresh engine with the situation set up, Norowas at `pos`: (engine, game id)."""
    norowas: dict = {"pos": pos} if hand is None else {"hand": hand, "pos": pos}
    doc = situation_file.normalized(
        {
            "ruleset": "mage-knight",
            "players": 2,
            "seed": 1,
            "note": "Full Conquest: Norowas beside the Red City (level 4), its garrison face down.",
            "options": {"heroes": "norowas,arythea", "scenario": "full_conquest"},
            "game": {"tiles": {CITY: "core_8"}, "seat": [norowas, {"pos": "0,0"}]},
        }
    )
    eng = Engine(MemoryStore())
    return eng, eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
