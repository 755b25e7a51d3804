"""Folding mk.* events into the state (the only place the game's own state changes)."""

from __future__ import annotations

import msgspec

from engine.games.mage_knight.apply_scenario_events import PART2_FOLD, score
from engine.games.mage_knight.cards import asks, banners, turn_effects
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import claims as mana_claims
from engine.games.mage_knight.map.board import Board, place_tile
from engine.games.mage_knight.readings import city as readings_city
from engine.games.mage_knight.skills import centre_tokens, rotating
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.state import Player, Unit


def _p(t, d):
    return t.game.players[d["seat"]]


def _setup(t, d):
    g = t.game
    g.scenario, g.shape, g.rounds = d["scenario"], d["shape"], d["rounds"]
    g.board = Board(shape=d["shape"], coast_rule=False)
    g.players = [Player(hero=h) for h in d["heroes"]]
    g.order = list(range(len(d["heroes"])))
    if "city_levels" in d:  # every scenario but First Reconnaissance (part2_apply.py)
        from engine.games.mage_knight.apply_scenario_events import scenario_setup

        scenario_setup(g, d)
    g.board.costs = terrain_costs(t.options)


def terrain_costs(options) -> dict[str, list[int]]:
    """A situation's `[overrides.forest] day = 4, night = 6`: the move costs the board uses
    (the content's for the side not given). Recorded in the game's options (game.created)."""
    out = {}
    for name, values in sorted(((options or {}).get("overrides") or {}).items()):
        if name in content().terrain and ("day" in values or "night" in values):
            base = content().terrain[name]
            out[name] = [values.get("day", base.day), values.get("night", base.night)]
    return out


def _tile(t, d):
    g = t.game
    place_tile(g.board, content(), d["tile"], tuple(d["centre"]), d.get("turn", 0))
    if content().tiles[d["tile"]].type == "core":
        g.core_revealed = True


def _enemies(t, d):
    t.game.board.spaces[d["space"]].enemies = list(d["tokens"])


def _source(t, d):
    t.game.source = list(d["faces"])


def _round(t, d):
    g = t.game
    g.round, g.night = d["round"], d["night"]
    g.night_no += 1 if d["night"] else 0
    g.announced_by, g.last_turns = -1, []
    for p in g.players:
        p.round_skills = []
        p.tactic = ""
        p.tactic_used, p.extra_turn, p.stolen_die = False, False, -1
        for u in p.units:
            u.ready = True


def _tactics(t, d):
    g = t.game
    g.phase = "tactics"
    g.tactics_open, g.pickers = list(d["open"]), list(d["pickers"])


def _tactic(t, d):
    g = t.game
    g.players[d["seat"]].tactic = d["tactic"]
    g.tactics_open.remove(d["tactic"])
    g.pickers.remove(d["seat"])


def _order(t, d):
    t.game.order = list(d["order"])


def _turn(t, d):
    g = t.game
    g.phase, g.active, g.turn_pos = "turn", d["seat"], d["pos"]
    p = g.players[d["seat"]]
    p.path = []
    if d.get("enter"):
        p.pos = d["enter"]
    p.move = p.influence = p.played = p.extra_dice = 0
    p.dice, p.used_skills, p.tokens, p.terrain_mods = [], [], [], []
    p.held_dice, p.move_bonus, p.interaction_bonus, p.black_any = [], [], [], False
    p.recruit_discount, p.ready_for_influence, p.defeat_bonus = [], [], []
    p.tactic_turn, p.returning = False, []
    p.recruit_bonus, p.card_bonus, p.terrain_hand_limit = [], [], []
    p.fresh, p.acted, p.moved, p.interacting, p.rested = True, False, False, False, False
    p.turn_effects = {}
    p.hand_was_empty = d.get("hand_was_empty", False)


def _points(t, d):
    p = _p(t, d)
    setattr(p, d["kind"], getattr(p, d["kind"]) + d["delta"])


def _terrain(t, d):
    _p(t, d).terrain_mods.append(dict(d["modifier"]))


def _fame(t, d):
    _p(t, d).fame = d["total"]


def _reputation(t, d):
    _p(t, d).reputation = d["total"]


