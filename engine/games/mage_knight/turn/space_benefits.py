"""The benefits of the space a turn ends on that ask the seat a choice (MK:11:EoT:4), put to it
as an ask (asks.py) while the end of the turn waits; the answer resumes it (turn.after_glade,
turn.after_space).

- magical glade: 1 wound card from the hand or from the discard pile leaves the game ("darfst du
  1 Verletzungskarte aus deiner Hand oder deiner Ablage entfernen"). The discard pile is public
  and the hand is not, so the seat is asked whenever the pile holds a wound, its options then
  saying whether the hand holds one too: whether it is asked tells nobody what the hand holds.
  With no wound in the pile, a wound in the hand goes without asking.
- deep mine: a crystal of one of its colours, the seat's choice, none of a colour of which 3
  are held (as a crystal mine, MK:11:EoT:4); asked only when two or more colours can be taken
  (public: the inventory is). Mines Liberation guards and liberates the crystal mines only
  (explore.py), so a deep mine drawn there produces from the start.
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards import asks
from engine.games.mage_knight.cards.asks import take_wound, wound_in
from engine.games.mage_knight.turn.ledger import gain_reward_crystal, holdable

RULE = "MK:11:EoT:4"


def _space(table, seat: int):
    game = table.game
    return game.board.spaces.get(game.players[seat].pos)


def glade(ctx, table, seat: int) -> bool:
    """A turn ending on a magical glade: a wound leaves the hand or the discard pile. True when
    the seat is asked where from (the end of the turn then waits for the answer)."""
    sp = _space(table, seat)
    if sp is None or sp.site != "magical_glade":
        return False
    if wound_in(table, state.discard(seat)):
        asks.add(ctx, table, [{"seat": seat, "do": "glade_wound", "rule": RULE}])
        return True
    take_wound(ctx, table, seat, "hand")
    return False


def deep_mine_options(table, seat: int) -> list[str]:
    """The deep mine's colours the inventory can still hold (MK:11:EoT:4)."""
    sp = _space(table, seat)
    if sp is None or sp.site != "deep_mine":
        return []
    return [c for c in sp.mines if holdable(table, seat, c)]


def deep_mine(ctx, table, seat: int) -> bool:
    """A turn ending on a deep mine: a crystal of one of its colours. True when the seat is
    asked which (two or more colours possible); with one it is given, with none nothing."""
    sp = _space(table, seat)
    if sp is None or sp.site != "deep_mine":
        return False
    colours = deep_mine_options(table, seat)
    if len(colours) >= 2:
        asks.add(ctx, table, [{"seat": seat, "do": "deep_mine", "options": colours, "rule": RULE}])
        return True
    if colours:
        gain_reward_crystal(ctx, table, seat, colours[0], RULE)
    return False
