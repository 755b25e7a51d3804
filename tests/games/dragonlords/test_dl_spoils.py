"""The winner's choices at the end of a fight (issue 14), which the engine used to make itself:
the bearer of a captured treasure (DL:3.3/treasures), the empty ships manned, docked or sunk after
a naval battle (DL:3.4/naval), where failed sneak attackers withdraw (DL:3.4/sneak). Each prompt
goes to the deciding seat only; each answer has its effect; a wrong one is refused naming the rule
and the answers."""

from dl_helpers import DECISIONS, events, game, legal, rejected, settle, sit, treasure_fight, units

from projections.views import log_view
from sim.testing import play

BEFORE = tuple(k for k in DECISIONS if k not in ("captured_treasure", "man_ship", "sneak_back"))


def _prompt(eng, gid):
    return eng.prompts(gid)[0]


def _options(eng, gid, seat):
    return [c["option"] for c in legal(eng, gid, seat)]


# -- the bearer of a captured treasure (DL:3.3/treasures) -----------------------------------------


def _treasure_fight():
    return treasure_fight(kinds=BEFORE)


def test_the_winner_picks_the_bearer_of_a_captured_treasure_DL_3_3_treasures():
    eng, gid = _treasure_fight()
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (0, "captured_treasure", "DL:3.3/treasures")
    assert _options(eng, gid, 0) == ["H8", "plain"]  # the provisional bearer first
    assert legal(eng, gid, 1) == [] and legal(eng, gid, 2) == []
    assert events(eng, gid, "dl.ask")[-1].vis == [0]


def test_the_captured_treasure_stays_with_the_first_bearer_DL_3_3_treasures():
    eng, gid = _treasure_fight()
    plain = units(eng, gid, "T1a", 0) - 1
    play(eng, gid, 0, {"kind": "choose", "option": "H8"})
    g = game(eng, gid)
    assert g.heroes["H8"].treasures == ["excalibur"] and g.battle is None and not g.spoils
    assert units(eng, gid, "T1a", 0) - 1 == plain


def test_a_plain_unit_may_carry_the_captured_treasure_DL_3_3_treasures():
    eng, gid = _treasure_fight()
    g = game(eng, gid)
    plain = g.troops["T1a"]["0"]
    play(eng, gid, 0, {"kind": "choose", "option": "plain"})
    g = game(eng, gid)
    assert g.heroes["H8"].treasures == []
    bearer = [h for h, x in g.heroes.items() if "excalibur" in x.treasures]
    assert len(bearer) == 1 and bearer[0] != "H8" and g.heroes[bearer[0]].loc == "T1a"
    assert g.troops["T1a"]["0"] == plain - 1  # the bearer left the plain units
    assert g.battle is None


def test_a_wrong_bearer_is_refused_naming_the_rule_and_the_answers_DL_3_3_treasures():
    eng, gid = _treasure_fight()
    why = rejected(eng, gid, 0, {"kind": "choose", "option": "H1"})
    assert "DL:3.3/treasures" in why and "'H8', 'plain'" in why
    assert "Seat 1's decision" in rejected(eng, gid, 1, {"kind": "choose", "option": "plain"})


def test_other_seats_never_learn_the_captured_treasures_bearer_DL_3_3_treasures():
    eng, gid = _treasure_fight()
    play(eng, gid, 0, {"kind": "choose", "option": "plain"})
    evs = eng.store.read(gid)
    rs = eng.ruleset(gid)
    answer = [e for e in evs if e.type == "dl.ask" and e.data.get("kind") == "captured_treasure"]
    assert answer and all(e.vis == [0] for e in answer)
    for seat in (1, 2):
        seen = [ev for ev in log_view(rs, evs, seat) if ev["type"] in ("dl.ask", "dl.spoils", "cmd.choose")]
        assert seen and all("plain" not in str(ev["data"]) and "H8" not in str(ev["data"]) for ev in seen)
        view = eng.view(gid, seat) if hasattr(eng, "view") else None
        if view is not None:
            assert "excalibur" not in str(view)
    # the situation's own set-up (rule SIT-0) is public scaffolding; the fight's events are not
    third = [
        ev
        for ev in log_view(rs, evs, 2)
        if ev["type"] in ("dl.hero", "dl.hero_new", "dl.spoils") and ev["rule"] != "SIT-0"
    ]
    assert third and all("excalibur" not in str(ev["data"]) for ev in third)


