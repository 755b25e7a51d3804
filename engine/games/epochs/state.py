"""The game's own state and its fold. Cards live in core zones (names below); this state
holds only what zones cannot say: whose turn and step it is, where the Sabatons stand, and
the current combat's markers, face-down units, dice and result."""

from __future__ import annotations

import msgspec

# -- zone names (index 0 = top of a pile; on a combat board index 0 = nearest the front line)


def seat_zone(seat: int, what: str) -> str:
    """deck, hand, discard, relics, medals, relic_draw, medal_pick, relic_stake."""
    return f"p{seat}.{what}"


def epoch_zone(epoch: str, what: str) -> str:
    """deck, discard, space1..spaceN."""
    return f"e.{epoch}.{what}"


ATTACK, VIRTUAL, DEFENCE = "board.attack", "board.virtual", "board.defence"
WM_DECK, WM_DISPLAY, WM_DISCARD, WM_USED = "wm.deck", "wm.display", "wm.discard", "wm.used"
RELIC_DECK, RELIC_DISCARD = "relic.deck", "relic.discard"


def medal_image(medal: str) -> int:
    """Medal ids are `<name>#<seat shown>.<n>`: the image is public, the name is not."""
    return int(medal.split("#", 1)[1].split(".", 1)[0])


class Combat(msgspec.Struct):
    kind: str  # "epoch" (Phase 2.a) or "player" (Phase 2.b)
    attacker: int
    epoch: str
    defender: int | None = None
    last_space: int = 0  # 2.a: elites are taken in board-space order
    markers: dict[str, str] = {}  # unit card id -> war marker id on it
    defeated: list[str] = []  # face-down units, in the order they fell
    dice: list[str] = []  # faces assigned to [attacker, defender]
    winner: str = ""  # after melee: "attacker", "defender" or "none"


class EpochsState(msgspec.Struct):
    active: int = 0
    round: int = 1
    step: str = "jump"
    sabatons: list[str | None] = []
    honour: list[int] = []
    combat: Combat | None = None


def _combat(g: EpochsState) -> Combat:
    """The combat in progress: the events that change one come only while one is."""
    assert g.combat is not None, g.step
    return g.combat


def apply(table, ev) -> None:
    g: EpochsState = table.game
    d = ev.data
    typ = ev.type
    if typ == "turn.started":
        g.active, g.round, g.step, g.combat = d["seat"], d["round"], "jump", None
    elif typ == "seat.placed":
        g.sabatons[d["seat"]] = d["sabaton"]
        g.honour[d["seat"]] = d["honour"]
    elif typ == "sabaton.jumped":
        g.sabatons[d["seat"]] = d["epoch"]
        g.step = "choose"
    elif typ == "phase2.passed":
        g.step = "recovery"
    elif typ == "combat.declared":
        g.combat = Combat(d["kind"], d["attacker"], d["epoch"], d.get("defender"))
        g.step = "targets" if d["kind"] == "epoch" else "defend"
    elif typ == "elite.targeted":
        _combat(g).last_space = d["space"]
    elif typ == "deployment.opened":
        g.step = "deploy"
    elif typ == "marker.assigned":
        _combat(g).markers[d["unit"]] = d["marker"]
    elif typ == "dice.assigned":
        _combat(g).dice = [d["attacker"]["face"], d["defender"]["face"]]
        g.step = "combat"
    elif typ == "unit.defeated":
        _combat(g).defeated.append(d["card"])
    elif typ == "combat.decided":
        _combat(g).winner = d["winner"]
        g.step = "rewards"
    elif typ == "honour.gained":
        g.honour[d["seat"]] += d["n"]
    elif typ == "step.opened":
        g.step = d["step"]
    elif typ == "combat.cleared":
        g.step, g.combat = "recovery", None
