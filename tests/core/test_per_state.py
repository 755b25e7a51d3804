"""`once` keeps a value per table and version: asked again in the same state it is not computed
again; a new version, another table or a state without a version computes it afresh."""

from types import SimpleNamespace

from engine.mechanics.per_state import once


def test_once_keeps_a_value_for_one_table_at_one_version():
    calls = []

    def compute(value):
        def run():
            calls.append(value)
            return value

        return run

    t = SimpleNamespace(version=3)
    assert once(t, "k", compute(1)) == 1 and once(t, "k", compute(2)) == 1
    t.version = 4
    assert once(t, "k", compute(5)) == 5
    other = SimpleNamespace(version=4)
    assert once(other, "k", compute(6)) == 6
    bare = SimpleNamespace()
    assert once(bare, "k", compute(7)) == 7 and once(bare, "k", compute(8)) == 8
    assert once(other, "none", compute(None)) is None and once(other, "none", compute(9)) == 9
    assert calls == [1, 5, 6, 7, 8, None, 9]
