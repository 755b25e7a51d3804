"""Decisions a real table leaves to a player where the rules need one in the middle of a step:
which units die (INT-30: the owner chooses; a spell's victim: its caster), whether to drink the
Elixir or a Potion, charm the dragon, turn a scroll back with Reflect, which unit becomes a
DragonLord or a wizard, which wizard learns the spell (INT-25), who carries a new treasure, and
the winner's choices at the end of a fight (spoils.py: a captured treasure's bearer, the empty
ships it mans, where failed sneak attackers go).

The rules call `ask(...)`: it records a `dl.ask` event (seen only by the deciding seat) whose
options are the legal commands, and the game waits. The answer (`choose {option}`, or
`casualty {unit}` for losses) runs the step named by `then` (THEN below), so a rule that needs a
choice is split in two where the choice falls. An army that is out (INT-33) or a one-option
question is answered at once, without a prompt.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.dragonlords import board
from engine.games.dragonlords.battles import battle

THEN: dict[str, Callable] = {}
SECRET = (
    "wizard",
    "spell_wizard",
    "spell_reward",
    "treasure",
    "captured_treasure",
)  # answers that would show a chip's secret


def then(name: str):
    """Register the step that follows an answer: fn(ctx, t, pick, ask)."""

    def deco(fn):
        THEN[name] = fn
        return fn

    return deco


def ask(
    ctx,
    table,
    army: int,
    kind: str,
    rule: str,
    options: list[str],
    then_: str,
    data: dict | None = None,
    loc: str = "",
    always: bool = False,
) -> None:
    """Wait for `army`'s owner to pick one of `options` (strings), then run THEN[then_]. A single
    option (unless `always`: a pause that must not tell others how many options there are), or an
    army that makes no choices (out, INT-33), is taken at once."""
    game = table.game
    if game.ask is not None:
        raise RuntimeError(f"dl: a decision ({game.ask.kind}) is already pending")
    data = dict(data or {})
    if (len(options) == 1 and not always) or not game.armies[army].alive:
        return THEN[then_](ctx, table, options[0], _Ask(army, kind, rule, loc, data))
    cmds = [{"kind": "choose", "option": o} for o in options]
    seat = game.armies[army].seat
    ctx.emit(
        "dl.ask",
        {
            "ask": {
                "army": army,
                "kind": kind,
                "rule": rule,
                "options": cmds,
                "loc": loc,
                "then": then_,
                "data": data,
            }
        },
        rule=rule,
        vis=[seat],
    )


class _Ask:
    """The shape of state.Ask for an answer taken at once (no event)."""

    def __init__(self, army, kind, rule, loc, data, n=0, killer=-1, how=""):
        self.army, self.kind, self.rule, self.loc, self.data = army, kind, rule, loc, data
        self.n, self.killer, self.how = n, killer, how


def choose(ctx, table, seat, cmd) -> None:
    """The answer to a pending question (any kind but casualties)."""
    a = table.game.ask
    vis = [seat] if a.kind in SECRET else None
    ctx.emit(
        "dl.ask", {"end": True, "army": a.army, "kind": a.kind, "picked": cmd["option"]}, rule=a.rule, vis=vis
    )
    THEN[a.then](ctx, table, cmd["option"], a)


# -- losses chosen by their owner -----------------------------------------------------------------


def lose(
    ctx,
    table,
    loc: str,
    army: int,
    n: int,
    killer: int,
    rule: str,
    how: str,
    then_: str,
    data: dict | None = None,
) -> None:
    """n units of `army` at `loc` die (a scroll, a monster, poison, a quest card). The owner picks
    which (INT-30) when it matters; otherwise (or with option casualties=spellcasters_last) the
    engine removes plain units first and the King last. Then THEN[then_] runs with pick ''."""
    game = table.game
    data = dict(data or {})
    n = min(n, battle.side_units(game, loc, army))
    if n > 0 and battle.has_choice(table, loc, army, n):
        return _ask_loss(ctx, table, loc, army, n, killer, rule, how, then_, data)
    lost = battle.kill(ctx, table, loc, army, n, killer, rule, how) if n > 0 else []
    if lost:
        ctx.emit("dl.casualties", {"loc": loc, "army": army, "lost": lost}, rule=rule)
    if table.over:
        return
    THEN[then_](ctx, table, "", _Ask(army, "casualties", rule, loc, data, killer=killer, how=how))


def _ask_loss(ctx, table, loc, army, n, killer, rule, how, then_, data) -> None:
    game = table.game
    opts = (
        ["plain"] if any(board.plain(game, p, army) for p in battle.side_places(game, loc, army)) else []
    ) + battle.side_heroes(game, loc, army)
    ctx.emit(
        "dl.ask",
        {
            "ask": {
                "army": army,
                "kind": "casualties",
                "rule": rule,
                "loc": loc,
                "n": n,
                "killer": killer,
                "how": how,
                "then": then_,
                "data": data,
                "options": [{"kind": "casualty", "unit": o} for o in opts],
            }
        },
        rule="INT-30",
    )


def casualty(ctx, table, seat, cmd) -> None:
    """One casualty picked by its owner: of a battle round's dice, or of a pending loss."""
    game = table.game
    a = game.ask
    if a is None:
        return battle.casualty(ctx, table, seat, cmd)
    ctx.emit("dl.ask", {"end": True, "army": a.army, "kind": "casualties"}, rule="INT-30")
    lost = battle.remove_one(ctx, table, a.loc, a.army, cmd["unit"], a.killer, a.rule, a.how)
    ctx.emit("dl.casualties", {"loc": a.loc, "army": a.army, "lost": [lost]}, rule="INT-30")
    if table.over:
        return
    left = min(a.n - 1, battle.side_units(game, a.loc, a.army))
    if left > 0 and battle.has_choice(table, a.loc, a.army, left):
        return _ask_loss(ctx, table, a.loc, a.army, left, a.killer, a.rule, a.how, a.then, dict(a.data))
    if left > 0:
        rest = battle.kill(ctx, table, a.loc, a.army, left, a.killer, a.rule, a.how)
        ctx.emit("dl.casualties", {"loc": a.loc, "army": a.army, "lost": rest}, rule=a.rule)
        if table.over:
            return
    THEN[a.then](ctx, table, "", a)


@then("nothing")
def _nothing(ctx, table, pick, a) -> None:
    return None
