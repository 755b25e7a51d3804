"""The questions of a Mage Knight combat (attack, block, cumbersome, assign damage, the next
phase), in words a player understands, built from the combat's commands legal now.

Why not the default grouping: an attack's targets are a set of enemies, and the machine lists
one command per subset (15 for four enemies, times the ways to combine point kinds). A player
answers "which points?", then "which enemies?": a pick of the enemies where every choice in the
allowed range is legal (an attack strong enough for any of them), else small questions that add
one enemy at a time (the next enemies always follow the chosen ones in the combat's order), so
every leaf is a legal attack and no question lists the subsets. Blocks, damage and cumbersome
move points ask "which attack?" and "who takes it?" / "how many?", each option saying its
outcome ("Block the Crossbowmen with 5 (needs 8): fails").

Paths: `[["kind", K], ...]`; the steps after the kind are `["use", [kinds]]` and
`["with", [uids]]` (attack), `["enemy", uid]` (block, when there are too many attacks to list
at once) and `["attack", [uid, i]]` (cumbersome, assign).
"""

from __future__ import annotations

from math import comb
from typing import Any

from engine import choices
from engine.choices import MORE, BadPath, Node, Pick, PickOption, Question
from engine.games.mage_knight.combat import words as combat_words
from engine.games.mage_knight.combat.abilities import armour_now
from engine.narration import and_list

COMBAT_KINDS = ("attack", "block", "cumbersome", "assign", "next")
LIMIT = 25  # the most options a question offers (tests/choice_checks.py)
RULES = {  # the rule each question asks about
    "attack": "MK:9:Ranged:4",
    "block": "MK:9:Block:3",
    "cumbersome": "MK:10:Abilities:Cumbersome",
    "assign": "MK:9:Damage:1",
    "next": "MK:8:Combat:3",
}
Cmd = dict[str, Any]


class _Ask:
    """One combat question being built: the table's combat, its names (words only) and the
    seat's commands of one kind."""

    def __init__(self, table, seat: int, cmds: list[Cmd], words: bool):
        self.table, self.seat, self.cmds, self.words = table, seat, cmds, words
        self.c = table.game.combat
        self.names = combat_words.Names(self.c) if words else None

    def leaf(self, cmd: Cmd) -> Node:
        if self.names is None:
            return choices.leaf("", cmd)
        label, preview = combat_words.outcome(self.names, cmd)
        return choices.leaf(label, cmd, preview)

    def lazy(self, label: str, path: list[Any], preview: str | None = None) -> Node:
        return choices.lazy(label + MORE if self.words else "", path, preview if self.words else None)

    def say(self, text: str) -> str:
        return text if self.words else ""

    def question(self, kind: str, text: str, options: list[Node]) -> Question:
        if not options:
            raise BadPath("names no legal combat command now: ask for the choices again")
        return Question(self.table.version, self.seat, self.say(text), RULES[kind], options)


def combat_options(rs, table, seat: int, cmds: list[Cmd], words: bool) -> list[Node]:
    """The first question's options for the combat's own commands `cmds` (those of the
    COMMAND kinds above that are legal now): one option per kind, a leaf where the kind has
    one command, else a lazy step with the path `[["kind", K]]` (nothing below is built)."""
    if table.game.combat is None:  # the combat commands are legal only inside a combat
        return []
    ask = _Ask(table, seat, cmds, words)
    out = []
    for kind in COMBAT_KINDS:
        mine = [c for c in cmds if c.get("kind") == kind]
        if len(mine) == 1:
            out.append(ask.leaf(mine[0]))
        elif mine:
            out.append(ask.lazy(_kind_label(ask, kind, mine) if words else "", [["kind", kind]]))
    return out


def _kind_label(ask: _Ask, kind: str, mine: list[Cmd]) -> str:
    names = ask.names
    assert names is not None
    if kind == "attack":
        foes = list(dict.fromkeys(u for c in mine for u in c["targets"]))
        return f"Attack {names.enemy(foes[0]) if len(foes) == 1 else 'the enemies'}"
    attacks = list(dict.fromkeys((c["enemy"], c["attack"]) for c in mine))
    one = names.attack(*attacks[0]) if len(attacks) == 1 else None
    if kind == "block":
        return f"Block {one or 'an enemy attack'}"
    if kind == "cumbersome":
        return f"Spend move points against {one or 'a cumbersome attack'}"
    return f"Assign the damage of {one or 'an unblocked attack'}"