def test_a_bot_answers_the_captured_treasure_question():
    from engine.games.dragonlords.bots import choices, sensible

    eng, gid = _treasure_fight()
    t = eng.table(gid)
    cmds = legal(eng, gid, 0)
    assert sensible(t, 0, cmds) == [{"kind": "choose", "option": "H8"}] and choices(t, 0, cmds) == cmds


# -- the empty ships after a naval battle (DL:3.4/naval) ------------------------------------------


def _naval(edit=None, zone="S6"):
    """E-05: A's 5 units in two ships sink B's 4 units in two ships, losing 2: three survivors."""
    eng, gid = sit("e05_naval", forced={"die:d6": [1, 1, 1, 1, 6, 1, 1, 6, 6]}, edit=edit)
    play(eng, gid, 0, {"kind": "fight", "at": zone})
    settle(eng, gid, kinds=BEFORE)
    return eng, gid


def test_the_winner_of_a_naval_battle_chooses_how_to_man_each_empty_ship_DL_3_4_naval():
    eng, gid = _naval()
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (0, "man_ship", "DL:3.4/naval")
    assert eng.prompts(gid)[0].seat == 0 and legal(eng, gid, 1) == []
    opts = _options(eng, gid, 0)
    assert opts[0] == "crew:S11:1" and opts[-1] == "sink"  # the former default first
    assert all(o.startswith("crew:") for o in opts[:-1])  # off a foreign coast: no docking
    assert game(eng, gid).ships["S13"].army == 1  # still B's until manned


def test_crewing_moves_the_units_chosen_and_the_ship_changes_hands_DL_3_4_naval():
    eng, gid = _naval()
    before = {s: units(eng, gid, f"ship:{s}", 0) for s in ("S11", "S12")}
    assert before["S11"] >= 2 or before["S12"] >= 2
    donor = "S11" if before["S11"] >= 2 else "S12"
    play(eng, gid, 0, {"kind": "choose", "option": f"crew:{donor}:1"})
    g = game(eng, gid)
    assert g.ships["S13"].army == 0 and units(eng, gid, "ship:S13", 0) == 1
    assert units(eng, gid, f"ship:{donor}", 0) == before[donor] - 1
    settle(eng, gid)  # S14: the last spare unit or sink
    assert game(eng, gid).battle is None


def test_the_winner_may_let_a_capturable_ship_sink_DL_3_4_naval():
    eng, gid = _naval()
    play(eng, gid, 0, {"kind": "choose", "option": "sink"})
    g = game(eng, gid)
    assert "S13" not in g.ships
    assert next(e.data for e in events(eng, gid, "dl.ship_gone")) == {"id": "S13", "why": "sunk"}
    settle(eng, gid)
    assert game(eng, gid).battle is None


def test_a_chip_bearer_may_man_a_captured_ship_DL_3_4_naval():
    def edit(g):
        g["heroes"].append({"id": "H7", "army": 0, "loc": "ship:S11", "role": "decoy"})
        g["units"][0]["n"] = 2

    eng, gid = _naval(edit)
    opts = _options(eng, gid, 0)
    hero = [o for o in opts if o.endswith(":H7")]
    if not hero:  # H7 died in the round: nothing to test with this draw
        assert "H7" not in game(eng, gid).heroes
        return
    play(eng, gid, 0, {"kind": "choose", "option": hero[0]})
    assert game(eng, gid).heroes["H7"].loc == "ship:S13"


def test_off_the_winners_coast_an_empty_ship_may_dock_DL_3_4_naval():
    def edit(g):
        for s in g["ships"]:
            s["zone"] = "S1"
        g["units"].append({"loc": "T1a", "army": 0, "n": 1})

    eng, gid = _naval(edit, "S1")
    opts = _options(eng, gid, 0)
    assert "dock:T1a" in opts and "sink" in opts
    play(eng, gid, 0, {"kind": "choose", "option": "dock:T1a"})
    g = game(eng, gid)
    assert g.ships["S13"].army == 0 and g.ships["S13"].harbour == "T1a"


def test_a_wrong_crew_is_refused_naming_the_rule_and_the_answers_DL_3_4_naval():
    eng, gid = _naval()
    why = rejected(eng, gid, 0, {"kind": "choose", "option": "crew:S13:5"})
    assert "DL:3.4/naval" in why and "'sink'" in why and "'crew:S11:1'" in why
    assert "Seat 1's decision" in rejected(eng, gid, 1, {"kind": "choose", "option": "sink"})


