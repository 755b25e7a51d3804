"""The bots' position value (worth.py): a seat's Kings and the units guarding them count most,
and the ruleset's `position_value` is that worth."""

from dl_helpers import sit

from engine.games.dragonlords import worth


def _frontier(edit=None):
    eng, gid = sit("frontier", edit=edit)
    return eng.table(gid)


def _move_guard(g, to: str):
    """One of A's units at T1a stands at `to` instead."""
    for u in g["units"]:
        if u["loc"] == "T1a" and u["army"] == 0:
            u["n"] -= 1
    g["units"].append({"loc": to, "army": 0, "n": 1})


def test_a_unit_standing_with_the_king_is_worth_more_than_one_elsewhere():
    base = worth.value(_frontier(), 0)
    guarded = worth.value(_frontier(lambda g: _move_guard(g, "K1")), 0)  # with the King in K1
    apart = worth.value(_frontier(lambda g: _move_guard(g, "T1b")), 0)  # in another own territory
    assert abs(guarded - base - worth.GUARD) < 1e-9
    assert apart == base
    assert guarded > apart


def test_a_lost_kingdom_costs_less_than_a_king_and_no_king_left_is_out():
    """Losing K1 with its gold (the King stepping out to T1a) costs less than a King is worth;
    a seat with no King left is out."""
    base = worth.value(_frontier(), 0)

    def no_king(g):
        g["heroes"] = [h for h in g["heroes"] if h["id"] != "H1"] + [
            {"id": "H9", "army": 0, "loc": "T1a", "role": "decoy"}  # A keeps a chip-bearer
        ]

    def no_kingdom(g):
        g["units"] = [u for u in g["units"] if u["loc"] != "K1"] + [{"loc": "K1", "army": 1, "n": 3}]
        g["heroes"] = [{**h, "loc": "T1a"} if h["id"] == "H1" else h for h in g["heroes"]]

    assert 0 < base - worth.value(_frontier(no_kingdom), 0) < worth.KING
    assert worth.value(_frontier(no_king), 0) == worth.LOST  # A's only King gone: out


def test_the_ruleset_values_positions_with_worth():
    from engine import registry

    t = _frontier()
    assert registry.get("dragonlords").position_value(t, 1) == worth.value(t, 1)


def test_kingdoms_weigh_more_as_the_round_limit_nears():
    """A game at the round limit goes to the most kingdoms, then territories (ENG-CAP): A's lead
    of a territory (a kingdom each) is worth more in round 29 of 30 than in round 1, and the
    same in both without a limit."""

    def lead(rnd: int, limit: int = 30) -> float:
        eng, gid = sit("frontier", edit=lambda g: g.update(round=rnd), options={"round_limit": limit})
        t = eng.table(gid)
        return worth.value(t, 0) - worth.value(t, 1)

    assert lead(29) - lead(1) > 0
    assert lead(29, limit=0) == lead(1, limit=0)