def combat_question(rs, table, seat: int, path: list[Any], cmds: list[Cmd], words: bool) -> Question:
    """The question at `path` (starting `["kind", K]`, K a combat kind) over the combat's
    commands `cmds` legal now; BadPath when the path names none of them."""
    first = path[0] if path else None
    if not (isinstance(first, list) and len(first) == 2 and first[0] == "kind" and first[1] in COMBAT_KINDS):
        raise BadPath(f"{first!r} is not a combat kind")
    kind = first[1]
    mine = [c for c in cmds if c.get("kind") == kind]
    if not mine or table.game.combat is None:
        raise BadPath(f"no {kind} is open now: ask for the choices again")
    ask = _Ask(table, seat, mine, words)
    return _BUILDERS[kind](ask, path)


# -- attack ---------------------------------------------------------------------------------
def _attack(ask: _Ask, path: list[Any]) -> Question:
    uses = list({_key(c["use"]): c["use"] for c in ask.cmds}.values())
    rest = path[1:]
    if rest and rest[0][:1] == ["use"]:
        use = _step_value(rest[0], uses)
        rest = rest[1:]
    elif len(uses) == 1:
        use = uses[0]
    else:
        return ask.question("attack", "Which points do you attack with?", [_use_option(ask, u) for u in uses])
    mine = [c for c in ask.cmds if c["use"] == use]
    if not rest:
        pick = _pick(ask, mine)
        if pick is not None:
            return ask.question("attack", "Which enemies do you attack?", [pick])
        return _targets(ask, path, mine, [])
    if len(rest) != 1 or rest[0][:1] != ["with"] or len(rest[0]) != 2 or not isinstance(rest[0][1], list):
        raise BadPath(f"{rest!r} names no attack")
    return _targets(ask, path[:-1], mine, rest[0][1])


def _use_option(ask: _Ask, use: list[str]) -> Node:
    """One way to combine the pooled point kinds: a leaf (one attack), a pick, or a step."""
    mine = [c for c in ask.cmds if c["use"] == use]
    if len(mine) == 1:
        return ask.leaf(mine[0])
    pick = _pick(ask, mine)
    if pick is not None:
        return pick
    names = ask.names
    return ask.lazy(f"With {names.points(use)}" if names else "", [["kind", "attack"], ["use", use]])


def _pick(ask: _Ask, mine: list[Cmd]) -> Node | None:
    """The targets of the attacks `mine` (one `use`) as a pick when they are exactly every set
    of `lo` to `hi` of the enemies in them (hi >= 2: a choice of one enemy is better as options
    that each say their outcome). The pick's command writes `targets` before `use`, as the
    machine's commands do, so a picked attack is recorded byte for byte as a listed one."""
    order = {e.uid: i for i, e in enumerate(ask.c.enemies)}
    foes = sorted({u for c in mine for u in c["targets"]}, key=lambda u: order.get(u, len(order)))
    sizes = {len(c["targets"]) for c in mine}
    lo, hi = min(sizes), max(sizes)
    if hi < 2 or len({_key(c["targets"]) for c in mine}) != sum(
        comb(len(foes), k) for k in range(lo, hi + 1)
    ):
        return None
    cmd = {"kind": "attack", "targets": [], "use": mine[0]["use"]}
    names = ask.names
    if names is None:
        return choices.picks("", Pick("", lo, hi, "targets", [PickOption("", u) for u in foes], cmd))
    armour = {u: armour_now(ask.c, names.by_uid[u])[0] for u in foes}
    options = [PickOption(f"{names.enemy(u)} (armour {armour[u]})", u) for u in foes]
    some = "any" if (lo, hi) == (1, len(foes)) else f"{lo} to {hi}" if lo < hi else f"{hi}"
    label = f"Attack {some} of the {len(foes)} enemies with {names.points(cmd['use'])}: all defeated"
    preview = f"armour {and_list([f'{armour[u]} ({names.enemy(u)})' for u in foes])}"
    return choices.picks(
        label, Pick("Which enemies do you attack?", lo, hi, "targets", options, cmd), preview
    )


def _targets(ask: _Ask, where: list[Any], mine: list[Cmd], chosen: list[str]) -> Question:
    """The enemies one at a time. Enemies are taken in a fixed order, those in the most legal
    groups first (ties in the combat's order), so the enemy most attacks share opens one step
    for all its groups; after `chosen`, each next enemy is a leaf where the group so far is a
    legal attack, and a step where larger legal groups start with it (the one attack itself
    where only one does)."""
    order = {e.uid: i for i, e in enumerate(ask.c.enemies)}
    count: dict[str, int] = {}
    for c in mine:
        for u in c["targets"]:
            count[u] = count.get(u, 0) + 1
    seqs = [(sorted(c["targets"], key=lambda u: (-count[u], order.get(u, 0))), c) for c in mine]
    n = len(chosen)
    below = [(s, c) for s, c in seqs if len(s) > n and s[:n] == chosen]
    if chosen and not below:
        raise BadPath("names no legal attack now: ask for the choices again")
    options: list[Node] = []
    for u in dict.fromkeys(s[n] for s, _ in below):
        group = [*chosen, u]
        options += [ask.leaf(c) for s, c in below if s == group]
        larger = [c for s, c in below if len(s) > n + 1 and s[: n + 1] == group]
        if len(larger) == 1:
            options.append(ask.leaf(larger[0]))
        elif larger:
            names = ask.names
            label = f"Attack {names.enemy_list(group)} and others" if names else ""
            options.append(ask.lazy(label, [*where, ["with", group]]))
    text = "Which enemies do you attack?"
    if chosen and ask.names:
        text = f"Which enemies do you attack together with {ask.names.enemy_list(chosen)}?"
    return ask.question("attack", text, options)


