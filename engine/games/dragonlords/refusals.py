"""Why a DragonLords command is refused, in the player's terms (invariant 4: a refusal names the
rule and what in the command was wrong).

`explain` in legal.py asks here once the command's kind is allowed now: a place that is no place
of the map, a territory that is not the player's, a destination that is not next to the origin or
not open, more units than may go ("you have 17 units there"), more gold than is left to store,
an answer that is not one of the question's. Each finder returns None when it has nothing to say,
so the next one (or the generic line) speaks."""

from __future__ import annotations

from engine.games.dragonlords import board, names, places
from engine.games.dragonlords.audit.narrate import ASKS
from engine.games.dragonlords.map.world import world
from engine.ruleset import Illegal

PLACE_FIELDS = ("origin", "to", "target", "at", "kingdom", "space", "zone")
COUNT_RULE = {
    "move": "DL:3.5",
    "load": "DL:3.2/ships",
    "unload": "DL:3.2/ships",
    "attack": "DL:3.4/land.1",
    "sneak": "DL:3.4/sneak",
    "march": "DL:3.4/forced-march",
    "retreat": "INT-40",
    "teleport": "DL:3.2/spellcaster",
    "enter": "DL:3.3/party",
}


def why_not(table, seat: int, cmd: dict, legal_cmds: list[dict], rule: str) -> Illegal | None:
    """The first specific reason the command is not among `legal_cmds` (same kind allowed now)."""
    for finder in (_unknown_place, _stash, _answer, _count, _origin, _destination):
        why = finder(table, cmd, legal_cmds, rule)
        if why is not None:
            return why
    return None


def _is_place(x) -> bool:
    w = world()
    return isinstance(x, str) and (x in w.kind or x in w.space_kind or x in w.sea or places.is_ship(x))


def _unknown_place(table, cmd, legal_cmds, rule) -> Illegal | None:
    """A name that is no place of the map (a typo, a bridge or pass: F-Q11)."""
    for f in PLACE_FIELDS:
        x = cmd.get(f)
        if f in cmd and not _is_place(x):
            return Illegal(
                "DL:2.2/terrain",
                f"{f} {x!r} is no place of the map (bridges and passes are no places, F-Q11)",
            )
    return None


def _stash(table, cmd, legal_cmds, rule) -> Illegal | None:
    """Income or set-up gold stored in a kingdom held (DL:3.6, DL:2.3.3)."""
    if cmd.get("kind") != "stash":
        return None
    game = table.game
    left = game.treasury.get(str(game.active), 0)
    n, k = cmd.get("n"), cmd.get("kingdom")
    if k not in board.kingdoms_held(game, game.active):
        held = ", ".join(board.kingdoms_held(game, game.active)) or "none"
        return Illegal(
            rule, f"{k} is not a kingdom you hold (yours: {held}); gold is stored only in a kingdom"
        )
    if isinstance(n, int) and n > left:
        return Illegal(rule, f"only {left} gold is left to store, not {n}")
    if isinstance(n, int) and n < 1:
        return Illegal(rule, f"store at least 1 gold, not {n} ({left} left)")
    return None


def _answer(table, cmd, legal_cmds, rule) -> Illegal | None:
    """An answer that is not one of the open question's."""
    kind = cmd.get("kind")
    if kind not in ("choose", "casualty"):
        return None
    field = "option" if kind == "choose" else "unit"
    answers = [c[field] for c in legal_cmds if c.get("kind") == kind]
    game = table.game
    q = game.ask.kind if game.ask is not None else "casualties"

    return Illegal(
        rule,
        f"{cmd.get(field)!r} is not an answer to {ASKS.get(q, q)}; the answers are "
        f"{', '.join(repr(a) for a in answers)}",
    )


def _same_but(cmd: dict, c: dict, field: str) -> bool:
    keys = (set(cmd) | set(c)) - {field}
    return all(cmd.get(k) == c.get(k) for k in keys)


def _count(table, cmd, legal_cmds, rule) -> Illegal | None:
    """More units than may go (or fewer than one): say how many stand there and how many may go."""
    n = cmd.get("n")
    kind = cmd.get("kind")
    if not isinstance(n, int) or kind not in COUNT_RULE:
        return None
    ns = [c["n"] for c in legal_cmds if c.get("kind") == kind and "n" in c and _same_but(cmd, c, "n")]
    if not ns and n >= 1:
        return None
    game = table.game
    a = game.battle.attacker if kind == "retreat" and game.battle is not None else game.active
    src = _source(table, cmd)
    have = board.units(game, src, a) if src else 0
    plain = board.plain(game, src, a) if src else 0
    if n < 1:
        return Illegal(COUNT_RULE[kind], f"move at least 1 unit, not {n}")
    most = max(ns) if ns else 0
    notes = _count_notes(table, cmd, kind, src, a)
    bearers = f" ({plain} plain; a chip-bearer goes on its own, as `hero`)" if plain != have else ""
    return Illegal(
        COUNT_RULE[kind],
        f"{n} units cannot go from {src}: you have {have} unit{'s' if have != 1 else ''} "
        f"there{bearers}, so at most {most} may go{notes}",
    )


