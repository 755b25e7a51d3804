"""Thunderstone's choice tree (engine.choices, issue 27): one option per distinct choice, in words.

- `same_choice`: copies of a card are interchangeable when they lie in the same zone in the
  same condition (the `condition` below: what it carries or is carried by, its bonuses, its
  used abilities, its part in the battle), so eight Miliz that may take a Dolch are one option.
- `question`: a pending choice (`choose`, one step of an effect or a battle) is asked as its
  own question in words ("Which card does the Riese destroy?"); everything else is the
  default grouping, whose first question is built by kind without grouping every command
  (a bot's walk pays one listing per decision, see legal.legal_commands).
- `preview`s of equips and uses say the condition of the cards they name, which is what tells
  two alike options apart where copies differ.
- `bot_options`: random bots walking the tree keep off lines that destroy their last cards,
  as `bot.bot_choices` does for the flat list.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine import choices, narration
from engine.games.thunderstone import bot
from engine.games.thunderstone.battle import strength
from engine.games.thunderstone.content import card, name_of
from engine.games.thunderstone.legal import legal_commands
from engine.games.thunderstone.narrate import nth
from engine.games.thunderstone.places import board_zones, hand, look, play, tres, zone_holding
from engine.games.thunderstone.zone_names import ZONE_NAMES
from engine.narration import seat_name
from engine.ruleset import with_ruleset

# -- one choice: a copy's condition ---------------------------------------------------------
_canon = msgspec.json.Encoder(order="sorted")
_seen: list[Any] = [None, -1, {}, {}, None]  # (table, version, {id: zone}, {id: condition}, marked)


def _memo(table) -> list[Any]:
    last = _seen
    if last[0] is not table or last[1] != table.version:
        last[:] = [table, table.version, {}, {}, None]
    return last


def _marked(table) -> set[str]:
    """The cards this turn's state says anything of (carried, bonused, used, in the battle):
    every other card is in the condition it was drawn in."""
    memo = _memo(table)
    got = memo[4]
    if got is None:
        tt = table.game.t
        got = memo[4] = {u.rpartition("/")[0] for u in tt.used}
        got.update(tt.equip, *tt.equip.values(), tt.str_mod, tt.atk_mod, tt.mag_mod, tt.mag_any_pos)
        got.update(tt.reductions, tt.banned, tt.doomed, tt.spoils, tt.return_on_win, tt.keep)
        got.update(table.game.angry, (tt.target,))
    return got


def _zone(table, s: int, c: str) -> str:
    """The zone holding card `c`: seat `s`'s own zones and the board first (where the cards
    its decisions name lie), else any."""
    where = _memo(table)[2]
    got = where.get(c)
    if got is None:
        zones = table.zones
        for z in _near(s, board_zones(table)):
            if c in zones[z].cards:
                got = z
                break
        else:
            got = next((name for name, z in zones.items() if c in z.cards), "")
        where[c] = got
    return got


_NEAR: dict[tuple[int, tuple[tuple[int, str], ...]], tuple[str, ...]] = {}


def _near(s: int, board: tuple[tuple[int, str], ...]) -> tuple[str, ...]:
    """Seat `s`'s own zones, then the board's, in the order `_zone` looks (named once per
    seat and board, not once per card)."""
    got = _NEAR.get((s, board))
    if got is None:
        got = _NEAR[(s, board)] = (play(s), hand(s), tres(s), look(s), *(z for _, z in board))
    return got


def condition(table, s: int, c: str) -> tuple[Any, ...]:
    """What sets a card apart from its copies this turn: its zone, what it carries or who
    carries it, its bonuses, the abilities it used and its part in the battle."""
    known = _memo(table)[3]
    got = known.get(c)
    if got is None:
        got = known[c] = _condition(table, s, c)
    return got


def _condition(table, s: int, c: str) -> tuple[Any, ...]:
    if c not in _marked(table):
        return (name_of(c), _zone(table, s, c))
    tt = table.game.t
    carrier = next((name_of(h) for h, ws in tt.equip.items() if c in ws), "")
    used = sorted(u.rpartition("/")[2] for u in tt.used if u.rpartition("/")[0] == c)
    return (
        name_of(c),
        _zone(table, s, c),
        sorted(name_of(w) for w in tt.equip.get(c, ())),
        carrier,
        used,
        [d.get(c, 0) for d in (tt.str_mod, tt.atk_mod, tt.mag_mod, tt.mag_any_pos)],
        tt.reductions.get(c, ""),
        [c in x for x in (tt.banned, tt.doomed, tt.spoils, tt.return_on_win, tt.keep, table.game.angry)],
        c == tt.target,
    )


def _is_card(v: Any) -> bool:
    return isinstance(v, str) and "#" in v


def same_choice(table, s: int, cmd: dict[str, Any]) -> Any:
    """The command with each card id replaced by the card's condition; a hidden card named
    by its slot (a pending `order` or `pass_card`) by the name of the card there."""
    slot = cmd.get("option")
    out = None
    for k, v in cmd.items():  # one pass, copying only a command that names a card
        if type(v) is str and "#" in v:
            if out is None:
                out = dict(cmd)
            out[k] = condition(table, s, v)
    if type(slot) is not int:
        return cmd if out is None else out
    if out is None:
        out = dict(cmd)
    if cmd.get("kind") == "choose" and table.game.t.pending:
        cards = _slot_zone(table, s, table.game.t.pending[0])
        if 0 <= slot < len(cards):
            out["option"] = ["slot", name_of(cards[slot])]
    return out


def _slot_zone(table, s: int, e: dict[str, Any]) -> list[str]:
    return table.zone(look(s) if e["what"] == "order" else hand(s))


# -- the condition in words -----------------------------------------------------------------
def looks(table, s: int, c: str) -> str:
    """A card as its condition shows it: "Miliz (strength 3, carrying Speer)"."""
    tt = table.game.t
    k, said = card(c), []
    where = _zone(table, s, c)
    if where and where != play(s):
        said.append(f"in {table_words(where)}")
    if k.kind == "hero" and where == play(s):
        said.append(f"strength {strength(table, c)}")
    if tt.equip.get(c):
        said.append("carrying " + " and ".join(name_of(w) for w in tt.equip[c]))
    carrier = next((h for h, ws in tt.equip.items() if c in ws), None)
    if carrier:
        said.append(f"carried by {name_of(carrier)}")
    for d, what in (
        (tt.atk_mod, "attack"),
        (tt.mag_mod, "magic attack"),
        (tt.mag_any_pos, "magic at any rank"),
    ):
        if d.get(c):
            said.append(f"{what} {d[c]:+d}")
    if any(u.rpartition("/")[0] == c for u in tt.used):
        said.append("used")
    for xs, what in (
        (tt.banned, "kept from attacking"),
        (tt.doomed, "to be destroyed"),
        (tt.spoils, "spoils unused"),
        (tt.return_on_win, "back on the deck if you win"),
        (tt.keep, "kept for the next hand"),
        (table.game.angry, "angry"),
    ):
        if c in xs:
            said.append(what)
    if c in tt.reductions:
        said.append(f"lowering the {tt.reductions[c]}")
    return f"{k.name} ({', '.join(said)})" if said else k.name


def table_words(zone: str) -> str:
    return narration.zone_label(ZONE_NAMES, zone) or zone


def preview(table, s: int, cmd: dict[str, Any]) -> str | None:
    """What an equip or a use would do to which cards, in their condition."""
    kind = cmd.get("kind")
    if kind == "equip" and _is_card(cmd.get("hero")) and _is_card(cmd.get("weapon")):
        w = cmd["weapon"]
        return f"{looks(table, s, cmd['hero'])} takes {looks(table, s, w)}, weight {card(w).weight}"
    if kind == "use" and _is_card(cmd.get("card")):
        on = f" on {looks(table, s, cmd['target'])}" if _is_card(cmd.get("target")) else ""
        said = looks(table, s, cmd["card"])
        return f"{said}{on}" if on or said != name_of(cmd["card"]) else None
    return None


# -- pending choices ------------------------------------------------------------------------
def _src(e: dict[str, Any]) -> str:
    return name_of(e["source"]) if _is_card(e.get("source")) else "the effect"


QUESTIONS = {
    "reduce": lambda e: f"What does {name_of(e['card'])} lower?",
    "doom": lambda e: f"Which card does {_src(e)} destroy?",
    "ban": lambda e: f"Which hero does {_src(e)} keep from attacking?",
    "kill": lambda e: "Which hero that could not attack is destroyed?",
    "sumpf": lambda e: "Which card does the swamp destroy?",
    "swap": lambda e: "Which monster does the looked-at monster take the place of?",
    "order": lambda e: "Which looked-at card goes back on the dungeon deck next (the last on top)?",
    "pass_card": lambda e: f"Which hand card do you pass to {seat_name(e['to'])}?",
    "give_back": lambda e: f"Which hand card do you give back to {seat_name(e['to'])}?",
    "rest": lambda e: "Which hand card do you destroy?",
    "return": lambda e: f"Which unused laid-out card goes back on your deck ({_src(e)})?",
    "hide": lambda e: f"Which laid-out card do you hide under {_src(e)}?",
    "ivory": lambda e: f"Which hand card do you destroy for {e.get('n', 1)} XP?",
}
VERBS = {
    "doom": "Destroy",
    "kill": "Destroy",
    "sumpf": "Destroy",
    "rest": "Destroy",
    "ivory": "Destroy",
    "ban": "Keep back",
    "swap": "Swap with",
    "order": "Put back",
    "pass_card": "Pass",
    "give_back": "Give back",
    "return": "Put back",
    "hide": "Hide",
}
WORDS = {
    "attack": "The attack",
    "magic": "The magic attack",
    "none": "Do not swap",
    "keep": "Keep it",
    "done": "Stop destroying",
}


def pending_label(table, s: int, e: dict[str, Any], option: Any) -> str:
    if isinstance(option, str) and option in WORDS:
        return {"pass_card": "Pass nothing", "hide": "Hide nothing"}.get(e["what"], WORDS[option])
    if type(option) is int:
        cards = _slot_zone(table, s, e)
        shown = name_of(cards[option]) if 0 <= option < len(cards) else f"the {nth(option)} card"
        return f"{VERBS[e['what']]} {shown}"
    if _is_card(option):
        shown = looks(table, s, option)
        if e["what"] == "swap":
            shown = f"{name_of(option)} at rank {zone_holding(table, option)[-1]}"
        return f"{VERBS[e['what']]} {shown}"
    return f"{VERBS.get(e['what'], 'Choose')} {option}"


def distinct(table, s: int, cmds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Commands with copies merged (`same_choice`), the first of each kept: the options of a
    question over them."""
    if _apart(cmds):
        return cmds
    seen: set[bytes] = set()
    out = []
    for c in cmds:
        key = _canon.encode(same_choice(table, s, c))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _apart(cmds: list[dict[str, Any]]) -> bool:
    """Are no two of `cmds` one choice, surely, without their cards' conditions? So when
    they differ even with each card read as its name alone (a condition begins with the
    card's name), every value is a str or an int, and none names a hidden card by its slot."""
    seen: set[frozenset[tuple[str, Any]]] = set()
    for c in cmds:
        key = []
        for k, v in c.items():
            kind = type(v)
            if kind is str:
                key.append((k, name_of(v) if "#" in v else v))
            elif kind is int and k != "option":
                key.append((k, v))
            else:
                return False
        got = frozenset(key)
        if got in seen:
            return False
        seen.add(got)
    return True


