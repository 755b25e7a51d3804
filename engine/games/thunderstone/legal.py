"""Who must act (prompts) and every legal answer (legal_commands), derived from state.

Commands, one small choice each:
  {"kind": "action", "action": "village" | "dungeon" | "rest"}       TRN-0
  {"kind": "use", "card": id, "ability": i, ...target/stack}          a VILLAGE or DUNGEON effect
  {"kind": "offer", "card": id}                                       co-op: monster to the shared pile
  {"kind": "done"}                                                    end village step 2 or 5
  {"kind": "buy", "stack": name} | {"kind": "pass"}                   TRN-V4 (pass: buy nothing)
  {"kind": "level", "card": id [, "stack": name for a Miliz]}          LVL-1, LVL-4
  {"kind": "destroy"} | {"kind": "pass"}                              resting: destroy a card or not
  {"kind": "equip", "weapon": id, "hero": id}                         BAT-2
  {"kind": "attack", "monster": id}                                   TRN-D3
  {"kind": "done"}                                                    prep, only if no target is left
  {"kind": "choose", "option": x}                                     the first pending choice
  {"kind": "spoils", "source": id, "stack": name} | {"kind": "pass"}   AUTO-SPOILS
  {"kind": "treasure", "card": id}                                    AUTO-TREASURE
Hidden cards are never named in a decision: a choice among them names a slot or a card name.
"""

from __future__ import annotations

from typing import Any

from engine.games.thunderstone import fight, turns
from engine.games.thunderstone.choices import options
from engine.games.thunderstone.content import acting, card, value
from engine.games.thunderstone.experience import xp
from engine.games.thunderstone.places import (
    hand,
    play,
    stack_cards,
    top_of,
    tres,
)
from engine.games.thunderstone.solo import buyable
from engine.games.thunderstone.vocabulary import effect_commands, one_per_name
from engine.mechanics.per_state import per_state
from engine.narration import seat_name
from engine.ruleset import Illegal, Prompt

STEP_RULE = {
    "action": "TRN-0",
    "village": "TRN-V2",
    "buy": "TRN-V4",
    "level": "TRN-V5",
    "rest": "TRN-R1",
    "prep": "TRN-D2",
    "battle": "TRN-D4",
    "spoils": "AUTO-SPOILS",
    "after": "TRN-D4",
}

USABLE = ("draw", "gain_xp", "xp_per_card")  # treasures used by a command (the others act by themselves)


def prompts(table) -> list[Prompt]:
    tt = table.game.t
    if tt.pending:
        e = tt.pending[0]
        return [Prompt(e.get("seat", table.game.active), f"choose-{e['what']}", e["rule"])]
    return [Prompt(table.game.active, tt.step, STEP_RULE[tt.step])]


@per_state
def legal_commands(table, s: int) -> list[dict[str, Any]]:
    """Every legal command of seat `s` now. The list is shared with the next call at the same
    table version: the caller must not change it."""
    tt = table.game.t
    if table.over:
        return []
    if s != (tt.pending[0].get("seat", table.game.active) if tt.pending else table.game.active):
        return [
            {"kind": "treasure", "card": c}
            for c in one_per_name(table, table.zone(tres(s)))
            if any(a.what == "any_turn" and a.do in USABLE for a in acting("treasure")(c))
        ]
    if tt.pending:
        return [{"kind": "choose", "option": o} for o in options(table, tt.pending[0])]
    step = tt.step
    if step == "action":
        hand_cards, bs = table.zone(hand(s)), table.game.boards
        out = [{"kind": "action", "action": "village"}]
        if len(bs) == 1:
            if fight.has_legal_target(table, s, hand_cards, bs[0]):
                out.append({"kind": "action", "action": "dungeon"})
        else:  # Drachenturm scenario: name the dungeon entered (CMP-8)
            out += [
                {"kind": "action", "action": "dungeon", "board": b}
                for b in bs
                if fight.has_legal_target(table, s, hand_cards, b)
            ]
        out.append({"kind": "action", "action": "rest"})
        treasures = table.zone(tres(s))
        if treasures:
            out += [
                {"kind": "treasure", "card": c}
                for c in one_per_name(table, treasures)
                if any(a.do in USABLE for a in acting("treasure")(c))
            ]
        return out
    if step == "village":
        return [*turns.village_choices(table, s), {"kind": "done"}]
    if step == "buy":
        return [*turns.buy_commands(table, s), {"kind": "pass"}]
    if step == "level":
        return [*turns.level_commands(table, s), {"kind": "done"}]
    if step == "rest":
        return ([{"kind": "destroy"}] if table.zone(hand(s)) else []) + [{"kind": "pass"}]
    if step == "prep":
        targets = fight.legal_targets(table, s)
        if not targets:  # a drawn card barred every target: no battle (TRN-D3 reading)
            return [{"kind": "done"}]
        uses = effect_commands(table, s, "dungeon")
        if uses and not fight.kept_whatever_is_used(table, targets):
            uses = [c for c in uses if fight.keeps_a_target(table, s, c)]
        return uses + turns.equip_commands(table, s) + [{"kind": "attack", "monster": m} for m in targets]
    if step == "spoils":
        return [*fight.spoils_commands(table, s), {"kind": "pass"}]
    return []


