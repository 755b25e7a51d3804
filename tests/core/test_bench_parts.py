"""The bench's parts kept apart (bench.parts, bench.run --parts): a part measured again replaces
only itself, the report shows every part with its own provenance, and a damaged or missing part
is reported as not measured, never read half."""

from __future__ import annotations

from bench import run
from bench.common import Row
from bench.parts import Measured, keep, kept


def _measured(part: str, figure: float, date: str = "2026-11-29 15:00 UTC") -> Measured:
    row = Row(
        f"{part} line",
        figure,
        "games/CPU-s",
        "the reference",
        2.0,
        "games/CPU-s",
        figure / 2.0,
        "a ÷ b",
        "≥0.35×",
        figure / 2.0 >= 0.35,
    )
    return Measured(part, date, "commit abc1234", 1.5, 2.5, 90.0, False, [row], [f"- **{part}**: how."])


def test_a_kept_part_reads_back_as_it_was_written(tmp_path):
    m = _measured("games", 1.0)
    keep(tmp_path, m)
    assert kept(tmp_path, "games") == m
    assert not list(tmp_path.glob("*.part"))  # written whole, then renamed


def test_a_damaged_or_foreign_part_file_counts_as_not_measured(tmp_path):
    keep(tmp_path, _measured("games", 1.0))
    (tmp_path / "games.json").write_text('{"part": "games", "rows": [')  # cut short
    assert kept(tmp_path, "games") is None
    keep(tmp_path, _measured("store", 1.0))
    (tmp_path / "store.json").rename(tmp_path / "workers.json")  # a file under another part's name
    assert kept(tmp_path, "workers") is None


def test_measuring_one_part_leaves_the_others_and_the_report_shows_each_provenance(tmp_path, monkeypatch):
    calls = []

    def fake(name, figure):
        def measure(cfg, tmp):
            calls.append(name)
            return [_measured(name, figure).rows[0]], {}

        return run.Part(name, measure)

    monkeypatch.setattr(run, "PARTS", (fake("games", 1.0), fake("choices", 1.0), fake("profile", 0.0)))
    monkeypatch.setattr(run, "NAMES", ("games", "choices", "profile"))
    monkeypatch.setattr(run, "code_state", lambda: "commit feed123")
    keep(tmp_path, _measured("games", 0.2, date="2026-11-20 10:00 UTC"))
    out = tmp_path / "results.md"
    assert run.main(["--parts", "choices", "--kept", str(tmp_path), "--out", str(out)]) == 0
    assert calls == ["choices"]
    text = out.read_text()
    assert "Measured 2026-11-20 10:00 UTC, commit abc1234" in text  # games: as kept before
    assert "commit feed123" in text  # choices: this run
    assert kept(tmp_path, "games").rows[0].figure == 0.2
    assert kept(tmp_path, "choices") is not None
    assert "### profile" not in text and "parts measured: 2 of 3 (not yet: profile)" in text
    assert "goals met: 1 of 2 rows" in text  # choices (1.0 ÷ 2.0) meets 0.35×, the kept games (0.1×) not


def test_an_unknown_part_is_refused_by_name_and_nothing_is_written(tmp_path, capsys):
    assert (
        run.main(["--parts", "ladder-chess", "--kept", str(tmp_path), "--out", str(tmp_path / "r.md")]) == 2
    )
    assert "no part named ladder-chess" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_render_writes_the_report_from_the_kept_parts_and_measures_nothing(tmp_path, monkeypatch):
    calls = []

    def part(name):
        return run.Part(name, lambda cfg, tmp: calls.append(name) or ([], {}))

    monkeypatch.setattr(run, "PARTS", (part("games"), part("choices")))
    monkeypatch.setattr(run, "NAMES", ("games", "choices"))
    keep(tmp_path, _measured("games", 0.2, date="2026-11-20 10:00 UTC"))
    out = tmp_path / "results.md"
    assert run.main(["--render", "--kept", str(tmp_path), "--out", str(out)]) == 0
    assert calls == []
    assert "Measured 2026-11-20 10:00 UTC, commit abc1234" in out.read_text()
    assert run.main(["--render", "--parts", "games", "--kept", str(tmp_path), "--out", str(out)]) == 2
    assert calls == []
