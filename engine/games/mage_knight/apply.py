"""Folding mk.* events into the state (the only place the game's own state changes)."""

from __future__ import annotations

import msgspec

from engine.games.mage_knight.apply_scenario_events import PART2_FOLD, scenario_setup, score
from engine.games.mage_knight.cards import asks, banners, turn_effects
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import claims as mana_claims
from engine.games.mage_knight.map.board import Board, place_tile
from engine.games.mage_knight.readings import city as readings_city
from engine.games.mage_knight.skills import centre_tokens, rotating
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.state import Player, Unit


def _p(table, d):
    return table.game.players[d["seat"]]


def _setup(table, d):
    game = table.game
    game.scenario, game.shape, game.rounds = d["scenario"], d["shape"], d["rounds"]
    game.board = Board(shape=d["shape"], coast_rule=False)
    game.players = [Player(hero=h) for h in d["heroes"]]
    game.order = list(range(len(d["heroes"])))
    if "city_levels" in d:  # every scenario but First Reconnaissance (part2_apply.py)
        scenario_setup(game, d)
    game.board.costs = terrain_costs(table.options)


def terrain_costs(options) -> dict[str, list[int]]:
    """A situation's `[overrides.forest] day = 4, night = 6`: the move costs the board uses
    (the content's for the side not given). Recorded in the game's options (game.created)."""
    out = {}
    for name, values in sorted(((options or {}).get("overrides") or {}).items()):
        if name in content().terrain and ("day" in values or "night" in values):
            base = content().terrain[name]
            out[name] = [values.get("day", base.day), values.get("night", base.night)]
    return out


def _tile(table, d):
    game = table.game
    place_tile(game.board, content(), d["tile"], tuple(d["centre"]), d.get("turn", 0))
    if content().tiles[d["tile"]].type == "core":
        game.core_revealed = True


def _enemies(table, d):
    table.game.board.spaces[d["space"]].enemies = list(d["tokens"])


def _source(table, d):
    table.game.source = list(d["faces"])


def _round(table, d):
    game = table.game
    game.round, game.night = d["round"], d["night"]
    game.night_no += 1 if d["night"] else 0
    game.announced_by, game.last_turns = -1, []
    for p in game.players:
        p.round_skills = []
        p.tactic = ""
        p.tactic_used, p.extra_turn, p.stolen_die = False, False, -1
        for u in p.units:
            u.ready = True


def _tactics(table, d):
    game = table.game
    game.phase = "tactics"
    game.tactics_open, game.pickers = list(d["open"]), list(d["pickers"])


def _tactic(table, d):
    game = table.game
    game.players[d["seat"]].tactic = d["tactic"]
    game.tactics_open.remove(d["tactic"])
    game.pickers.remove(d["seat"])


def _order(table, d):
    table.game.order = list(d["order"])


def _turn(table, d):
    game = table.game
    game.phase, game.active, game.turn_pos = "turn", d["seat"], d["pos"]
    p = game.players[d["seat"]]
    p.path = []
    if d.get("enter"):
        p.pos = d["enter"]
    p.move = p.influence = p.played = p.extra_dice = p.healing = 0
    p.dice, p.used_skills, p.tokens, p.terrain_mods = [], [], [], []
    p.held_dice, p.move_bonus, p.interaction_bonus, p.black_any = [], [], [], False
    p.recruit_discount, p.ready_for_influence, p.defeat_bonus = [], [], []
    p.tactic_turn, p.returning = False, []
    p.recruit_bonus, p.card_bonus, p.terrain_hand_limit = [], [], []
    p.fresh, p.acted, p.moved, p.interacting, p.rested = True, False, False, False, False
    p.turn_effects = {}
    p.hand_was_empty = d.get("hand_was_empty", False)


def _points(table, d):
    p = _p(table, d)
    setattr(p, d["kind"], getattr(p, d["kind"]) + d["delta"])


def _terrain(table, d):
    _p(table, d).terrain_mods.append(dict(d["modifier"]))


def _fame(table, d):
    _p(table, d).fame = d["total"]


def _reputation(table, d):
    _p(table, d).reputation = d["total"]


def _crystal(table, d):
    p = _p(table, d)
    if d["delta"] < 0:  # spent crystals of the turn (Crystal Mastery)
        p.turn_effects["spent_crystals"] = [*p.turn_effects.get("spent_crystals", []), d["colour"]]
    n = p.crystals.get(d["colour"], 0) + d["delta"]
    if n:
        p.crystals[d["colour"]] = n
    else:
        p.crystals.pop(d["colour"], None)


def _token(table, d):
    p = _p(table, d)
    if d["delta"] > 0:
        p.tokens.append(d["colour"])
    else:
        p.tokens.remove(d["colour"])


def _die(table, d):
    _p(table, d).dice.append(d["index"])


def _die_set(table, d):
    table.game.source[d["index"]] = d["colour"]
    _p(table, d).held_dice.append(d["index"])


def _tactic_state(table, d):
    p = _p(table, d)
    for k, v in d.items():
        if k != "seat":
            setattr(p, k, v)


def _stolen_used(table, d):
    p = _p(table, d)
    p.stolen_die = -1
    p.returning.append(d["index"])