def explain(table, s: int, cmd: dict[str, Any]) -> Illegal | None:
    """A rule-specific reason for the commonest illegal commands."""
    if table.game.t.pending and table.game.t.pending[0].get("seat", table.game.active) != s:
        return Illegal(table.game.t.pending[0]["rule"], "another seat must choose first")
    if s != table.game.active and not table.game.t.pending:
        return Illegal("TRN-0", f"it is {seat_name(table.game.active)}'s turn")
    step, kind = table.game.t.step, cmd.get("kind")
    if table.game.t.pending:
        return Illegal(
            table.game.t.pending[0]["rule"], f"a {table.game.t.pending[0]['what']} choice is due first"
        )
    if kind == "buy":
        top = top_of(table, cmd.get("stack", ""))
        if step == "buy" and top and not buyable(table, top):
            return Illegal("VAR-S-R2", "in Die Rueckkehr only level-1 heroes may be bought")
        if step == "village":
            return Illegal("TRN-V3", "gold is totalled only after the village effects (step 2)")
        if step == "buy":
            return explain_buy(table, cmd.get("stack"))
        return Illegal("TRN-V4", "one card only, from the top of a stack, price <= total gold")
    if kind == "level":
        return explain_level(table, s, cmd)
    if kind == "use":
        return Illegal(
            "TRN-0b" if step in ("village", "prep") else "TRN-R1",
            "an unused effect of a laid-out card, in its own location",
        )
    if kind == "equip":
        return Illegal("BAT-2", "one weapon per hero with weight <= strength, each weapon once")
    if kind == "attack" or (kind == "done" and step == "prep"):
        return Illegal(
            "TRN-D3" if kind == "done" else "CMD-TARGET", "in the dungeon you must attack one legal monster"
        )
    if kind == "action" and cmd.get("action") == "dungeon" and step == "action":
        return Illegal("TRN-D1", "no monster is a legal target for this hand (A25)")
    return None


def explain_buy(table, name: Any) -> Illegal:
    """TRN-V4 with the concrete fault: which stack, what it costs, what the seat has."""
    if name not in turns.village_stacks(table):
        return Illegal("TRN-V4", f"no stack {name!r} in the village")
    top = top_of(table, name)
    if top is None:
        return Illegal("TRN-V4", f"the stack {name!r} is empty")
    k, gold = value(table, top), table.game.t.total_gold - table.game.t.spent  # gold left after earlier buys
    if k.kind == "disease":
        return Illegal("TRN-V4", "diseases are not bought")
    if k.price > gold:
        return Illegal("TRN-V4", f"{k.name} costs {k.price} gold, you have {gold}")
    return Illegal(
        "TRN-V4",
        "one card per buy (more only with an extra buy), from the top of a stack, price <= gold left",
    )


def explain_level(table, s: int, cmd: dict[str, Any]) -> Illegal:
    h = cmd.get("card")
    if h not in table.zone(play(s)) or card(h).kind != "hero":
        return Illegal("LVL-1", "only a hero laid out from your hand can level up")
    k = card(h)
    if not k.xp_cost or xp(table, s) < k.xp_cost:
        return Illegal("LVL-1", f"{k.name} needs {k.xp_cost} XP, you have {xp(table, s)}")
    want = 1 if k.stack == "Miliz" else k.level + 1
    if not any(card(c).level == want for c in stack_cards(table, cmd.get("stack", k.stack))):
        return Illegal("LVL-3", f"the stack holds no level-{want} card (no skipping, LVL-2)")
    return Illegal("TRN-V5", "heroes level up in village step 5, one level each")
