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
