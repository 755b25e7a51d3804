"""Two stand-in rulesets for the table's questions, registered only inside the tests that ask
for them (`register()` in a test server's prelude):

- `fake-pick`: each turn the active seat discards one or two cards of its hand through a pick
  (engine.choices.Pick) or passes through a step given at once, so the table's pick and its
  given-at-once steps are shown before a shipped game asks them;
- `duel-undo`: the duel whose first question always offers "Undo: …" once the seat has
  decided (`{"kind": "undo", "to": N}`, N the event before its own last decision), even where
  the undo policy refuses it (the engine's own option appears only where it allows), so the
  table is shown to say the server's reason."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from engine import choices, registry
from engine.games.duel import rules as duel
from engine.ruleset import Prompt, Ruleset

HAND = ["Rage#1", "March#2", "Swiftness#3"]
ROUNDS = 4


class PickState(msgspec.Struct):
    active: int = 0
    turns: int = 0
    hands: list[list[str]] = []


def _name(card: str) -> str:
    return card.split("#")[0]


class FakePick(Ruleset):
    name = "fake-pick"
    players = (2,)
    State = PickState
    commands: ClassVar[dict[str, dict[str, Any]] | None] = {"discard": {"cards": list}, "pass": {}}
    catalog_file = "fake_choices_catalog.toml"

    def setup(self, ctx, t) -> None:
        ctx.emit("fp.dealt", {"hands": [list(HAND) for _ in range(t.players)]}, rule="FP-1")

    def apply(self, t, ev) -> None:
        g = t.game
        if ev.type == "fp.dealt":
            g.hands = [list(h) for h in ev.data["hands"]]
        elif ev.type == "fp.discarded":
            hand = g.hands[ev.data["seat"]]
            for c in ev.data["cards"]:
                hand.remove(c)
            g.turns += 1
            g.active = 1 - ev.data["seat"]

    def handlers(self):
        return [("cmd.discard", _discard), ("cmd.pass", _discard)]

    def prompts(self, t) -> list[Prompt]:
        return [] if t.over else [Prompt(t.game.active, "discard", "FP-1")]

    def legal_commands(self, t, seat: int) -> list[dict[str, Any]]:
        if t.over or seat != t.game.active:
            return []
        hand = t.game.hands[seat]
        sets = [list(c) for k in (1, 2) for c in itertools.combinations(hand, k)]
        return [{"kind": "discard", "cards": s} for s in sets] + [{"kind": "pass"}]

    def question(self, t, seat: int, path: list[Any], words: bool = True) -> choices.Question:
        if path:
            raise choices.BadPath(f"fake-pick has no step {path!r}")
        if not self.legal_commands(t, seat):
            return choices.Question(t.version, seat, choices.NOTHING, None, [])
        hand = t.game.hands[seat]
        pick = choices.Pick(
            "Which cards do you discard?",
            1,
            min(2, len(hand)),
            "cards",
            [choices.PickOption(_name(c), c) for c in hand],
            {"kind": "discard"},
        )
        return choices.Question(
            t.version,
            seat,
            choices.FIRST_QUESTION,
            "FP-1",
            [
                choices.picks("Discard cards" + choices.MORE, pick),
                choices.step(
                    "Pass" + choices.MORE,
                    "Pass without discarding?",
                    [choices.leaf("Pass the turn", {"kind": "pass"}, "keeps every card")],
                ),
            ],
        )

    def game_view(self, t, seat):
        g = t.game
        return {"turns": g.turns, "hands": [h if s == seat else len(h) for s, h in enumerate(g.hands)]}


def _discard(ctx, t, ev) -> None:
    seat = ev.actor
    ctx.emit("fp.discarded", {"seat": seat, "cards": list(ev.data.get("cards", []))}, rule="FP-1")
    if t.game.turns >= ROUNDS:
        ctx.emit(
            "game.over", {"winners": [0], "scores": {"0": 1, "1": 0}, "reason": "four turns"}, rule="FP-1"
        )


class UndoState(duel.State):
    before: dict[str, int] = msgspec.field(
        default_factory=dict
    )  # seat -> the event before its own last decision


class DuelUndo(duel.Duel):
    name = "duel-undo"
    State = UndoState
    catalog_file = str(Path(duel.__file__).with_name("catalog.toml"))

    def apply(self, table, ev) -> None:
        super().apply(table, ev)
        if ev.type.startswith("cmd.") and ev.actor is not None:
            table.game.before[str(ev.actor)] = table.version - 1

    def question(self, table, seat: int, path: list[Any], words: bool = True) -> choices.Question:
        q = super().question(table, seat, path, words)
        to = table.game.before.get(str(seat))
        if to is None or path:
            return q
        undo = choices.leaf("Undo: your last decision", {"kind": "undo", "to": to})
        return choices.Question(q.version, q.seat, q.question, q.rule, [*q.options, undo])


PICK, UNDO = FakePick(), DuelUndo()


def register() -> None:
    """Add the fakes to the registry of this process only."""
    for rs in (PICK, UNDO):
        registry.rulesets()[rs.name] = rs
