"""Who must act and every legal answer (invariant 5), and why an illegal command is illegal.

Each decision is one small choice so that legal_commands can list them all: cards are named
by content name (copies are interchangeable), a unit on a board by its card id."""

from __future__ import annotations

from typing import Any

from engine.games.epochs.rules import (
    S,
    attack_units,
    decided,
    defeated_elites,
    deploy_rule,
    relic_rule,
    space_zones,
)
from engine.games.epochs.state import (
    ATTACK,
    DEFENCE,
    VIRTUAL,
    WM_DISPLAY,
    seat_zone,
)
from engine.mechanics import zones
from engine.mechanics.per_state import per_state
from engine.narration import seat_name
from engine.ruleset import Illegal, Prompt

AFTER_ROLL = ("recruit", "relic", "keep_relic", "keep_medal")
STEP_RULE = {
    "jump": "EP-X-PHASE1",
    "choose": "EP-X-PHASE2",
    "targets": "EP-X-TARGETS",
    "defend": "EP-2B-DEFENDER",
    "recruit": "EP-S5-RECRUIT",
    "keep_medal": "EP-2B-MEDAL",
}


def deciding(table) -> tuple[int, str] | None:
    """(seat, rule) of the one open decision."""
    game = table.game
    c = game.combat
    step = game.step
    if step == "defend":
        return c.defender, STEP_RULE[step]
    if step == "keep_medal":
        return decided(c)[0], STEP_RULE[step]
    if step == "deploy":
        return c.attacker, deploy_rule(table)
    if step in ("relic", "keep_relic"):
        return c.attacker, relic_rule(table)
    if step in STEP_RULE:
        return game.active, STEP_RULE[step]
    return None


def prompts(table) -> list[Prompt]:
    who = deciding(table)
    return [] if who is None else [Prompt(who[0], table.game.step, who[1])]


def names(cards: list[str]) -> list[str]:
    return sorted(set(map(zones.card_name, cards)))


def face_up_spaces(table, epoch: str, after: int = 0) -> list[int]:
    """Board spaces of the epoch holding a face-up elite, after space `after`."""
    return [i for i, space in enumerate(space_zones(epoch)[after:], after + 1) if table.zone(space)]


def can_deploy(table, seat: int) -> bool:
    return bool(table.zone(seat_zone(seat, "hand")) or table.zone(seat_zone(seat, "deck")))


def marker_moves(table, units: list[str], room: bool) -> list[dict[str, Any]]:
    c = table.game.combat
    bare = [u for u in units if u not in c.markers] if room else []
    if not bare:  # (the display's names not read for nothing)
        return []
    return [{"kind": "marker", "marker": m, "unit": u} for m in names(table.zone(WM_DISPLAY)) for u in bare]


Offers = list[tuple[str, list[dict[str, Any]]]]
"""A seat's legal commands by kind: (kind, its commands), in the listing's order, no kind
empty (the default tree's first question, and what the bot's walk draws from)."""


def offers(table, seat: int) -> Offers:
    """Every legal command of `seat` now, by kind (`Offers`); nothing when it is not asked."""
    who = deciding(table)
    if who is None or who[0] != seat:
        return []
    step = table.game.step
    got = _STEPS[step](table, seat) if step in _STEPS else []
    return [(kind, cmds) for kind, cmds in got if cmds]


@per_state
def legal_commands(table, seat: int) -> list[dict[str, Any]]:
    """Every legal command of `seat` now. The list is shared with the next call at the same
    table version: the caller must not change it."""
    return [c for _, cmds in offers(table, seat) for c in cmds]


def _one(kind: str) -> tuple[str, list[dict[str, Any]]]:
    return kind, [{"kind": kind}]


def _jump(table, seat: int) -> Offers:
    return [("jump", [{"kind": "jump", "epoch": e} for e in S.epochs])]


def _choose(table, seat: int) -> Offers:
    game = table.game
    here = game.sabatons[seat]
    if not can_deploy(table, seat):
        return [_one("pass")]
    fight = [{"kind": "fight_epoch"}] if face_up_spaces(table, here) else []
    rivals = [s for s in range(table.players) if s != seat and game.sabatons[s] == here]
    return [
        ("fight_epoch", fight),
        ("challenge", [{"kind": "challenge", "seat": s} for s in rivals]),
        _one("pass"),
    ]


def _targets(table, seat: int) -> Offers:
    c = table.game.combat
    room = len(table.zone(DEFENCE)) < S.defender_slots
    spaces = face_up_spaces(table, c.epoch, c.last_space) if room else []
    return [
        ("target", [{"kind": "target", "space": i} for i in spaces]),
        ("done", [{"kind": "done"}] if table.zone(DEFENCE) else []),
    ]


