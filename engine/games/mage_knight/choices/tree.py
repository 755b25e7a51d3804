"""Mage Knight's questions: "What do you do?" over the kinds of action open now, each built
only when opened (a lazy step `[["kind", K], ...]`), from the turn's parts (legal.turn_parts)
instead of the full list of legal commands; card sets as picks; the combat's own decisions
handed to choices.combat, playing a card to choices.cards."""

from __future__ import annotations

from typing import Any

import msgspec

from engine import choices
from engine.choices import FIRST_QUESTION, MORE, NOTHING, BadPath, Node, Question
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.choices import cards, fields, sets
from engine.games.mage_knight.choices import words as say
from engine.games.mage_knight.choices.combat import combat_options, combat_question
from engine.games.mage_knight.choices.nodes import apart_nodes, leaf, one_choice, unique
from engine.mechanics.per_state import per_state
from engine.mechanics.zones import card_name
from engine.narration import humane

_canon = msgspec.json.Encoder(order="sorted")

# The question a kind's step asks.
KIND_QUESTIONS = {
    "activate": "Which unit's ability?",
    "skill": "Which skill?",
    "move": "Where do you move?",
    "explore": "Where do you explore?",
    "tunnel": "Where does the tunnel lead?",
    "recruit": "Which unit do you recruit?",
    "buy_aa": "Which advanced action do you buy?",
    "buy_spell": "Which spell do you buy?",
    "challenge": "Which enemies do you challenge?",
    "rest": "Which card do you discard to rest?",
    "reward": "Which reward?",
    "tactic": "Which tactic?",
    "level_up": "Which skill?",
    "answer": "Which answer?",
}
# A card set's pick: its option's label and question.
PICK_WORDS = {
    "end_turn": ("End the turn" + MORE, "Which cards do you discard?"),
    "tactic": ("Take the tactic {tactic}" + MORE, "Which cards do you discard and draw again?"),
    "tactic_use": ("Use {tactic}" + MORE, "Which cards do you shuffle into your deck and draw again?"),
}


def question(rs, table, seat: int, path: list[Any], words: bool = True) -> Question:
    prompt = legal.prompt_of(table, seat)
    if prompt is None:
        if path:
            raise BadPath("names no question now: the seat has nothing to decide")
        return Question(table.version, seat, NOTHING, None, [])
    kind = _kind(path)
    listed = phase_commands(table, seat)
    if listed is not None:  # outside the turn: short lists
        by_kind = _by_kind(listed)
        if kind is None and len(by_kind) == 1:  # one kind: its own question comes first
            ((k, cmds),) = by_kind.items()
            return _kind_question(rs, table, seat, [["kind", k]], cmds, words, prompt.rule, FIRST_QUESTION)
        if kind is None:
            opts = [o for k, cmds in by_kind.items() for o in _kind_options(rs, table, seat, k, cmds, words)]
            return Question(table.version, seat, FIRST_QUESTION, prompt.rule, opts)
        return _kind_question(rs, table, seat, path, by_kind.get(kind, []), words, prompt.rule)
    parts = turn_parts(table, seat)
    if kind is None:
        opts = [o for part in parts for o in part_options(rs, table, seat, part, words)]
        return Question(table.version, seat, FIRST_QUESTION, prompt.rule, apart_nodes(opts, words))
    part = next((x for x in parts if kind in x.kinds), None)
    if part is None:
        raise BadPath(f"names no {humane(kind)} now: ask for the choices again")
    if kind in legal.FIGHT_KINDS:
        return combat_question(rs, table, seat, path, part.make(), words)
    if kind == "play":
        return cards.question(rs, table, seat, path, words, prompt.rule)
    cmds = [c for c in part.make() if c["kind"] == kind]
    return _kind_question(rs, table, seat, path, cmds, words, prompt.rule)


@per_state
def phase_commands(table, seat: int) -> list[dict] | None:
    """`legal.phase_commands`, listed once per state for all the questions asked in it."""
    return legal.phase_commands(table, seat)


@per_state
def turn_parts(table, seat: int) -> list[legal.Part]:
    """`legal.turn_parts` once per state (each part lists at most once): the first question,
    the bot's look below an option and the step opened all read the same lists."""
    return legal.turn_parts(table, seat)


def turn_commands(table, seat: int, kind: str) -> list[dict]:
    """The seat's commands of one kind in its turn, as its part lists them (once per state):
    what the first question's step of that kind leads to, for kinds alike only when equal."""
    part = next((x for x in turn_parts(table, seat) if kind in x.kinds), None)
    return [] if part is None else [c for c in part.make() if c["kind"] == kind]


def _kind(path: list[Any]) -> str | None:
    if not path:
        return None
    first = path[0]
    if not (isinstance(first, list) and len(first) == 2 and first[0] == "kind" and isinstance(first[1], str)):
        raise BadPath("is not a path of this game's questions")
    return first[1]


