"""Card plays kept across decisions (engine/games/mage_knight/kept/plays.py) are the plays a
fresh listing gives: at every decision of seeded bot games each card in the deciding seat's
hand is asked both ways; and the atom kinds the listing's helpers test are all IMPURE (a card
holding one is listed afresh), so a new atom those helpers read cannot slip into a kept key."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from bots.random_bot import play_out
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.cards import carry_out
from engine.games.mage_knight.kept import plays as kept_plays
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore

GAMES = (
    ("full_conquest", 2, "f1"),
    ("full_conquest", 2, "f2"),
    ("blitz_conquest", 2, "b1"),
    ("first_reconnaissance", 2, "r1"),
    ("dungeon_lords", 2, "d1"),
)


@pytest.mark.parametrize(("scenario", "players", "seed"), GAMES)
def test_facts_kept_card_plays_equal_fresh_at_every_decision(scenario, players, seed):
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id="g")
    played = eng.play_chosen
    counts = {"asked": 0, "kept": 0}

    def checked(game_id, seat, cmd):
        table = eng.table(game_id)
        if table.game.phase == "turn" and seat == table.game.active:
            for name in sorted({card_name(c) for c in table.zone(state.hand(seat))}):
                fresh = legal._card_plays(table, seat, name)
                got = kept_plays.kept(table, seat, name)
                counts["asked"] += 1
                if got is not None:
                    counts["kept"] += 1
                    assert got == fresh, (table.version, seat, name)
                assert legal.card_plays(table, seat, name) == fresh, (table.version, seat, name)
        return played(game_id, seat, cmd)

    eng.play_chosen = checked  # type: ignore[method-assign]
    with eng.batch():
        play_out(eng, gid, seed)
    assert eng.table(gid).over
    assert counts["kept"] > counts["asked"] // 10  # the check met kept plays, not only fresh ones


def _tested_kinds(fn) -> set[str]:
    """The strings a function compares an atom's kind (`k`) or the set of kinds with."""
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


def test_facts_every_atom_kind_the_listing_reads_is_impure():
    read = set()
    for fn in (carry_out.feasible, carry_out.expand, carry_out.discard_payments, legal.card_specific_plays):
        read |= _tested_kinds(fn)
    read |= set(legal.NAMING_MORE)
    read |= {"enemy_effect"}  # legal._card_plays: an effect on an enemy names its target
    values = {"action", "any_max_one_wound"}  # a discard_kind atom's values, not kinds
    assert read - values - kept_plays.IMPURE == set()