def _crystal(t, d):
    p = _p(t, d)
    if d["delta"] < 0:  # spent crystals of the turn (Crystal Mastery)
        p.turn_effects["spent_crystals"] = [*p.turn_effects.get("spent_crystals", []), d["colour"]]
    n = p.crystals.get(d["colour"], 0) + d["delta"]
    if n:
        p.crystals[d["colour"]] = n
    else:
        p.crystals.pop(d["colour"], None)


def _token(t, d):
    p = _p(t, d)
    if d["delta"] > 0:
        p.tokens.append(d["colour"])
    else:
        p.tokens.remove(d["colour"])


def _die(t, d):
    _p(t, d).dice.append(d["index"])


def _die_set(t, d):
    t.game.source[d["index"]] = d["colour"]
    _p(t, d).held_dice.append(d["index"])


def _tactic_state(t, d):
    p = _p(t, d)
    for k, v in d.items():
        if k != "seat":
            setattr(p, k, v)


def _stolen_used(t, d):
    p = _p(t, d)
    p.stolen_die = -1
    p.returning.append(d["index"])


def _reward_due(t, d):
    _p(t, d).rewards.append(d["reward"])


def _reward_taken(t, d):
    _p(t, d).rewards.remove(d["reward"])


def _card_offer(t, d):
    setattr(_p(t, d), d["field"], list(d["value"]))


def _black_any(t, d):
    _p(t, d).black_any = True


def _move_bonus(t, d):
    _p(t, d).move_bonus = list(d["bonus"])


def _interaction_bonus(t, d):
    _p(t, d).interaction_bonus = list(d["bonus"])


def _die_rerolled(t, d):
    t.game.source[d["index"]] = d["face"]


def _played(t, d):
    p = _p(t, d)
    p.played += d.get("count", 1)
    p.fresh = False


def _moved(t, d):
    p = _p(t, d)
    p.path.append(p.pos)
    p.pos, p.moved, p.fresh = d["to"], True, False
    p.move -= d["cost"]


def _hero_damage_off(t, d):
    c = t.game.combat
    for element in d["elements"]:
        c.hero_damage_off[element] = c.hero_damage_off.get(element, 0) + d["amount"]


def _acted(t, d):
    p = _p(t, d)
    if not p.acted:
        p.move = 0
    p.acted, p.fresh = True, False
    if d.get("interacting"):
        p.interacting = True


def _recruited(t, d):
    _p(t, d).units.append(Unit(uid=d["uid"], unit=d["unit"]))


def _unit(t, d):
    for u in _p(t, d).units:
        if u.uid == d["uid"]:
            u.ready = d.get("ready", u.ready)
            if not u.ready:
                _p(t, d).fresh = False
            u.wounded = d.get("wounded", u.wounded)


def _skill_used(t, d):
    p = _p(t, d)
    (p.round_skills if d["per"] == "round" else p.used_skills).append(d["skill"])
    p.fresh = False


def _skill(t, d):
    _p(t, d).skills.append(d["skill"])


def _level(t, d):
    p = _p(t, d)
    p.level, p.armour, p.hand_limit, p.command = d["level"], d["armour"], d["hand_limit"], d["command"]
    if d.get("choice"):
        p.level_choices.append(d["level"])


def _level_chosen(t, d):
    _p(t, d).level_choices.remove(d["level"])


def _phase(t, d):
    t.game.phase = d["phase"]


def _announced(t, d):
    g = t.game
    g.announced_by, g.last_turns = d["seat"], list(d["last_turns"])


def _turn_done(t, d):
    g = t.game
    s = d["seat"]
    if s in g.last_turns:
        g.last_turns.remove(s)
    if s in g.final_turns:
        g.final_turns.remove(s)
    if s == g.dummy_seat:
        return
    p = g.players[s]
    p.tokens, p.move, p.influence = [], 0, 0


def _city(t, d):
    t.game.end_after_turn = True


def _scenario_end(t, d):
    g = t.game
    g.scenario_end, g.end_after_turn, g.final_turns = True, False, list(d["final_turns"])


def _monastery(t, d):
    t.game.monasteries.append(d["space"])


def _rested(t, d):
    p = _p(t, d)
    p.rested, p.fresh = True, False


def _combat_started(t, d):
    g = t.game
    g.combat = msgspec.convert(d["combat"], combat_machine.Combat)
    g.combat_kind, g.combat_space = d["kind"], d["space"]


def _combat_spaces(t, d):
    t.game.combat_spaces = list(d["spaces"])


