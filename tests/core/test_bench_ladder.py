"""The bot ladder's pairs and sign test (bench/ladder.py): each seed is played twice with the
seats swapped, and a rung is significant by the seeds one bot won more of, not by games taken
as independent."""

from collections import defaultdict

from analytics.intervals import wilson
from bench import ladder


def test_sign_test_counts_the_seeds_one_bot_won_more_of():
    # per seed the upper bot's score over its two games: 2 both won, 1 one each, 0.5 a loss and a draw
    up, down, r = ladder.sign_test([2.0, 2.0, 1.0, 0.0, 1.5, 1.0, 0.5])
    assert (up, down) == (3, 2)
    assert r == wilson(3, 5)


def test_even_seeds_alone_are_not_significant():
    up, down, r = ladder.sign_test([1.0] * 50)
    assert (up, down) == (0, 0)
    assert r.low == 0.0 and r.high == 1.0


def test_a_pairing_plays_each_seed_in_both_seatings():
    spent: dict = {"greedy": [0.0, 0], "random": [0.0, 0]}
    results, scores, stalled = ladder.pairing("duel", {}, "greedy", "random", 5, 8, 0, spent)
    assert stalled == 0 and len(scores) == 3 and len(results) == 6  # 5 games rounded up to 3 seeds
    assert [[bot for bot, _ in g] for g in results[:2]] == [["greedy", "random"], ["random", "greedy"]]
    for k, score in enumerate(scores):
        pair = results[2 * k : 2 * k + 2]
        assert score == sum(share for g in pair for bot, share in g if bot == "greedy")
        assert 0.0 <= score <= 2.0


def test_duel_plays_more_games_with_a_stronger_mcts(monkeypatch):
    assert ("duel", {}, None, ladder.DUEL_ITERATIONS) in ladder.CASES
    monkeypatch.setattr(ladder, "CASES", (("duel", {}, None, 8),))  # a light MCTS keeps the test short
    rows, detail = ladder.measure(games=1, rulesets=("duel",))
    n = ladder.DUEL_FACTOR
    assert detail["duel"]["mcts-greedy"]["decided"] == n
    assert (
        sum(detail["duel"]["mcts-greedy"]["seeds"][:2]) <= n // 2 == detail["duel"]["mcts-greedy"]["seeds"][2]
    )
    assert detail["duel"]["mcts-random"]["decided"] == 2  # two rungs apart: the run's 1, as a pair
    assert detail["duel-ceiling"]["games"] == n
    assert "MCTS 8 iterations" in rows[1].line
    assert rows[1].met is False  # far fewer than 200 games: never significant


def test_rune_age_plays_more_games_on_its_adjacent_rungs(monkeypatch):
    assert ("rune-age", {}, None, None) in ladder.CASES
    monkeypatch.setattr(ladder, "CASES", (("rune-age", {}, None, 4),))  # a light MCTS keeps the test short
    _, detail = ladder.measure(games=2, rulesets=("rune-age",))
    n = 2 * ladder.RUNE_AGE_FACTOR
    assert (
        detail["rune-age"]["greedy-random"]["decided"] + detail["rune-age"]["greedy-random"]["stalled"] == n
    )
    assert detail["rune-age"]["mcts-greedy"]["decided"] + detail["rune-age"]["mcts-greedy"]["stalled"] == n
    assert detail["rune-age"]["mcts-random"]["decided"] + detail["rune-age"]["mcts-random"]["stalled"] == 2


def test_a_pairing_played_by_two_processes_is_the_pairing_played_by_one():
    """The seeds are gathered in order and each game is seeded alone: the same results, the
    same scores and the same decisions counted, whichever number of processes played them."""
    one: dict = defaultdict(lambda: [0.0, 0])
    two: dict = defaultdict(lambda: [0.0, 0])
    alone = ladder.pairing("duel", {}, "greedy", "random", 6, 4, 0, one)
    shared = ladder.pairing("duel", {}, "greedy", "random", 6, 4, 0, two, workers=2)
    assert alone == shared
    assert len(alone[0]) == 6
    assert {bot: n for bot, (_, n) in one.items()} == {bot: n for bot, (_, n) in two.items()}
    assert all(n > 0 for _, n in two.values())


def test_a_strong_bot_of_its_own_is_the_top_rung():
    """Item 1's "and any stronger bot": Mage Knight's strong bot is a planner, not MCTS or
    greedy at another strength, so it climbs the ladder above MCTS; elsewhere strong is one of
    the rungs already and the ladder stays random, greedy, MCTS."""
    assert ladder.rungs("mage-knight") == ("random", "greedy", "mcts", "strong")
    for name in ("duel", "epochs", "rune-age", "thunderstone", "dragonlords"):
        assert ladder.rungs(name) == ("random", "greedy", "mcts")


def test_a_stalled_pair_names_its_seed(monkeypatch):
    """A pair that hits the command limit is left out of the shares and its seed is recorded,
    so that it can be replayed (the Mage Knight ladder stalled 6 of 200 games)."""
    real = ladder.match

    def stalls_on_seed_1(ruleset, options, bots, seed, *rest):
        return None if seed.endswith("-1") else real(ruleset, options, bots, seed, *rest)

    monkeypatch.setattr(ladder, "match", stalls_on_seed_1)
    stuck: list[str] = []
    spent: dict = defaultdict(lambda: [0.0, 0])
    results, scores, stalled = ladder.pairing("duel", {}, "greedy", "random", 6, 4, 0, spent, 1, stuck)
    assert stalled == 2 and len(scores) == 2 and len(results) == 4
    assert stuck == ["duel-greedy-random-1"]