def _pending(table, s: int, cmds: list[dict[str, Any]], words: bool) -> choices.Question:
    e = table.game.t.pending[0]
    rule = e.get("rule")
    out = distinct(table, s, cmds)
    if not words:
        return choices.Question(table.version, s, "", rule, [choices.leaf("", c) for c in out])
    text = QUESTIONS.get(e["what"], lambda e: "Which do you choose?")(e)
    labels = [pending_label(table, s, e, c["option"]) for c in out]
    for i, label in enumerate(labels):  # copies in another zone: say which
        if labels.count(label) > 1 and isinstance(out[i]["option"], int):
            labels[i] = f"{label} (the {nth(out[i]['option'])} card)"
    return choices.Question(
        table.version, s, text, rule, [choices.leaf(lab, c) for lab, c in zip(labels, out, strict=True)]
    )


# -- the tree -------------------------------------------------------------------------------
_KINDS: list[Any] = [None, {}]  # (listing, its commands by kind)


def _by_kind(cmds: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The listing's commands by kind, kept for the listing last asked (the same list object,
    which legal_commands shares per state and nobody changes): a decision's questions split
    it once, and the step below a kind gets the same list each time."""
    if _KINDS[0] is cmds:
        kept: dict[str, list[dict[str, Any]]] = _KINDS[1]
        return kept
    kinds: dict[str, list[dict[str, Any]]] = {}
    for c in cmds:
        kinds.setdefault(c["kind"], []).append(c)
    _KINDS[:] = [cmds, kinds]
    return kinds


def _one_step(cmds: list[dict[str, Any]]) -> bool:
    """Would the default grouping make each of these commands (of one kind) a leaf of one
    question, in the listed order? So when they write the same fields, every value a plain
    str or int naming no card (each command its own choice: `same_choice` keeps it as it is)
    and no slot, and the first field in which they differ holds a value of its own in each."""
    keys = list(cmds[0])
    for c in cmds:
        if list(c) != keys or type(c.get("option")) is int:
            return False
        for v in c.values():
            if type(v) is not int and (type(v) is not str or "#" in v):
                return False
    for f in keys:
        if f == "kind":
            continue
        values = [c[f] for c in cmds]
        first = values[0]
        for v in values:
            if v != first or type(v) is not type(first):
                return len(set(values)) == len(values)
    return False  # alike commands: the grouping merges them


def _leaves(rs, table, s: int, cmds: list[dict[str, Any]]) -> choices.Question | None:
    """A bot's question over `cmds` when every command is a leaf of it (`_one_step`): the
    question `choices.grouped` would build, without merging copies or grouping fields that
    cannot merge or group anything (a bot asks one at every decision)."""
    if len(cmds) > 1 and not _one_step(cmds):
        return None
    rule = next((p.rule for p in rs.prompts(table) if p.seat == s), None)
    return choices.Question(table.version, s, "", rule, [choices.Node("", None, c) for c in cmds])


@with_ruleset
def question(rs, table, s: int, path: list[Any], words: bool = True) -> choices.Question:
    cmds = legal_commands(table, s)
    if not cmds:
        return choices.grouped(rs, table, s, path, cmds, words)
    pending = table.game.t.pending
    if pending and not path and cmds[0]["kind"] == "choose":
        return _pending(table, s, cmds, words)
    kinds = _by_kind(cmds)
    if len(kinds) == 1:
        quick = None if words or path else _leaves(rs, table, s, cmds)
        return quick or choices.grouped(rs, table, s, path, cmds, words)
    if not path:
        if words:
            return choices.grouped(rs, table, s, path, cmds, words)
        rule = next((p.rule for p in rs.prompts(table) if p.seat == s), None)
        return choices.Question(
            table.version,
            s,
            "",
            rule,
            [
                choices.Node("", None, group[0])
                if len(group) == 1
                else choices.Node("", None, expand=[["kind", k]])
                for k, group in kinds.items()
            ],
        )
    first = path[0]
    if not (isinstance(first, list) and len(first) == 2 and first[0] == "kind" and first[1] in kinds):
        raise choices.BadPath("names no legal command now: ask for the choices again")
    quick = None if words or len(path) > 1 else _leaves(rs, table, s, kinds[first[1]])
    return quick or choices.grouped(rs, table, s, path, kinds[first[1]], words)


def bot_options(table, s: int, path: list[Any], opts: list[choices.Node]) -> list[choices.Node]:
    """`bot.bot_choices` on one question: leaves that destroy one of the seat's last cards
    other than a disease are left out (lazy steps and picks are kept)."""
    keep = bot.spared(table, s, [o.command for o in opts])
    return opts if keep is None else [opts[i] for i in keep]
