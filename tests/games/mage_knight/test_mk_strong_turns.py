"""bench/mk_strong.py's `turn_use`: each turn of a game counted once, by what it was spent on."""

from types import SimpleNamespace as Event

from bench.mk_strong import turn_use


def ev(kind: str, **data) -> Event:
    return Event(type=kind, data=data)


def over(*defeated: str) -> Event:
    return ev("mk.combat_over", outcome={"defeated": list(defeated)})


def test_each_turn_is_counted_once_by_the_most_telling_thing_done():
    events = [
        ev("cmd.tactic"),  # before the first turn: no turn
        ev("mk.turn", seat=0),
        ev("cmd.play"),
        ev("cmd.move"),
        over("orc#1"),
        ev("cmd.recruit"),
        ev("mk.turn", seat=1),
        ev("cmd.move"),
        over(),
        ev("mk.turn", seat=0),
        ev("cmd.play"),
        ev("cmd.rest"),
        ev("mk.turn", seat=1),
        ev("cmd.play"),
        ev("cmd.end_turn"),
        ev("mk.turn", seat=0),
        ev("cmd.move"),
        ev("cmd.recruit"),
    ]
    assert turn_use(events) == {"fight won": 1, "fight lost": 1, "rest": 1, "nothing": 1, "recruit or buy": 1}


def test_a_game_with_no_turn_spends_none():
    assert turn_use([ev("cmd.tactic"), ev("mk.round", round=1)]) == {}


def test_city_assaults_are_told_by_their_knock_outs_blocks_and_wounds():
    from bench.mk_strong import assault_use

    def fight(space: str) -> Event:
        return Event(type="mk.combat_started", data={"kind": "assault", "space": space})

    def ended(defeated: list, knocked: bool, wounds: int) -> Event:
        return ev(
            "mk.combat_over", outcome={"defeated": defeated, "knocked_out": knocked, "wounds_to_hand": wounds}
        )

    events = [
        fight("4,-5"),
        ev("cmd.block"),
        ended(["ice_mages#1"], False, 2),
        fight("1,-1"),  # a keep's assault: not a city's
        ev("cmd.block"),
        ended([], True, 5),
        fight("4,-5"),
        ended([], True, 6),
    ]
    got = assault_use(events, {"4,-5"})
    assert got == {"assaults": 2, "blocks": 1, "won some": 1, "knocked out": 1, "wounds": 8}


def test_the_fame_at_the_end_is_given_with_its_spread_and_margin():
    from bench.mk_strong import spread

    assert spread([]) == "none" and spread([4.0]) == "4.0"
    # mean 5, sample sd (16 / 3) ** 0.5 = 2.31, margin 1.96 * 2.31 / 4 ** 0.5 = 2.26
    assert spread([3.0, 3.0, 7.0, 7.0]) == "5.00 (sd 2.3 per seat, 95% of the mean +-2.3)"
