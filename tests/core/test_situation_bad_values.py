"""A situation file with a wrong value is bad input for every game: exit 2 with the game's
reason, nothing stored (a game's own ValueError from its situation code is not an internal
error)."""

from __future__ import annotations

from pathlib import Path

from cli.main import main
from engine.pipeline import Engine
from store import EventStore

ROOT = Path(__file__).resolve().parents[2]
DL_BATTLE = ROOT / "tests/games/dragonlords/situations/battle_after_round.toml"


def test_dragonlords_unknown_place_and_step_are_bad_input(tmp_path, capsys):
    text = DL_BATTLE.read_text()
    db = str(tmp_path / "s.db")
    for bad, named in (
        (text.replace('loc = "T1a"\nattacker', 'loc = "T9z"\nattacker'), "T9z"),
        (text.replace('step = "after_round"', 'step = "nonsense"'), "nonsense"),
    ):
        assert bad != text
        f = tmp_path / "bad.toml"
        f.write_text(bad)
        assert main(["new", "--situation", str(f), "--db", db]) == 2
        err = capsys.readouterr().err
        assert named in err and "internal error" not in err
    eng = Engine(EventStore(db))
    assert list(eng.store.game_summaries()) == []


DUEL_FORCED = """ruleset = "duel"
players = 2
seed = 1
[forced]
"die:attack" = [FACE]
[[game.seat]]
hand = ["Jab#1"]
[[game.seat]]
hand = ["Jab#3"]
"""


def test_a_forced_face_the_die_lacks_is_refused_when_the_game_is_made(tmp_path, capsys):
    """CORE-3F: checked at `new`, not when a later command rolls the die (the game was stuck:
    every roll an internal error)."""
    db = str(tmp_path / "f.db")
    f = tmp_path / "f.toml"
    f.write_text(DUEL_FORCED.replace("FACE", '"bogus"'))
    assert main(["new", "--situation", str(f), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "'bogus' is not a face of die attack" in err and "CORE-3F" in err
    assert list(Engine(EventStore(db)).store.game_summaries()) == []
    f.write_text(DUEL_FORCED.replace("FACE", '"crit"'))
    assert main(["new", "--situation", str(f), "--db", db]) == 0