def _reward_due(table, d):
    _p(table, d).rewards.append(d["reward"])


def _reward_taken(table, d):
    _p(table, d).rewards.remove(d["reward"])


def _card_offer(table, d):
    setattr(_p(table, d), d["field"], list(d["value"]))


def _black_any(table, d):
    _p(table, d).black_any = True


def _move_bonus(table, d):
    _p(table, d).move_bonus = list(d["bonus"])


def _interaction_bonus(table, d):
    _p(table, d).interaction_bonus = list(d["bonus"])


def _die_rerolled(table, d):
    table.game.source[d["index"]] = d["face"]


def _played(table, d):
    p = _p(table, d)
    p.played += d.get("count", 1)
    p.fresh = False


def _moved(table, d):
    p = _p(table, d)
    p.path.append(p.pos)
    p.pos, p.moved, p.fresh = d["to"], True, False
    p.move -= d["cost"]


def _hero_damage_off(table, d):
    c = table.game.combat
    for element in d["elements"]:
        c.hero_damage_off[element] = c.hero_damage_off.get(element, 0) + d["amount"]


def _acted(table, d):
    p = _p(table, d)
    if not p.acted:
        p.move = 0
    p.acted, p.fresh = True, False
    if d.get("interacting"):
        p.interacting = True


def _recruited(table, d):
    _p(table, d).units.append(Unit(uid=d["uid"], unit=d["unit"]))


def _unit(table, d):
    for u in _p(table, d).units:
        if u.uid == d["uid"]:
            u.ready = d.get("ready", u.ready)
            if not u.ready:
                _p(table, d).fresh = False
            u.wounded = d.get("wounded", u.wounded)


def _skill_used(table, d):
    p = _p(table, d)
    (p.round_skills if d["per"] == "round" else p.used_skills).append(d["skill"])
    p.fresh = False


def _skill(table, d):
    _p(table, d).skills.append(d["skill"])


def _level(table, d):
    p = _p(table, d)
    p.level, p.armour, p.hand_limit, p.command = d["level"], d["armour"], d["hand_limit"], d["command"]
    if d.get("choice"):
        p.level_choices.append(d["level"])


def _level_chosen(table, d):
    _p(table, d).level_choices.remove(d["level"])


def _phase(table, d):
    table.game.phase = d["phase"]


def _announced(table, d):
    game = table.game
    game.announced_by, game.last_turns = d["seat"], list(d["last_turns"])


def _turn_done(table, d):
    game = table.game
    s = d["seat"]
    if s in game.last_turns:
        game.last_turns.remove(s)
    if s in game.final_turns:
        game.final_turns.remove(s)
    if s == game.dummy_seat:
        return
    p = game.players[s]
    p.tokens, p.move, p.influence, p.healing = [], 0, 0, 0


def _city(table, d):
    table.game.end_after_turn = True


def _scenario_end(table, d):
    game = table.game
    game.scenario_end, game.end_after_turn, game.final_turns = True, False, list(d["final_turns"])


def _monastery(table, d):
    table.game.monasteries.append(d["space"])


def _rested(table, d):
    p = _p(table, d)
    p.rested, p.fresh = True, False


def _combat_started(table, d):
    game = table.game
    for p in game.players:  # unused healing points are lost when a combat starts (MK:11:Wounds:3)
        p.healing = 0
    game.combat = msgspec.convert(d["combat"], combat_machine.Combat)
    game.combat_kind, game.combat_space = d["kind"], d["space"]


def _combat_spaces(table, d):
    table.game.combat_spaces = list(d["spaces"])


def _combat_points(table, d):
    combat_machine.add_points(
        table.game.combat,
        d["kind"],
        d["element"],
        d["value"],
        d["source"],
        d.get("target", ""),
        d.get("not_target", ""),
    )


def _combat_over(table, d):
    game = table.game
    game.combat, game.combat_kind, game.combat_space, game.combat_spaces = None, "", "", []


def _unit_destroyed(table, d):
    p = _p(table, d)
    p.units = [u for u in p.units if u.uid != d["uid"]]


def _conquered(table, d):
    table.game.board.spaces[d["space"]].conquered_by = d["seat"]


def _burned(table, d):
    game = table.game
    if d["space"] in game.monasteries:
        game.monasteries.remove(d["space"])


def _placed(table, d):
    _p(table, d).pos = d["pos"]


def _nothing(table, d):
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


def _step(type: str):
    """The fold of one event type: its own, part 2's, the combat machine's or none (a
    decision changes nothing by itself; its handlers emit the changes)."""
    fn = FOLD.get(type) or PART2_FOLD.get(type)
    if fn is not None:
        return fn
    if type.startswith("mk.combat."):
        return lambda table, d: combat_machine.fold(table.game.combat, type, d)
    if type.startswith("cmd."):
        return _nothing
    raise ValueError(f"mage-knight: no fold for event {type!r}")


# Each type's step, found once: `apply` runs for every event of every game and rebuild.
_STEPS: dict = {}


def apply(table, ev) -> None:
    fn = _STEPS.get(ev.type)
    if fn is None:
        fn = _STEPS[ev.type] = _step(ev.type)
    fn(table, ev.data)