# -- block, cumbersome, assign, next ----------------------------------------------------------
def _block(ask: _Ask, path: list[Any]) -> Question:
    rest = path[1:]
    if len(ask.cmds) <= LIMIT and not rest:
        return ask.question("block", "Which attack do you block?", [ask.leaf(c) for c in ask.cmds])
    foes = list(dict.fromkeys(c["enemy"] for c in ask.cmds))
    if not rest:  # too many attacks to list: the enemy first
        return ask.question(
            "block",
            "Which enemy do you block?",
            [_enemy_step(ask, path, u) for u in foes],
        )
    foe = _step_value(rest[0], foes, "enemy")
    return ask.question(
        "block", "Which of its attacks do you block?", [ask.leaf(c) for c in ask.cmds if c["enemy"] == foe]
    )


def _enemy_step(ask: _Ask, path: list[Any], uid: str) -> Node:
    mine = [c for c in ask.cmds if c["enemy"] == uid]
    if len(mine) == 1:
        return ask.leaf(mine[0])
    return ask.lazy(f"Block {ask.names.enemy(uid)}" if ask.names else "", [*path, ["enemy", uid]])


def _by_attack(ask: _Ask, path: list[Any], kind: str, first: str, then: str, label: str) -> Question:
    """A question over the attacks the commands name (`first`), then over the commands of one
    attack (`then`, with the attack's words for `{attack}`)."""
    attacks = list(dict.fromkeys((c["enemy"], c["attack"]) for c in ask.cmds))
    rest = path[1:]
    if rest:
        pick = _step_value(rest[0], [list(a) for a in attacks], "attack")
        at: tuple[str, int] = (pick[0], pick[1])
    elif len(attacks) == 1:
        at = attacks[0]
    else:
        opts = []
        for a in attacks:
            mine = [c for c in ask.cmds if (c["enemy"], c["attack"]) == a]
            if len(mine) == 1:
                opts.append(ask.leaf(mine[0]))
            else:
                words = label.format(attack=ask.names.attack(*a)) if ask.names else ""
                value = ask.names.attack_value(*a) if ask.names else None
                opts.append(
                    ask.lazy(f"{words} ({value})" if value else words, [path[0], ["attack", list(a)]])
                )
        return ask.question(kind, first, opts)
    text = then.format(attack=ask.names.attack(*at)) if ask.names else ""
    return ask.question(kind, text, [ask.leaf(c) for c in ask.cmds if (c["enemy"], c["attack"]) == at])


def _cumbersome(ask: _Ask, path: list[Any]) -> Question:
    return _by_attack(
        ask,
        path,
        "cumbersome",
        "Which cumbersome attack do you weaken with move points?",
        "How many move points do you spend against {attack}?",
        "Weaken {attack}",
    )


def _assign(ask: _Ask, path: list[Any]) -> Question:
    return _by_attack(
        ask,
        path,
        "assign",
        "Whose damage do you assign next?",
        "Who takes the damage from {attack}?",
        "Assign the damage of {attack}",
    )


def _next(ask: _Ask, path: list[Any]) -> Question:
    if len(path) > 1:
        raise BadPath(f"{path!r} names no step of the next phase")
    return ask.question("next", "Do you end this phase?", [ask.leaf(c) for c in ask.cmds])


_BUILDERS = {
    "attack": _attack,
    "block": _block,
    "cumbersome": _cumbersome,
    "assign": _assign,
    "next": _next,
}


# -- paths ----------------------------------------------------------------------------------
def _key(v: Any) -> str:
    return repr(v)


def _step_value(stepped: Any, allowed: list[Any], field: str = "use") -> Any:
    """The value of a path step `[field, value]` when it is one of `allowed`; else BadPath."""
    if not (isinstance(stepped, list) and len(stepped) == 2 and stepped[0] == field):
        raise BadPath(f"{stepped!r} is not a {field} step")
    if stepped[1] not in allowed:
        raise BadPath(f"{stepped[1]!r} is not open now: ask for the choices again")
    return stepped[1]
