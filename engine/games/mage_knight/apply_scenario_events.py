"""Folding the part-2 events (scenarios, cities, the dummy player, the final score) into the
state; apply.py dispatches here, so its own table stays as part 1 left it."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.map.board import Board
from engine.games.mage_knight.players.dummy import Dummy
from engine.games.mage_knight.scenarios.book import has_rule, scenarios

SHAPES = {
    "wedge": ("wedge", 5, True),
    "wedge_unrestricted": ("wedge", 5, False),
    "open_5": ("open", 5, False),
    "open_4": ("open", 4, False),
    "open_3": ("open", 3, False),
    "fixed": ("open", 3, False),
}  # fixed map: its picture is not in our text (stand-in: 3 rows)


def scenario_setup(game, d) -> None:

    shape, rows, coast = SHAPES[d["shape"]]
    game.board = Board(
        shape=shape,
        rows=rows,
        coast_rule=coast,
        owned_towers=has_rule(scenarios()[d["scenario"]], "towers_as_keeps"),
    )
    game.city_levels = list(d["city_levels"])
    game.board.teams = [list(x) for x in d.get("teams", [])]


def _secret_due(table, d):
    table.game.secret_due.append(dict(d))


def _secret_done(table, d):
    game = table.game
    game.secret_due = [x for x in game.secret_due if not (x["seat"] == d["seat"] and x["near"] == d["near"])]


def _secret_site(table, d):
    game = table.game
    game.board.spaces[d["space"]].site = d["site"]
    game.secret_sites.append(d["space"])


def _glade(table, d):
    table.game.glades.setdefault(d["space"], []).append(d["seat"])


def _chanted(table, d):
    game = table.game
    game.chanted.append(d["seat"])
    game.chant_crystals[str(d["seat"])] = d["crystals"]


def _chant_paid(table, d):
    table.game.chant_crystals.pop(str(d["seat"]), None)


def _glades_cleared(table, d):
    table.game.glades, table.game.chanted = {}, []


def _joint_proposed(table, d):
    table.game.joint = {
        "initiator": d["initiator"],
        "shares": [list(x) for x in d["shares"]],
        "space": d["space"],
        "agreed": [],
        "fought": [],
        "started": False,
        "dealt": {},
        "from": {},
    }


def _joint_refused(table, d):
    table.game.joint = {}


def _joint_agreed(table, d):
    table.game.joint["agreed"].append(d["seat"])


def _face_down(table, d):
    table.game.face_down.extend(d["seats"])


def _face_up(table, d):
    table.game.face_down.remove(d["seat"])


def _joint_started(table, d):
    j = table.game.joint
    j["started"], j["dealt"], j["from"] = True, dict(d["dealt"]), dict(d["from"])


def _joint_fight(table, d):
    game = table.game
    game.active = d["seat"]
    if d["seat"] != game.joint["initiator"]:  # one Source die for this fight (MK:13:Coop:6)
        p = game.players[d["seat"]]
        p.dice, p.extra_dice, p.held_dice = [], 0, []


def _joint_fought(table, d):
    table.game.joint["fought"].append(d["seat"])


def _joint_over(table, d):
    game = table.game
    game.active, game.joint = d["initiator"], {}


def _pvp(table, d):
    game = table.game
    game.pvp = dict(d["pvp"])
    game.active = d["active"]
    if game.combat is not None:  # the enemy-less combat's phase takes the next points
        game.combat.phase = d["phase"]
        if d["clear"]:
            game.combat.pool = []


def _pvp_over(table, d):
    game = table.game
    game.pvp, game.combat, game.combat_kind, game.combat_space, game.combat_spaces = {}, None, "", "", []
    game.active = d["aggressor"]


def _improve(table, d):
    game = table.game
    game.phase, game.improve = "improve", {"order": list(d["order"]), "next_round": d["next_round"]}


def _improve_pick(table, d):
    table.game.improve["order"].remove(d["seat"])


def _improve_done(table, d):
    table.game.improve = {}


def _icombat(table, d):
    table.game.icombat = dict(d)


def _auction(table, d):
    game = table.game
    game.phase, game.auction = "auction", dict(d)


def _hero(table, d):
    table.game.players[d["seat"]].hero = d["hero"]


def _auction_done(table, d):
    table.game.auction = {"order": list(d["order"]), "done": True}


def _conceded(table, d):
    table.game.conceded.extend(d["seats"])


def _draft(table, d):
    game = table.game
    game.draft = dict(d)
    if d:
        game.phase = "draft"


def _eliminated(table, d):
    p = table.game.players[d["seat"]]
    p.out, p.pos = True, ""


def _dummy_setup(table, d):
    game = table.game
    game.dummy = Dummy(hero=d["hero"], crystals=dict(d["crystals"]))
    game.dummy_seat = d["seat"]
    game.order.append(d["seat"])


def _dummy_turn(table, d):
    pass  # its cards move as zone events; the event says what it revealed


def _dummy_announced(table, d):
    table.game.dummy.announced = True


def _dummy_crystal(table, d):
    cr = table.game.dummy.crystals
    n = cr.get(d["colour"], 0) + d.get("delta", 1)  # a situation sets them (delta)
    if n:
        cr[d["colour"]] = n
    else:
        cr.pop(d["colour"], None)


def _dummy_tactic(table, d):
    game = table.game
    game.dummy_tactic = d["tactic"]
    game.tactics_open.remove(d["tactic"])
    game.pickers.remove(game.dummy_seat)


def _dummy_round(table, d):
    table.game.dummy.announced = False
    table.game.dummy_tactic = ""


def _tactics_removed(table, d):
    table.game.removed_tactics.extend(d["tactics"])


def _city(table, d):
    game = table.game
    face_down = state.garrison(d["spaces"][0])  # the tokens' ids stay out of the public event
    game.cities.append(
        cities_rules.City(
            colours=list(d["colours"]),
            level=d["level"],
            spaces=list(d["spaces"]),
            garrison=list(table.zones[face_down].cards) if face_down in table.zones else [],
            status=d["status"],
            shields=list(d.get("shields", [])),
        )
    )
    if d["status"] == "hostile" and game.city_levels:
        game.city_levels.pop(0)
    for k in d["spaces"][1:]:  # a Megalopolis's second space is a city space too
        if k in game.board.spaces:
            game.board.spaces[k].site = "city"
    if d["status"] == "friendly":
        for k in d["spaces"]:
            game.board.spaces[k].conquered_by = -2  # everyone's: entered, never assaulted


def city_at(game, space: str):
    return next((c for c in game.cities if space in c.spaces), None)


def _city_shields(table, d):
    game = table.game
    c = city_at(game, d["space"])
    i = game.cities.index(c)
    game.cities[i] = cities_rules.fold(c, cities_rules.Event("mk.city_shields", d, ""))


def _city_conquered(table, d):
    game = table.game
    c = city_at(game, d["spaces"][0])
    i = game.cities.index(c)
    game.cities[i] = cities_rules.fold(c, cities_rules.Event("mk.city_conquered", d, ""))
    for k in d["spaces"]:
        game.board.spaces[k].conquered_by = d["leader"]


def score(table, d):
    table.game.final[str(d["seat"])] = {"total": d["total"], "lines": list(d["lines"])}


PART2_FOLD = {
    "mk.dummy_setup": _dummy_setup,
    "mk.dummy_turn": _dummy_turn,
    "mk.dummy_announced": _dummy_announced,
    "mk.dummy_crystal": _dummy_crystal,
    "mk.dummy_tactic": _dummy_tactic,
    "mk.dummy_round": _dummy_round,
    "mk.tactics_removed": _tactics_removed,
    "mk.city": _city,
    "mk.city_shields": _city_shields,
    "mk.city_conquered": _city_conquered,
    "mk.eliminated": _eliminated,
    "mk.draft": _draft,
    "mk.conceded": _conceded,
    "mk.auction": _auction,
    "mk.hero": _hero,
    "mk.auction_done": _auction_done,
    "mk.icombat": _icombat,
    "mk.improve": _improve,
    "mk.improve_pick": _improve_pick,
    "mk.improve_done": _improve_done,
    "mk.pvp": _pvp,
    "mk.pvp_over": _pvp_over,
    "mk.joint_proposed": _joint_proposed,
    "mk.joint_refused": _joint_refused,
    "mk.joint_agreed": _joint_agreed,
    "mk.face_down": _face_down,
    "mk.face_up": _face_up,
    "mk.joint_started": _joint_started,
    "mk.joint_fight": _joint_fight,
    "mk.joint_fought": _joint_fought,
    "mk.joint_over": _joint_over,
    "mk.glade": _glade,
    "mk.chanted": _chanted,
    "mk.chant_paid": _chant_paid,
    "mk.glades_cleared": _glades_cleared,
    "mk.secret_due": _secret_due,
    "mk.secret_done": _secret_done,
    "mk.secret_site": _secret_site,
}
