"""The rule catalog: rule id -> game, digest section, rulebook page, summary, chosen reading."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.content import ContentError, load


class Rule(msgspec.Struct, frozen=True):
    id: str
    section: str
    page: str
    summary: str
    reading: str = ""
    game: str = ""


class CatalogFile(msgspec.Struct):
    rule: list[Rule]


class Catalog:
    def __init__(self, game: str, rules: list[Rule]):
        self.game = game
        self.rules: dict[str, Rule] = {}
        for r in rules:
            if r.id in self.rules:
                raise ContentError(f"catalog of {game}: rule id {r.id} listed twice")
            self.rules[r.id] = msgspec.structs.replace(r, game=game)

    @classmethod
    def from_file(cls, game: str, path: Path) -> Catalog:
        return cls(game, load(path, CatalogFile).rule)

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self.rules

    def get(self, rule_id: str | None) -> Rule | None:
        return self.rules.get(rule_id) if rule_id else None

    def merged(self, other: Catalog) -> Catalog:
        both = Catalog(self.game, [])
        both.rules = {**other.rules, **self.rules}
        return both


CORE_CATALOG = Catalog(
    "core",
    [
        Rule("CORE-1", "DESIGN invariant 1", "-", "Events are the truth: the game was created."),
        Rule(
            "CORE-1O",
            "DESIGN invariant 9",
            "-",
            "A game is created only with options its set-up accepts (a scenario's player count, "
            "a value out of range); a refused one stores nothing.",
        ),
        Rule(
            "CORE-3",
            "DESIGN invariant 3",
            "-",
            "Chance is seeded and committed; the seed is revealed when the game ends.",
        ),
        Rule(
            "CORE-3F",
            "DESIGN invariant 3",
            "-",
            "Forced chance outcomes are an explicit, recorded option (tests, referees).",
        ),
        Rule(
            "CORE-3C",
            "DESIGN invariant 3",
            "-",
            "A live game's chance mixes the server's committed seed with each seat's secret "
            "contribution (committed when given, revealed at the end); the deal waits for them.",
        ),
        Rule(
            "CORE-5",
            "DESIGN invariant 5",
            "-",
            "Only a command listed by legal_commands for that seat is accepted.",
        ),
        Rule(
            "CORE-6",
            "DESIGN invariant 6",
            "-",
            "Undo never crosses a reveal, a chance outcome or another seat's decision unless the "
            "table agreed or the game is in analysis mode.",
        ),
    ],
)
