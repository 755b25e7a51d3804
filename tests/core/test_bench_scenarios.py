"""The per-scenario bench rows (bench/scenarios.py) play real games and fold them back: a row
whose fold differed from its game would raise rather than print a figure."""

from bench import scenarios


def test_scenario_rows_stand_beside_the_fold_of_the_same_games(monkeypatch):
    cases = (scenarios.CASES[3], scenarios.CASES[-1])  # solo conquest, DragonLords short game
    monkeypatch.setattr(scenarios, "CASES", cases)
    rows, detail = scenarios.measure(1)
    assert [r.line.startswith(f"{c[0]} {c[1]}, {c[2]} seat") for r, c in zip(rows, cases, strict=True)] == [
        True
    ] * 2
    for r, (ruleset, label, _players, options) in zip(rows, cases, strict=True):
        d = detail[f"{ruleset}/{label}"]
        assert d["games"] == 1 and d["events_per_game"] > 50 and d["options"] == options
        assert r.figure > 0 and r.ref_figure > 0 and abs(r.ratio - r.figure / r.ref_figure) < 1e-9
        assert r.met is None and "folded" in r.reference


def test_playing_pays_its_own_hashing_and_the_fold_reads_hashed_rows(monkeypatch):
    """The memory store hashes on the first read; the bench hashes right after each game, on the
    play's clock, so the fold it times is the read alone (until 2026-11-29 the fold carried the
    play's hashing, which put every playing ÷ folding 3-4 times too high)."""
    from store import MemoryStore

    built = []
    hash_pending = MemoryStore.hash_pending

    def spy(store):
        built.append(len(store._cmds))  # commands waiting to be hashed when the bench asks
        hash_pending(store)
        assert not store._cmds

    monkeypatch.setattr(MemoryStore, "hash_pending", spy)
    got = scenarios.play_and_fold("duel", 2, {}, ["s1", "s2"], "t", replay=True)
    assert len(built) == 6  # after the warm-up game, each game and each game's replay
    assert all(n > 0 for n in built)
    assert 0 < got["store_cpu"] < got["play_cpu"] and got["fold_cpu"] > 0
    assert got["replay_cpu"] > 0 and got["games"] == 2


def test_hashing_early_keeps_one_chain_that_verifies():
    """Rows hashed part-way through a game (hash_pending) chain on to the rows hashed later."""
    from bots.random_bot import play_out
    from engine.pipeline import Engine
    from store import MemoryStore

    eng = Engine(MemoryStore())
    eng.create("duel", 2, "early", {}, game_id="g")
    eng.store.hash_pending()
    assert not eng.store._cmds and eng.store.version("g") > 0
    with eng.batch():  # as simulate and the bench play: the rows wait for a read
        play_out(eng, "g", "early")
    assert eng.store._cmds
    report = eng.store.verify()
    assert report.ok, report
    assert [e.version for e in eng.store.read("g")] == list(range(1, eng.store.version("g") + 1))