def _combat_points(t, d):
    combat_machine.add_points(
        t.game.combat,
        d["kind"],
        d["element"],
        d["value"],
        d["source"],
        d.get("target", ""),
        d.get("not_target", ""),
    )


def _combat_over(t, d):
    g = t.game
    g.combat, g.combat_kind, g.combat_space, g.combat_spaces = None, "", "", []


def _unit_destroyed(t, d):
    p = _p(t, d)
    p.units = [u for u in p.units if u.uid != d["uid"]]


def _conquered(t, d):
    t.game.board.spaces[d["space"]].conquered_by = d["seat"]


def _burned(t, d):
    g = t.game
    if d["space"] in g.monasteries:
        g.monasteries.remove(d["space"])


def _placed(t, d):
    _p(t, d).pos = d["pos"]


def _nothing(t, d):
    pass


FOLD = {
    "mk.setup": _setup,
    "mk.tile": _tile,
    "mk.enemies": _enemies,
    "mk.source": _source,
    "mk.round": _round,
    "mk.tactics": _tactics,
    "mk.tactic": _tactic,
    "mk.order": _order,
    "mk.turn": _turn,
    "mk.points": _points,
    "mk.fame": _fame,
    "mk.reputation": _reputation,
    "mk.crystal": _crystal,
    "mk.token": _token,
    "mk.die": _die,
    "mk.die_rerolled": _die_rerolled,
    "mk.die_set": _die_set,
    "mk.black_any": _black_any,
    "mk.card_offer": _card_offer,
    "mk.reward_due": _reward_due,
    "mk.reward_taken": _reward_taken,
    "mk.tactic_state": _tactic_state,
    "mk.stolen_used": _stolen_used,
    "mk.move_bonus": _move_bonus,
    "mk.interaction_bonus": _interaction_bonus,
    "mk.played": _played,
    "mk.moved": _moved,
    "mk.acted": _acted,
    "mk.recruited": _recruited,
    "mk.skill_flipped": lambda t, d: t.game.players[d["seat"]].round_skills.remove(d["skill"]),
    "mk.token_turned": rotating.fold,
    "mk.command": passive_skills.fold_command,
    "mk.bond": passive_skills.fold_bond,
    "mk.claimed": mana_claims.fold,
    "mk.centre": centre_tokens.fold,
    "mk.hero_damage_off": _hero_damage_off,
    "mk.looked": lambda t, d: None,
    "mk.banner": banners.fold,
    "mk.banner_used": banners.fold_used,
    "mk.unit": _unit,
    "mk.skill_used": _skill_used,
    "mk.skill": _skill,
    "mk.level": _level,
    "mk.level_chosen": _level_chosen,
    "mk.phase": _phase,
    "mk.announced": _announced,
    "mk.turn_done": _turn_done,
    "mk.city_revealed": _city,
    "mk.scenario_end": _scenario_end,
    "mk.monastery": _monastery,
    "mk.rested": _rested,
    "mk.explored": _nothing,
    "mk.combat_started": _combat_started,
    "mk.combat_spaces": _combat_spaces,
    "mk.combat_points": _combat_points,
    "mk.combat_over": _combat_over,
    "mk.unit_destroyed": _unit_destroyed,
    "mk.conquered": _conquered,
    "mk.burned": _burned,
    "mk.turn_effect": turn_effects.fold,
    "mk.enemy_changed": turn_effects.fold_enemy,
    "mk.placed": _placed,
    "mk.terrain_cost": _terrain,
    "mk.effect": _nothing,
    "mk.forfeit": _nothing,
    "mk.score": score,
    "mk.city_restored": readings_city.fold_restored,
    "mk.asks": asks.fold,
}


def apply(t, ev) -> None:
    fn = FOLD.get(ev.type)
    if fn is None and ev.type in PART2_FOLD:
        PART2_FOLD[ev.type](t, ev.data)
        return
    if fn is None and ev.type.startswith("mk.combat."):
        combat_machine.fold(t.game.combat, ev.type, ev.data)
        return
    if fn is None and ev.type.startswith("cmd."):
        return  # decisions change nothing by themselves; their handlers emit the changes
    if fn is None:
        raise ValueError(f"mage-knight: no fold for event {ev.type!r}")
    fn(t, ev.data)
