"""The fold of the game's own events into RAState (events are the truth, invariant 1)."""

from __future__ import annotations

import msgspec

from engine.games.rune_age.scenarios import OLD_KEYS
from engine.games.rune_age.state import Combat, EventPhase, RuneChoice, Take


def _setup(g, d):
    for k in ("pack", "scenario", "solo", "die", "overrides"):
        if k in d:
            setattr(g, k, d[k])
    g.scenario = OLD_KEYS.get(g.scenario, g.scenario)  # schema 1 folded raw (scenarios.py)


def _races(g, d):
    g.races = list(d["races"])


def _seating(g, d):
    g.order, g.first = list(d["order"]), d["order"][0]


def _round(g, d):
    g.round, g.attacked, g.built = d["round"], [], []


def _turn(g, d):
    g.active, g.phase, g.used, g.action, g.pool, g.kept = d["seat"], "turn", [], "", 0, []


def _phase(g, d):
    g.phase = d["phase"]


def _refreshed(g, d):
    g.exhausted = [c for c in g.exhausted if c not in d["cards"]]


def _exhausted(g, d):
    if d["card"] not in g.exhausted:
        g.exhausted.append(d["card"])


def _action(g, d):
    g.action, g.pool = d["action"], 0


def _gained(g, d):
    g.pool += d["amount"]


def _spent(g, d):
    g.pool -= d["amount"]


def _action_ended(g, d):
    g.action, g.pool = "", 0


def _kept(g, d):
    g.kept.append(d["card"])
    g.pool -= 1


def _used(g, d):
    g.used.append(d["card"])


def _attacked(g, d):
    g.attacked.append(f"{d['seat']}>{d['target']}")


def _combat(g, d):
    g.combat = msgspec.convert(d["combat"], Combat)


def _combat_set(g, d):
    for k, v in d["set"].items():
        setattr(g.combat, k, v)


def _wounded(g, d):
    g.combat.wounded.append(d["card"])


def _strength(g, d):
    g.combat.bonus[d["side"]] += d["amount"]


def _combat_ended(g, d):
    g.combat = None


def _eliminated(g, d):
    g.eliminated.append(d["seat"])


def _first(g, d):
    g.first = d["seat"]


def _event_phase(g, d):
    """A40: ability uses are counted per turn; the event phase starts a fresh count."""
    g.ev, g.used = msgspec.convert(d["ev"], EventPhase), []


def _event_set(g, d):
    for k, v in d["set"].items():
        setattr(g.ev, k, v)


def _tribute(g, d):
    g.ev.chosen[str(d["seat"])] = d["card"]
    g.ev.waiting.remove(d["seat"])


def _event_phase_ended(g, d):
    g.ev = None


def _lasting(g, d):
    g.lasting[d["card"]] = d["until"]


def _lasting_ended(g, d):
    g.lasting.pop(d["card"], None)


def _built(g, d):
    g.built.append(d["seat"])


def _rune_choice(g, d):
    g.rune_choice = RuneChoice(d["seat"], list(d["cards"]))


def _rune_chosen(g, d):
    g.rune_choice = None


def _take(g, d):
    g.take = Take(d["seat"], d["victim"])


def _taken(g, d):
    g.take = None


FOLD = {
    "ra.setup": _setup,
    "ra.races": _races,
    "ra.seating": _seating,
    "ra.round": _round,
    "ra.turn": _turn,
    "ra.phase": _phase,
    "ra.refreshed": _refreshed,
    "ra.exhausted": _exhausted,
    "ra.action": _action,
    "ra.gained": _gained,
    "ra.spent": _spent,
    "ra.action_ended": _action_ended,
    "ra.kept": _kept,
    "ra.ability_used": _used,
    "ra.attacked": _attacked,
    "ra.combat": _combat,
    "ra.combat_step": _combat_set,
    "ra.wounded": _wounded,
    "ra.strength": _strength,
    "ra.combat_ended": _combat_ended,
    "ra.eliminated": _eliminated,
    "ra.first_player": _first,
    "ra.event_phase": _event_phase,
    "ra.event_step": _event_set,
    "ra.tribute_chosen": _tribute,
    "ra.event_phase_ended": _event_phase_ended,
    "ra.lasting": _lasting,
    "ra.lasting_expired": _lasting_ended,
    "ra.monument_built": _built,
    "ra.rune_choice": _rune_choice,
    "ra.rune_chosen": _rune_chosen,
    "ra.take": _take,
    "ra.taken": _taken,
}
# Events that only record a fact for the audit trail and change no state.
RECORD_ONLY = frozenset({"ra.announced", "ra.casualties", "ra.outcome", "ra.hand_shown", "ra.forfeited"})


def apply(table, ev) -> None:
    fn = FOLD.get(ev.type)
    if fn is not None:
        fn(table.game, ev.data)
    elif ev.type not in RECORD_ONLY and not ev.type.startswith("cmd."):
        raise ValueError(f"rune-age cannot fold event type {ev.type}")
