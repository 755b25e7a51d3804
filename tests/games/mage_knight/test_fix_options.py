"""Bad set-up options are refusals naming the option and the rule (exit 2), never an internal
error: found by an outside attack on `--option heroes=...` and `variants=...`."""

import os
import subprocess
import sys

import pytest

from engine.errors import BadInput
from sim.testing import new_game


@pytest.mark.parametrize(
    "players,text",
    [
        (2, "tovak,tovak"),
        (2, "nobody,tovak"),
        (2, ""),
        (2, "tovak"),
        (2, "tovak,norowas,arythea"),
        (3, "tovak,,goldyx"),
        (2, {}),
        (2, 7),
    ],
)
def test_bad_heroes_are_refused_naming_the_option_MK_3_Setup_1(players, text):
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", players, seed=1, options={"heroes": text})
    assert err.value.rule == "MK:3:Setup:1" and "heroes=" in str(err.value)


def test_bad_heroes_in_another_scenario_are_refused_too_MK_3_Setup_1():
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", 2, seed=1, options={"scenario": "full_conquest", "heroes": "tovak,tovak"})
    assert err.value.rule == "MK:3:Setup:1"


def test_good_heroes_sit_in_seat_order_MK_3_Setup_1():
    eng, gid = new_game("mage-knight", 2, seed=1, options={"heroes": " goldyx , tovak"})
    assert [p.hero for p in eng.table(gid).game.players] == ["goldyx", "tovak"]


@pytest.mark.parametrize("text", ["draft,draft", "draft, draft", {}])
def test_a_repeated_or_malformed_variant_list_is_refused_MK_16_Var(text):
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", 2, seed=1, options={"variants": text})
    assert err.value.rule == "MK:16:Var" and "variants=" in str(err.value)


def test_the_cli_refuses_bad_heroes_with_exit_2_MK_3_Setup_1(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli.main",
            "new",
            "mage-knight",
            "--players",
            "2",
            "--option",
            "heroes=tovak,tovak",
            "--db",
            str(tmp_path / "g.db"),
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert out.returncode == 2, out.stderr
    assert "heroes=" in out.stderr and "MK:3:Setup:1" in out.stderr and "internal" not in out.stderr


@pytest.mark.parametrize("bid", [-1, 10**12])
def test_a_bid_out_of_range_in_the_hero_auction_is_explained_not_a_crash_MK_16_Var_Auction(bid):
    """Before the heroes are dealt there are no hands: `explain` read the hand and failed, so the
    refusal lost its reason (found by a command fuzz)."""
    eng, gid = new_game("mage-knight", 3, seed=2, options={"variants": "hero_auction"})
    rs, t = eng.ruleset(gid), eng.table(gid)
    seat = rs.prompts(t)[0].seat
    eng.submit(gid, seat, rs.legal_commands(t, seat)[0])  # a hero is named
    t = eng.table(gid)
    bidder = rs.prompts(t)[0].seat
    why = rs.explain(t, bidder, {"kind": "auction_bid", "fame": bid})
    assert why is not None and why.rule == "MK:16:Var:Auction"
    from engine.errors import IllegalCommand

    v = t.version
    with pytest.raises(IllegalCommand) as err:
        eng.submit(gid, bidder, {"kind": "auction_bid", "fame": bid})
    assert "MK:16:Var:Auction" in str(err.value) and eng.table(gid).version == v


@pytest.mark.parametrize(
    "sid,players,says",
    [
        ("first_reconnaissance", 1, "First Reconnaissance with 1 player has 1 city, sealed: none to conquer"),
        ("full_conquest", 4, "Full Conquest with 4 players has 4 cities to conquer"),
    ],
)
def test_a_megalopolis_refusal_says_plainly_why_MK_18_Scen_CityLevels(sid, players, says):
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", players, seed=1, options={"scenario": sid, "variants": "megalopolis:12"})
    assert err.value.rule == "MK:18:Scen:CityLevels" and says in str(err.value)
