"""Card plays listed the short way for a resolution with no atom of legal.READ_MORE are the
plays the full way gives, because the listing's helpers read nothing but the atoms, the mana
and the combat for such a resolution: every atom kind those helpers test is in READ_MORE, and
at every decision of seeded games each card in hand is listed both ways."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from bots.random_bot import play_out
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.cards import carry_out
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore


def _tested_kinds(fn) -> set[str]:
    """The strings a function compares an atom's kind (`k`) or a set of kinds with."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    out: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(x, ast.Name) and x.id in ("k", "kind", "kinds") for x in sides):
            continue
        for x in sides:
            for c in ast.walk(x):
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    out.add(c.value)
    return out


def test_facts_every_atom_kind_the_card_listing_reads_is_read_more():
    read: set[str] = set()
    for fn in (
        carry_out.feasible,
        carry_out.expand,
        carry_out.discard_payments,
        legal.card_specific_plays,
        legal._card_plays,
    ):
        read |= _tested_kinds(fn)
    values = {"action", "any_max_one_wound"}  # a discard_kind atom's values, not kinds
    assert legal.NAMING_MORE <= legal.READ_MORE
    assert read - values - legal.READ_MORE == set()


def test_facts_plain_atoms_tells_each_atoms_object():
    move, offer = [("move", 2)], [("take_offer", {"offer": "aa", "colour": "any"})]
    assert legal.plain_atoms(move) and not legal.plain_atoms(offer)
    assert legal.plain_atoms(move) and not legal.plain_atoms(offer)  # (kept answers alike)
    assert not legal.plain_atoms([("move", 1), ("discard_cost", 1)])


@pytest.mark.parametrize(
    ("scenario", "players", "seed"),
    (("full_conquest", 2, "f1"), ("blitz_conquest", 2, "b1"), ("dungeon_lords", 2, "d1")),
)
def test_facts_short_listing_equals_the_full_one_at_every_decision(scenario, players, seed, monkeypatch):
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id="g")
    played = eng.play_chosen
    short = legal.plain_atoms
    asked = [0]

    def checked(game_id, seat, cmd):
        table = eng.table(game_id)
        if table.game.phase == "turn" and seat == table.game.active:
            for name in sorted({card_name(c) for c in table.zone(state.hand(seat))}):
                got = legal._card_plays(table, seat, name)
                monkeypatch.setattr(legal, "plain_atoms", lambda atoms: False)
                assert got == legal._card_plays(table, seat, name), (table.version, name)
                monkeypatch.setattr(legal, "plain_atoms", short)
                asked[0] += 1
        return played(game_id, seat, cmd)

    eng.play_chosen = checked  # type: ignore[method-assign]
    with eng.batch():
        play_out(eng, gid, seed)
    assert eng.table(gid).over and asked[0] > 100