# -- failed sneak attackers (DL:3.4/sneak) ---------------------------------------------------------


def _failed_sneak():
    """Frontier with Elves: 2 elves from T1c sneak on G1 and miss; T1c and P1 (both A's) border G1."""

    def edit(g):
        g["races"] = ["elf", "dwarf"]

    eng, gid = sit("frontier", edit=edit, forced={"die:d6": [6, 6]})
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2})
    settle(eng, gid, kinds=BEFORE)
    return eng, gid


def test_failed_sneak_attackers_choose_their_own_territory_DL_3_4_sneak():
    eng, gid = _failed_sneak()
    p = _prompt(eng, gid)
    assert (p.seat, p.kind, p.rule) == (0, "sneak_back", "DL:3.4/sneak")
    assert _options(eng, gid, 0) == ["T1c", "P1", "T1c:1", "P1:1"]  # the origin first; a split
    assert legal(eng, gid, 1) == []
    assert events(eng, gid, "dl.ask")[-1].vis == [0]


def test_failed_sneak_attackers_may_go_to_another_own_territory_DL_3_4_sneak():
    eng, gid = _failed_sneak()
    play(eng, gid, 0, {"kind": "choose", "option": "P1"})
    g = game(eng, gid)
    assert units(eng, gid, "P1", 0) == 4 and units(eng, gid, "T1c", 0) == 1 and g.battle is None
    assert g.no_fight.get("P1") == 2  # they may not attack again this turn
    # only P1's own 2 elves may still attack from there
    assert max(c["n"] for c in legal(eng, gid, 0) if c.get("origin") == "P1" and c["kind"] == "attack") == 2


def test_failed_sneak_attackers_may_split_DL_3_4_sneak_INT_40():
    eng, gid = _failed_sneak()
    play(eng, gid, 0, {"kind": "choose", "option": "P1:1"})
    assert _prompt(eng, gid).kind == "sneak_back" and _options(eng, gid, 0) == ["T1c", "P1"]
    play(eng, gid, 0, {"kind": "choose", "option": "T1c"})
    g = game(eng, gid)
    assert units(eng, gid, "P1", 0) == 3 and units(eng, gid, "T1c", 0) == 2 and g.battle is None
    assert g.no_fight == {"P1": 1, "T1c": 1}


def test_a_wrong_destination_is_refused_naming_the_rule_and_the_answers_DL_3_4_sneak():
    eng, gid = _failed_sneak()
    why = rejected(eng, gid, 0, {"kind": "choose", "option": "K1"})  # own, but not next to G1
    assert "DL:3.4/sneak" in why and "'T1c', 'P1'" in why
    assert "Seat 1's decision" in rejected(eng, gid, 1, {"kind": "choose", "option": "T1c"})


def test_reading_NAVAL_CREW_one_offers_a_single_plain_unit_per_ship_DL_3_4_naval():
    def edit(g):
        g["heroes"].append({"id": "H7", "army": 0, "loc": "ship:S11", "role": "decoy"})
        g["units"][0]["n"] = 2

    eng, gid = sit(
        "e05_naval",
        forced={"die:d6": [1, 1, 1, 1, 6, 1, 1, 6, 6]},
        edit=edit,
        options={"reading.NAVAL-CREW": "one"},
    )
    play(eng, gid, 0, {"kind": "fight", "at": "S6"})
    settle(eng, gid, kinds=BEFORE)
    assert _options(eng, gid, 0) == ["crew:S11:1", "sink"]


def test_reading_SNEAK_RETURN_origins_sends_the_elves_only_where_they_came_from_DL_3_4_sneak():
    def edit(g):
        g["races"] = ["elf", "dwarf"]

    eng, gid = sit(
        "frontier", edit=edit, forced={"die:d6": [6, 6]}, options={"reading.SNEAK-RETURN": "origins"}
    )
    play(eng, gid, 0, {"kind": "sneak", "origin": "T1c", "target": "G1", "n": 2})
    settle(eng, gid, kinds=BEFORE)
    g = game(eng, gid)
    assert g.ask is None and g.battle is None  # one destination: no question
    assert units(eng, gid, "T1c", 0) == 3 and g.no_fight == {"T1c": 2}
