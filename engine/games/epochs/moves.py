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
)
from engine.games.epochs.state import (
    ATTACK,
    DEFENCE,
    VIRTUAL,
    WM_DISPLAY,
    epoch_zone,
    seat_zone,
)
from engine.mechanics import zones
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


def deciding(t) -> tuple[int, str] | None:
    """(seat, rule) of the one open decision."""
    g = t.game
    c = g.combat
    step = g.step
    if step == "defend":
        return c.defender, STEP_RULE[step]
    if step == "keep_medal":
        return decided(c)[0], STEP_RULE[step]
    if step == "deploy":
        return c.attacker, deploy_rule(t)
    if step in ("relic", "keep_relic"):
        return c.attacker, relic_rule(t)
    if step in STEP_RULE:
        return g.active, STEP_RULE[step]
    return None


def prompts(t) -> list[Prompt]:
    who = deciding(t)
    return [] if who is None else [Prompt(who[0], t.game.step, who[1])]


def names(cards: list[str]) -> list[str]:
    return sorted({zones.card_name(c) for c in cards})


def face_up_spaces(t, epoch: str, after: int = 0) -> list[int]:
    """Board spaces of the epoch holding a face-up elite, after space `after`."""
    return [i for i in range(after + 1, S.spaces_per_epoch + 1) if t.zone(epoch_zone(epoch, f"space{i}"))]


def can_deploy(t, seat: int) -> bool:
    return bool(t.zone(seat_zone(seat, "hand")) or t.zone(seat_zone(seat, "deck")))


def marker_moves(t, units: list[str], room: bool) -> list[dict[str, Any]]:
    c = t.game.combat
    if not room:
        return []
    bare = [u for u in units if u not in c.markers]
    return [{"kind": "marker", "marker": m, "unit": u} for m in names(t.zone(WM_DISPLAY)) for u in bare]


def legal_commands(t, seat: int) -> list[dict[str, Any]]:
    who = deciding(t)
    if who is None or who[0] != seat:
        return []
    g, c = t.game, t.game.combat
    step = g.step
    hand = t.zone(seat_zone(seat, "hand"))
    if step == "jump":
        return [{"kind": "jump", "epoch": e} for e in S.epochs]
    if step == "choose":
        here = g.sabatons[seat]
        out: list[dict[str, Any]] = []
        if face_up_spaces(t, here) and can_deploy(t, seat):
            out.append({"kind": "fight_epoch"})
        if can_deploy(t, seat):
            out += [
                {"kind": "challenge", "seat": s}
                for s in range(t.players)
                if s != seat and g.sabatons[s] == here
            ]
        return [*out, {"kind": "pass"}]
    if step == "targets":
        out = [
            {"kind": "target", "space": i}
            for i in face_up_spaces(t, c.epoch, c.last_space)
            if len(t.zone(DEFENCE)) < S.defender_slots
        ]
        return out + ([{"kind": "done"}] if t.zone(DEFENCE) else [])
    if step == "defend":
        units = t.zone(DEFENCE)
        out = [{"kind": "deploy", "card": n} for n in names(hand) if len(units) < S.defender_slots]
        out += marker_moves(t, units, len(c.markers) < S.defender_markers)
        return [*out, {"kind": "done"}]
    if step == "deploy":
        out = [{"kind": "deploy", "card": n} for n in names(hand) if len(t.zone(ATTACK)) < S.attacker_slots]
        if not t.zone(VIRTUAL) and t.zone(seat_zone(seat, "deck")):
            out.append({"kind": "deploy_virtual"})
        out += marker_moves(t, attack_units(t), True)
        return out + ([{"kind": "done"}] if attack_units(t) else [])
    if step == "recruit":
        if t.options["recruit"] == "all":
            return [{"kind": "recruit"}, {"kind": "decline"}]
        return [{"kind": "recruit", "card": n} for n in names(defeated_elites(t))] + [{"kind": "decline"}]
    if step == "relic":
        return [{"kind": "draw_relics"}, {"kind": "skip_relics"}]
    if step == "keep_relic":
        return [{"kind": "keep_relic", "relic": n} for n in names(t.zone(seat_zone(seat, "relic_draw")))]
    if step == "keep_medal":
        return [{"kind": "keep_medal", "index": i} for i in range(len(t.zone(seat_zone(seat, "medal_pick"))))]
    return []


def explain(t, seat: int, cmd: dict[str, Any]) -> Illegal | None:
    """The specific rule an illegal command breaks; None falls back to the prompt's rule."""
    g, c = t.game, t.game.combat
    kind = cmd.get("kind")
    who = deciding(t)
    if kind in ("deploy", "deploy_virtual", "marker") and g.step in AFTER_ROLL:
        return Illegal("EP-S4-ROLL", "the die has been rolled: the deployed units cannot be changed any more")
    if g.step == "defend" and seat == c.attacker:
        return Illegal("EP-2B-DEFENDER", "the defender places first")
    if who is None:
        return None
    if who[0] != seat:
        return Illegal(who[1], f"seat {who[0]} decides now ({g.step}), not seat {seat}")
    if kind == "challenge" and g.step == "choose":
        target = cmd.get("seat")
        if target == seat or target not in range(t.players) or g.sabatons[target] != g.sabatons[seat]:
            return Illegal(
                "EP-2B-TARGET",
                f"seat {target} is not another player whose Sabaton stands in {g.sabatons[seat]}",
            )
    if kind == "fight_epoch" and g.step == "choose":
        return Illegal(
            "EP-X-PHASE2", f"no face-up elite in {g.sabatons[seat]} to fight, or no unit card to deploy"
        )
    if kind in ("deploy", "marker") and g.step in ("defend", "deploy"):
        rule = who[1]
        if kind == "deploy":
            full = S.defender_slots if g.step == "defend" else S.attacker_slots
            board = DEFENCE if g.step == "defend" else ATTACK
            if len(t.zone(board)) >= full:
                return Illegal(rule, f"at most {full} units on this board")
            return Illegal(rule, f"no {cmd.get('card')!r} in seat {seat}'s hand")
        if cmd.get("unit") in c.markers:
            return Illegal(rule, "at most 1 war marker per unit")
        if g.step == "defend" and len(c.markers) >= S.defender_markers:
            return Illegal(rule, f"the defender assigns at most {S.defender_markers} war markers")
        return Illegal(rule, "that war marker is not in the display or that unit is not yours on the board")
    if kind == "done" and g.step == "deploy":
        return Illegal(who[1], "deploy at least one unit before the combat")
    if kind == "keep_relic" and g.step == "keep_relic":
        return Illegal(who[1], f"{cmd.get('relic')!r} is not among the relics you drew")
    if kind == "target" and g.step == "targets":
        return Illegal(
            "EP-X-TARGETS",
            "elites are taken from face-up spaces of the epoch, in "
            f"board-space order, at most {S.defender_slots}",
        )
    return None
