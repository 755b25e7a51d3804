"""The fold of the game's own events into RAState (events are the truth, invariant 1)."""

from __future__ import annotations

import msgspec

from engine.games.rune_age.scenarios import OLD_KEYS
from engine.games.rune_age.state import Combat, EventPhase, RuneChoice, Take


def _setup(game, d):
    for k in ("pack", "scenario", "solo", "die", "overrides"):
        if k in d:
            setattr(game, k, d[k])
    game.scenario = OLD_KEYS.get(game.scenario, game.scenario)  # schema 1 folded raw (scenarios.py)


def _races(game, d):
    game.races = list(d["races"])


def _seating(game, d):
    game.order, game.first = list(d["order"]), d["order"][0]


def _round(game, d):
    game.round, game.attacked, game.built = d["round"], [], []


def _turn(game, d):
    game.active, game.phase, game.used, game.action, game.pool, game.kept = d["seat"], "turn", [], "", 0, []


def _phase(game, d):
    game.phase = d["phase"]


def _refreshed(game, d):
    game.exhausted = [c for c in game.exhausted if c not in d["cards"]]


def _exhausted(game, d):
    if d["card"] not in game.exhausted:
        game.exhausted.append(d["card"])


def _action(game, d):
    game.action, game.pool = d["action"], 0


def _gained(game, d):
    game.pool += d["amount"]


def _spent(game, d):
    game.pool -= d["amount"]


def _action_ended(game, d):
    game.action, game.pool = "", 0


def _kept(game, d):
    game.kept.append(d["card"])
    game.pool -= 1


def _used(game, d):
    game.used.append(d["card"])


def _attacked(game, d):
    game.attacked.append(f"{d['seat']}>{d['target']}")


def _combat(game, d):
    game.combat = msgspec.convert(d["combat"], Combat)


def _combat_set(game, d):
    for k, v in d["set"].items():
        setattr(game.combat, k, v)


def _wounded(game, d):
    game.combat.wounded.append(d["card"])


def _strength(game, d):
    game.combat.bonus[d["side"]] += d["amount"]


def _combat_ended(game, d):
    game.combat = None


def _eliminated(game, d):
    game.eliminated.append(d["seat"])


def _first(game, d):
    game.first = d["seat"]


def _event_phase(game, d):
    """A40: ability uses are counted per turn; the event phase starts a fresh count."""
    game.ev, game.used = msgspec.convert(d["ev"], EventPhase), []


def _event_set(game, d):
    for k, v in d["set"].items():
        setattr(game.ev, k, v)


def _tribute(game, d):
    game.ev.chosen[str(d["seat"])] = d["card"]
    game.ev.waiting.remove(d["seat"])


def _event_phase_ended(game, d):
    game.ev = None


def _lasting(game, d):
    game.lasting[d["card"]] = d["until"]


def _lasting_ended(game, d):
    game.lasting.pop(d["card"], None)


def _built(game, d):
    game.built.append(d["seat"])


def _rune_choice(game, d):
    game.rune_choice = RuneChoice(d["seat"], list(d["cards"]))


def _rune_chosen(game, d):
    game.rune_choice = None


def _take(game, d):
    game.take = Take(d["seat"], d["victim"])


def _taken(game, d):
    game.take = None


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
