"""Complete games with random legal bots (2 to 4 players, every option), replay and undo
equality on a sample, and the simulate command."""

import json
import random
from collections import Counter

import pytest

from cli.main import main
from sim import testing

GAMES = 200
OPTIONS = [
    {"overflow": o, "recruit": r, "rounds": n}
    for o in ("spill", "front_only")
    for r in ("all", "each")
    for n in (4, 6, 8)
]


def all_cards(t) -> list[str]:
    return sorted(c for z in t.zones.values() for c in z.cards)


def play_game(seed: int):
    players = 2 + seed % 3
    options = OPTIONS[seed % len(OPTIONS)]
    eng, gid = testing.new_game("epochs", players, seed=seed, options=options)
    start = all_cards(eng.table(gid))
    testing.run_bots(eng, gid, seed=seed)
    return eng, gid, players, options, start


@pytest.mark.parametrize("chunk", range(10))
def test_bot_games_run_to_the_end(chunk):
    """EP-P3-END with every stand-in: seeded random legal games end after the last seat of the
    last round, never stall, and lose or copy no card."""
    kinds = Counter()
    for seed in range(chunk, GAMES, 10):
        eng, gid, players, options, start = play_game(seed)
        t = eng.table(gid)
        assert t.over and t.winners and set(t.winners) <= set(range(players))
        events = eng.store.read(gid)
        turns = [e.data for e in events if e.type == "turn.started"]
        assert turns[-1] == {"seat": players - 1, "round": options["rounds"]}
        assert len(turns) == players * options["rounds"] - 1
        assert all_cards(t) == start and len(set(start)) == len(start)
        assert t.damage == {} and t.zone("board.attack") == t.zone("board.defence") == []
        rs = eng.ruleset(gid)
        assert all(e.rule in rs.catalog for e in events)
        scores = {e.data["seat"]: e.data["total"] for e in events if e.type == "score.counted"}
        assert t.winners == [s for s, v in scores.items() if v == max(scores.values())]
        kinds.update(e.type for e in events)
    # the bots reach every kind of decision and outcome across the chunk
    for kind in (
        "cmd.challenge",
        "cmd.fight_epoch",
        "cmd.keep_medal",
        "cmd.keep_relic",
        "cmd.recruit",
        "cmd.deploy_virtual",
        "unit.defeated",
        "relics.barred",
    ):
        assert kinds[kind], kind


@pytest.mark.parametrize("seed", [3, 17, 42, 101, 250, 7, 64, 199])
def test_replay_and_undo_equal(seed):
    """Invariants 2 and 3: a re-run makes byte-identical events; undo returns the exact earlier
    state and repeating the same decisions makes the same events (no reroll)."""
    eng, gid, *_ = play_game(seed)
    testing.assert_replay_equal(eng, gid)
    assert testing.assert_undo_equal(eng, gid, random.Random(seed))
    testing.assert_replay_equal(eng, gid)


def test_hands_and_decks_hidden_from_other_seats():
    """Invariant 6: a seat sees its own hand, not another's, and no deck order."""
    from projections.views import state_view

    eng, gid = testing.new_game("epochs", 3, seed=5)
    view = state_view(eng.ruleset(gid), eng.table(gid), 1)
    assert "cards" in view["zones"]["p1.hand"] and "cards" not in view["zones"]["p0.hand"]
    assert "cards" not in view["zones"]["p1.deck"] and "cards" not in view["zones"]["e.Antike.deck"]
    assert view["zones"]["e.Antike.space1"]["cards"]


def test_simulate_thousand_three_player_games(tmp_path, capsys):
    """`runeledger simulate epochs --games 1000 --players 3` completes with its summary."""
    code = main(
        [
            "simulate",
            "epochs",
            "--games",
            "1000",
            "--players",
            "3",
            "--workers",
            "2",
            "--db",
            str(tmp_path / "sim.db"),
            "--json",
        ]
    )
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["games"] == 1000
    assert sum(summary["wins_per_seat"].values()) == pytest.approx(1000)