def _source(table, cmd) -> str:
    game = table.game
    kind = cmd.get("kind")
    if kind == "unload":
        return places.aboard(cmd.get("ship", ""))
    if kind == "retreat":
        return game.battle.loc if game.battle is not None else ""
    if kind == "teleport":
        x = game.heroes.get(cmd.get("hero", ""))
        return x.loc if x is not None else ""
    return cmd.get("origin", "") if isinstance(cmd.get("origin"), str) else ""


def _count_notes(table, cmd, kind, src, a) -> str:
    """What holds units back, each with its rule."""
    game = table.game
    w = world()
    notes = []
    if (
        kind in ("move", "attack", "sneak", "march", "load", "enter", "teleport")
        and w.kind.get(src, "island") != "island"
    ):
        notes.append("one unit stays to hold the territory (F-Q2, DL:3.4/land.1)")
    if kind in ("move", "load") and game.phase == "transfer" and game.moved.get(src):
        notes.append(f"{game.moved[src]} moved in this Transfer and may not move again (DL:3.5)")
    if kind in ("attack", "sneak") and game.no_fight.get(src):
        notes.append(f"{game.no_fight[src]} may not attack this turn (forced march or a failed sneak attack)")
    if kind == "sneak" and game.sneaked.get(src):
        notes.append(f"{game.sneaked[src]} sneak attacked already this turn (each elf once, DL:3.4/sneak)")
    if kind == "load" and cmd.get("ship") in game.ships:
        on = board.units(game, places.aboard(cmd["ship"]), a)
        notes.append(f"a ship carries 8 units and {on} are aboard (DL:3.2/ships)")
    return "; " + "; ".join(notes) if notes else ""


def _origin(table, cmd, legal_cmds, rule) -> Illegal | None:
    """An origin that is not the player's (or not one from which this command can start)."""
    o = cmd.get("origin")
    kind = cmd.get("kind")
    if not isinstance(o, str) or kind not in ("move", "attack", "sneak", "march", "load", "enter"):
        return None
    game = table.game
    a = game.active
    if board.owner(game, o) != a and not (places.is_ship(o) and board.units(game, o, a)):
        who = board.owner(game, o)
        held = f"{names.army(game, who)} holds it" if who >= 0 else "it is empty"
        return Illegal(COUNT_RULE[kind], f"{o} is not your territory ({held})")
    if not any(c.get("origin") == o for c in legal_cmds if c.get("kind") == kind):
        have = board.units(game, o, a)
        if have <= 1 and world().kind.get(o) != "island":
            return Illegal(COUNT_RULE[kind], f"you have {have} unit there: it must stay to hold {o} (F-Q2)")
    return None


def _destination(table, cmd, legal_cmds, rule) -> Illegal | None:
    """A destination that is not next to the origin, or not open to this command."""
    kind = cmd.get("kind")
    o = cmd.get("origin")
    x = cmd.get("target", cmd.get("to"))
    if kind not in ("move", "attack", "sneak", "march") or not isinstance(o, str) or not isinstance(x, str):
        return None
    game = table.game
    a = game.active
    w = world()
    if kind != "march" and not w.adjacent(o, x, board.caster_at(game, o, a)):
        return Illegal(
            "DL:2.2/terrain",
            f"{x} is not adjacent to {o} (a border, bridge or pass; teleportals only with a spellcaster)",
        )
    who = [b for b in board.armies_at(game, x) if b != a]
    if kind == "move" and who:
        return Illegal(
            "DL:3.5",
            f"{x} is held by {names.army(game, who[0])}: a transfer goes only into an own or empty "
            "territory (INT-31; attacks are made in the Combat phase)",
        )
    if kind in ("attack", "sneak") and not who:
        return Illegal(
            "DL:3.4/land.1", f"{x} holds no enemy: attack an enemy territory (move in by transfer)"
        )
    if kind == "march" and who:
        return Illegal(
            "DL:3.4/forced-march",
            f"a forced march ends in an own or empty territory; {x} is held by {names.army(game, who[0])}",
        )
    if kind == "march":
        return Illegal("DL:3.4/forced-march", f"{x} is not within 4 steps of {o} through own territories")
    if kind == "sneak":
        return Illegal("INT-27", f"{x} is not in or next to a realm whose kingdom the elves hold")
    return None