def _defend(table, seat: int) -> Offers:
    c = table.game.combat
    units = table.zone(DEFENCE)
    return [
        ("deploy", _deploys(table, seat, len(units) < S.defender_slots)),
        ("marker", marker_moves(table, units, len(c.markers) < S.defender_markers)),
        _one("done"),
    ]


def _deploy(table, seat: int) -> Offers:
    units = attack_units(table)
    virtual = not table.zone(VIRTUAL) and table.zone(seat_zone(seat, "deck"))
    return [
        ("deploy", _deploys(table, seat, len(table.zone(ATTACK)) < S.attacker_slots)),
        ("deploy_virtual", [{"kind": "deploy_virtual"}] if virtual else []),
        ("marker", marker_moves(table, units, True)),
        ("done", [{"kind": "done"}] if units else []),
    ]


def _deploys(table, seat: int, room: bool) -> list[dict[str, Any]]:
    """A card of each name in the seat's hand to its board, while the board has room."""
    return [{"kind": "deploy", "card": n} for n in names(table.zone(seat_zone(seat, "hand")))] if room else []


def _recruit(table, seat: int) -> Offers:
    if table.options["recruit"] == "all":
        return [_one("recruit"), _one("decline")]
    return [
        ("recruit", [{"kind": "recruit", "card": n} for n in names(defeated_elites(table))]),
        _one("decline"),
    ]


def _relic(table, seat: int) -> Offers:
    return [_one("draw_relics"), _one("skip_relics")]


def _keep_relic(table, seat: int) -> Offers:
    drawn = names(table.zone(seat_zone(seat, "relic_draw")))
    return [("keep_relic", [{"kind": "keep_relic", "relic": n} for n in drawn])]


def _keep_medal(table, seat: int) -> Offers:
    n = len(table.zone(seat_zone(seat, "medal_pick")))
    return [("keep_medal", [{"kind": "keep_medal", "index": i} for i in range(n)])]


_STEPS = {
    "jump": _jump,
    "choose": _choose,
    "targets": _targets,
    "defend": _defend,
    "deploy": _deploy,
    "recruit": _recruit,
    "relic": _relic,
    "keep_relic": _keep_relic,
    "keep_medal": _keep_medal,
}


def explain(table, seat: int, cmd: dict[str, Any]) -> Illegal | None:
    """The specific rule an illegal command breaks; None falls back to the prompt's rule."""
    game, c = table.game, table.game.combat
    kind = cmd.get("kind")
    who = deciding(table)
    if kind in ("deploy", "deploy_virtual", "marker") and game.step in AFTER_ROLL:
        return Illegal("EP-S4-ROLL", "the die has been rolled: the deployed units cannot be changed any more")
    if game.step == "defend" and seat == c.attacker:
        return Illegal("EP-2B-DEFENDER", "the defender places first")
    if who is None:
        return None
    if who[0] != seat:
        return Illegal(who[1], f"{seat_name(who[0])} decides now ({game.step}), not {seat_name(seat)}")
    if kind == "challenge" and game.step == "choose":
        target = cmd.get("seat")
        if (
            target == seat
            or target not in range(table.players)
            or game.sabatons[target] != game.sabatons[seat]
        ):
            return Illegal(
                "EP-2B-TARGET",
                f"{seat_name(target)} is not another player whose Sabaton stands in {game.sabatons[seat]}",
            )
    if kind == "fight_epoch" and game.step == "choose":
        return Illegal(
            "EP-X-PHASE2", f"no face-up elite in {game.sabatons[seat]} to fight, or no unit card to deploy"
        )
    if kind in ("deploy", "marker") and game.step in ("defend", "deploy"):
        rule = who[1]
        if kind == "deploy":
            full = S.defender_slots if game.step == "defend" else S.attacker_slots
            board = DEFENCE if game.step == "defend" else ATTACK
            if len(table.zone(board)) >= full:
                return Illegal(rule, f"at most {full} units on this board")
            return Illegal(rule, f"no {cmd.get('card')!r} in {seat_name(seat)}'s hand")
        if cmd.get("unit") in c.markers:
            return Illegal(rule, "at most 1 war marker per unit")
        if game.step == "defend" and len(c.markers) >= S.defender_markers:
            return Illegal(rule, f"the defender assigns at most {S.defender_markers} war markers")
        return Illegal(rule, "that war marker is not in the display or that unit is not yours on the board")
    if kind == "done" and game.step == "deploy":
        return Illegal(who[1], "deploy at least one unit before the combat")
    if kind == "keep_relic" and game.step == "keep_relic":
        return Illegal(who[1], f"{cmd.get('relic')!r} is not among the relics you drew")
    if kind == "target" and game.step == "targets":
        return Illegal(
            "EP-X-TARGETS",
            "elites are taken from face-up spaces of the epoch, in "
            f"board-space order, at most {S.defender_slots}",
        )
    return None
