"""Folding the part-2 events (scenarios, cities, the dummy player, the final score) into the
state; apply.py dispatches here, so its own table stays as part 1 left it."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.map.board import Board
from engine.games.mage_knight.players.dummy import Dummy

SHAPES = {
    "wedge": ("wedge", 5, True),
    "wedge_unrestricted": ("wedge", 5, False),
    "open_5": ("open", 5, False),
    "open_4": ("open", 4, False),
    "open_3": ("open", 3, False),
    "fixed": ("open", 3, False),
}  # fixed map: its picture is not in our text (stand-in: 3 rows)


def scenario_setup(g, d) -> None:
    from engine.games.mage_knight.scenarios.book import has_rule, scenarios

    shape, rows, coast = SHAPES[d["shape"]]
    g.board = Board(
        shape=shape,
        rows=rows,
        coast_rule=coast,
        owned_towers=has_rule(scenarios()[d["scenario"]], "towers_as_keeps"),
    )
    g.city_levels = list(d["city_levels"])
    g.board.teams = [list(x) for x in d.get("teams", [])]


def _secret_due(t, d):
    t.game.secret_due.append(dict(d))


def _secret_done(t, d):
    g = t.game
    g.secret_due = [x for x in g.secret_due if not (x["seat"] == d["seat"] and x["near"] == d["near"])]


def _secret_site(t, d):
    g = t.game
    g.board.spaces[d["space"]].site = d["site"]
    g.secret_sites.append(d["space"])


def _glade(t, d):
    t.game.glades.setdefault(d["space"], []).append(d["seat"])


def _chanted(t, d):
    g = t.game
    g.chanted.append(d["seat"])
    g.chant_crystals[str(d["seat"])] = d["crystals"]


def _chant_paid(t, d):
    t.game.chant_crystals.pop(str(d["seat"]), None)


def _glades_cleared(t, d):
    t.game.glades, t.game.chanted = {}, []


def _joint_proposed(t, d):
    t.game.joint = {
        "initiator": d["initiator"],
        "shares": [list(x) for x in d["shares"]],
        "space": d["space"],
        "agreed": [],
        "fought": [],
        "started": False,
        "dealt": {},
        "from": {},
    }


def _joint_refused(t, d):
    t.game.joint = {}


def _joint_agreed(t, d):
    t.game.joint["agreed"].append(d["seat"])


def _face_down(t, d):
    t.game.face_down.extend(d["seats"])


def _face_up(t, d):
    t.game.face_down.remove(d["seat"])


def _joint_started(t, d):
    j = t.game.joint
    j["started"], j["dealt"], j["from"] = True, dict(d["dealt"]), dict(d["from"])


def _joint_fight(t, d):
    g = t.game
    g.active = d["seat"]
    if d["seat"] != g.joint["initiator"]:  # one Source die for this fight (MK:13:Coop:6)
        p = g.players[d["seat"]]
        p.dice, p.extra_dice, p.held_dice = [], 0, []


def _joint_fought(t, d):
    t.game.joint["fought"].append(d["seat"])


def _joint_over(t, d):
    g = t.game
    g.active, g.joint = d["initiator"], {}


def _pvp(t, d):
    g = t.game
    g.pvp = dict(d["pvp"])
    g.active = d["active"]
    if g.combat is not None:  # the enemy-less combat's phase takes the next points
        g.combat.phase = d["phase"]
        if d["clear"]:
            g.combat.pool = []


def _pvp_over(t, d):
    g = t.game
    g.pvp, g.combat, g.combat_kind, g.combat_space, g.combat_spaces = {}, None, "", "", []
    g.active = d["aggressor"]


def _improve(t, d):
    g = t.game
    g.phase, g.improve = "improve", {"order": list(d["order"]), "next_round": d["next_round"]}


def _improve_pick(t, d):
    t.game.improve["order"].remove(d["seat"])


def _improve_done(t, d):
    t.game.improve = {}


def _icombat(t, d):
    t.game.icombat = dict(d)


def _auction(t, d):
    g = t.game
    g.phase, g.auction = "auction", dict(d)


def _hero(t, d):
    t.game.players[d["seat"]].hero = d["hero"]


def _auction_done(t, d):
    t.game.auction = {"order": list(d["order"]), "done": True}


def _conceded(t, d):
    t.game.conceded.extend(d["seats"])


def _draft(t, d):
    g = t.game
    g.draft = dict(d)
    if d:
        g.phase = "draft"


def _eliminated(t, d):
    p = t.game.players[d["seat"]]
    p.out, p.pos = True, ""


def _dummy_setup(t, d):
    g = t.game
    g.dummy = Dummy(hero=d["hero"], crystals=dict(d["crystals"]))
    g.dummy_seat = d["seat"]
    g.order.append(d["seat"])


def _dummy_turn(t, d):
    pass  # its cards move as zone events; the event says what it revealed


def _dummy_announced(t, d):
    t.game.dummy.announced = True


def _dummy_crystal(t, d):
    cr = t.game.dummy.crystals
    n = cr.get(d["colour"], 0) + d.get("delta", 1)  # a situation sets them (delta)
    if n:
        cr[d["colour"]] = n
    else:
        cr.pop(d["colour"], None)


def _dummy_tactic(t, d):
    g = t.game
    g.dummy_tactic = d["tactic"]
    g.tactics_open.remove(d["tactic"])
    g.pickers.remove(g.dummy_seat)


def _dummy_round(t, d):
    t.game.dummy.announced = False
    t.game.dummy_tactic = ""


def _tactics_removed(t, d):
    t.game.removed_tactics.extend(d["tactics"])


def _city(t, d):
    g = t.game
    face_down = state.garrison(d["spaces"][0])  # the tokens' ids stay out of the public event
    g.cities.append(
        cities_rules.City(
            colours=list(d["colours"]),
            level=d["level"],
            spaces=list(d["spaces"]),
            garrison=list(t.zones[face_down].cards) if face_down in t.zones else [],
            status=d["status"],
            shields=list(d.get("shields", [])),
        )
    )
    if d["status"] == "hostile" and g.city_levels:
        g.city_levels.pop(0)
    for k in d["spaces"][1:]:  # a Megalopolis's second space is a city space too
        if k in g.board.spaces:
            g.board.spaces[k].site = "city"
    if d["status"] == "friendly":
        for k in d["spaces"]:
            g.board.spaces[k].conquered_by = -2  # everyone's: entered, never assaulted


def city_at(g, space: str):
    return next((c for c in g.cities if space in c.spaces), None)


def _city_shields(t, d):
    g = t.game
    c = city_at(g, d["space"])
    i = g.cities.index(c)
    g.cities[i] = cities_rules.fold(c, cities_rules.Event("mk.city_shields", d, ""))


def _city_conquered(t, d):
    g = t.game
    c = city_at(g, d["spaces"][0])
    i = g.cities.index(c)
    g.cities[i] = cities_rules.fold(c, cities_rules.Event("mk.city_conquered", d, ""))
    for k in d["spaces"]:
        g.board.spaces[k].conquered_by = d["leader"]


def score(t, d):
    t.game.final[str(d["seat"])] = {"total": d["total"], "lines": list(d["lines"])}


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