def _by_kind(cmds: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for c in cmds:
        out.setdefault(c["kind"], []).append(c)
    return out


def part_options(rs, table, seat: int, part: legal.Part, words: bool) -> list[Node]:
    """The first question's options for one part of the turn, listing it only where cheap."""
    if part.kinds == legal.FIGHT_KINDS:
        return combat_options(rs, table, seat, part.make(), words)
    if part.probe is not None:  # dear to list (every card's plays): is there one at all?
        return [kind_step(part.kinds[0], words)] if part.probe() else []
    if part.kinds == ("end_turn",):
        return _end_turn(rs, table, seat, words)
    return [
        o for k, cmds in _by_kind(part.make()).items() for o in _kind_options(rs, table, seat, k, cmds, words)
    ]


def _end_turn(rs, table, seat: int, words: bool) -> list[Node]:
    """End the turn: one pick of the cards to discard (none, where the turn may end without),
    not one option per subset (MK:6:Turn:5a)."""
    names = sorted({card_name(c) for c in table.zone(state.hand(seat))})
    cards_, plain = legal.end_discards(table, seat, names)
    end = {"kind": "end_turn"}
    if not cards_:
        return [leaf(rs, table, seat, end, words)] if plain else []
    label, text = PICK_WORDS["end_turn"]
    return [
        sets.card_pick(
            label if words else "", text, cards_, 0 if plain else 1, len(cards_), "discard", end, words
        )
    ]


def _kind_options(rs, table, seat: int, kind: str, cmds: list[dict], words: bool) -> list[Node]:
    """One kind's option in the first question: its one command, its one pick, or a step."""
    field = legal.SET_FIELDS.get(kind)
    if field is None and len(cmds) > 1 and not one_choice(rs, table, seat, cmds):
        return [kind_step(kind, words)]
    cmds = unique(rs, table, seat, cmds)
    if len(cmds) == 1:
        return [leaf(rs, table, seat, cmds[0], words)]
    if field is not None:
        fams = sets.families(cmds, field)
        if len(fams) == 1 and isinstance(fams[0], tuple):
            return [_pick(table, kind, fams[0], field, words)]
    return [kind_step(kind, words)]


def _kind_question(
    rs, table, seat: int, path: list[Any], cmds: list[dict], words: bool, rule, text: str | None = None
) -> Question:
    """The question of one kind at `path`: its commands split field by field (the default way),
    its card sets as picks."""
    field = legal.SET_FIELDS.get(path[0][1])
    picks: list[Node] = []
    if field is not None:
        fams = sets.families(unique(rs, table, seat, cmds), field)
        cmds = [c for c in fams if isinstance(c, dict)]
        if len(path) == 1:
            picks = [_pick(table, path[0][1], f, field, words) for f in fams if isinstance(f, tuple)]
    if not cmds and not picks:
        raise BadPath("names no legal command now: ask for the choices again")
    if len(path) == 1 and text is None:
        text = KIND_QUESTIONS.get(path[0][1])
    cmds = [c for c in cmds if fields.on_path(c, path[1:])]
    if not cmds and not picks:
        raise BadPath("names no legal command now: ask for the choices again")
    if len(cmds) > 1:
        q = fields.question(rs, table, seat, path, unique(rs, table, seat, cmds), words, rule)
        opts, text = q.options, text or q.question
    else:
        opts = [leaf(rs, table, seat, c, words) for c in cmds]
    return Question(table.version, seat, text or FIRST_QUESTION, rule, apart_nodes(opts + picks, words))


def _pick(table, kind: str, fam: tuple, field: str, words: bool) -> Node:
    base, names, lo, hi = fam
    label, text = PICK_WORDS[kind]
    if words:
        label = label.format(tactic=say.name(base.get("tactic", "")))
    return sets.card_pick(label if words else "", text, names, lo, hi, field, base, words)


def kind_step(kind: str, words: bool) -> Node:
    """The first question's lazy step into one kind's own question."""
    return choices.lazy(_step_label(kind, words), [["kind", kind]])


def _step_label(kind: str, words: bool) -> str:
    if not words:
        return ""
    return say.KIND_LABELS.get(kind, say.sentence(humane(kind))) + MORE


def same_choice(table, seat: int, cmd: dict) -> dict:
    """A command as the choice it is: card sets as listed, copies of one unit or card in an
    offer by name, Source dice by their colour (two green dice pay alike)."""
    kind = cmd.get("kind")
    if kind in legal.SET_FIELDS or kind == "attack":
        cmd = legal.same_command(table, seat, cmd)
    copies = COPIES.get(kind)  # type: ignore[arg-type]
    pay = cmd.get("pay")
    dice = isinstance(pay, str) and "die:" in pay
    if copies is None and not dice:
        return cmd
    out = dict(cmd)
    for field in copies or ():
        if isinstance(out.get(field), str):
            out[field] = card_name(out[field])
    if dice:
        source = table.game.source
        out["pay"] = "+".join(sorted(_die_colour(x, source) for x in pay.split("+")))  # type: ignore[union-attr]
    return out


def _die_colour(item: str, source: list[str]) -> str:
    n = item[4:]
    if item.startswith("die:") and n.isdigit() and int(n) < len(source):
        return f"die:{source[int(n)]}"
    return item


# Fields naming a copy of a card or unit in an offer: copies are one choice.
COPIES = {"recruit": ("unit",), "buy_aa": ("card",), "buy_spell": ("card",), "city_buy": ("card",)}
