"""Choices the rulebook gives one player inside another player's effect, each answered by THAT
player through an `answer` command {pick} while the game waits (MK:5:Effects:1d, MK:5:Units:8c):

- `lose_crystal`: a player hit by Mana Meltdown / Mana Radiance's rival picks the crystal to lose;
- `discard_colour`: a player hit by Mind Read / Mind Steal picks the card of the colour to discard
  ("" when none is held); the options come from the hand, so only that seat's legal answers show
  them, and the game's public state holds only the colour asked;
- `spend_unit`: a player hit by Energy Flow picks the ready unit to spend;
- `gain_lost`: the caster of Mana Meltdown picks the crystal to gain of those lost ("" for none);
- `steal`: the caster of Mind Steal picks one Action card discarded by the others ("" for none);
- `armour`: the caster of Explosive Bolt picks the other enemy that gets Armour -1;
- `banner`: at the round's start each banner's owner keeps it on its unit or discards it;
- `glade_wound`, `deep_mine`: the seat's own end of turn waits for the magical glade's wound
  (hand or discard pile) or the deep mine's colour (space_benefits.py, MK:11:EoT:4); the answer
  resumes the end of the turn.

`t.game.asks` is the queue (public facts only); the first ask is the one prompt of the game.
A caster's ask waits behind the victims' answers, which fill its options."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards import banners
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.turn.ledger import gain_crystal, gain_reward_crystal
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:5:Effects:1"
BASIC = ("red", "blue", "green", "white")
ACTION_KINDS = ("basic_action", "advanced_action")


def banners_at_round_start(ctx, table, ev) -> None:
    """mk.round: each owner keeps or discards each banner (MK:5:Units:8c), in seat order."""
    add(
        ctx,
        table,
        [
            {"seat": s, "do": "banner", "unit": uid, "rule": "MK:5:Units:8b"}
            for s, p in enumerate(table.game.players)
            for uid in sorted(p.banners)
        ],
    )


def set_asks(ctx, asks: list[dict]) -> None:
    ctx.emit("mk.asks", {"asks": asks}, rule=asks[0]["rule"] if asks else RULE)


def add(ctx, table, new: list[dict]) -> None:
    """Queue asks; a caster's follow-up ask (`after`) stays behind every victim's ask."""
    if not new:
        return
    held = [dict(a) for a in table.game.asks]
    before = [a for a in held if not a.get("after")]
    set_asks(
        ctx,
        before
        + [a for a in new if not a.get("after")]
        + [a for a in held if a.get("after")]
        + [a for a in new if a.get("after")],
    )
    _settle(ctx, table)


def fold(table, d) -> None:
    table.game.asks = [dict(a) for a in d["asks"]]


def options(table, ask: dict) -> list[str]:
    game = table.game
    s, do = ask["seat"], ask["do"]
    if do == "lose_crystal":
        return [c for c in BASIC if game.players[s].crystals.get(c, 0)]
    if do == "discard_colour":
        names = sorted(
            {card_name(cid) for cid in table.zone(state.hand(s)) if _of_colour(cid, ask["colour"])}
        )
        return names or [""]
    if do == "spend_unit":
        return [
            u.uid for u in game.players[s].units if u.ready and content().units[u.unit].level <= ask["max"]
        ]
    if do in ("gain_lost", "steal"):
        return [*ask["options"], ""]
    if do == "armour":
        c = game.combat
        if c is None:
            return []
        return [
            e.uid
            for e in c.enemies
            if not e.defeated
            and not e.discarded
            and combat_machine.effect_problem(c, e.uid, armour=ask["amount"], colour=None) is None
        ]
    if do == "banner":
        return ["keep", "discard"] if game.players[s].banners.get(ask["unit"]) else []
    if do == "glade_wound":
        return glade_options(table, s)
    if do == "deep_mine":
        return list(ask["options"])
    return []


def wound_in(table, zone: str) -> str | None:
    """The first wound card of a zone (wounds are all alike), or None."""
    return next((c for c in table.zone(zone) if card_name(c) == "wound"), None)


def glade_options(table, seat: int) -> list[str]:
    """Where the magical glade may take its wound from: "hand", "discard" (MK:11:EoT:4)."""
    return [
        w for w, z in (("hand", state.hand(seat)), ("discard", state.discard(seat))) if wound_in(table, z)
    ]


def take_wound(ctx, table, seat: int, where: str) -> None:
    """The glade's wound leaves `where` ("hand" or "discard") for the wound deck; none there,
    nothing happens."""
    zone = state.hand(seat) if where == "hand" else state.discard(seat)
    wound = wound_in(table, zone)
    if wound:
        zones.move(ctx, zone, state.WOUNDS, [wound], rule="MK:11:EoT:4")


def _of_colour(cid: str, colour: str) -> bool:
    card = content().cards[card_name(cid)]
    return bool(card.color and colour in card.color.removeprefix("dual:").split("/"))


def _public_choice(ask: dict) -> bool:
    """Asks whose options are public and are settled without a prompt when one or none is left
    (a hand is hidden: its ask is always answered, "" when no card fits; so is the glade's,
    whose options say whether the hand holds a wound)."""
    return ask["do"] not in ("discard_colour", "glade_wound")


def _settle(ctx, table) -> None:
    """Carry out asks that leave no choice (no option, or one public option), front first."""
    while table.game.asks:
        ask = dict(table.game.asks[0])
        opts = options(table, ask)
        if _public_choice(ask) and len(opts) <= 1:
            set_asks(ctx, [dict(a) for a in table.game.asks[1:]])
            if opts and opts[0]:
                _carry_out(ctx, table, ask, opts[0])
            continue
        return


def commands(table, seat: int) -> list[dict]:
    asks = table.game.asks
    if not asks or asks[0]["seat"] != seat:
        return []
    return [{"kind": "answer", "pick": o} for o in options(table, asks[0])]


def answer(ctx, table, seat: int, cmd: dict) -> None:
    ask = dict(table.game.asks[0])
    set_asks(ctx, [dict(a) for a in table.game.asks[1:]])
    if cmd["pick"]:
        _carry_out(ctx, table, ask, cmd["pick"])
    _settle(ctx, table)


def _follow_up(ctx, table, do: str, caster: int, value: str) -> None:
    """A victim's answer adds an option to the caster's waiting ask."""
    held = [dict(a) for a in table.game.asks]
    for a in held:
        if a["do"] == do and a["seat"] == caster and value not in a["options"]:
            a["options"] = [*a["options"], value]
            set_asks(ctx, held)
            return


def _carry_out(ctx, table, ask: dict, pick: str) -> None:
    s, do = ask["seat"], ask["do"]
    if do == "lose_crystal":
        ctx.emit("mk.crystal", {"seat": s, "colour": pick, "delta": -1}, rule=RULE)
        _follow_up(ctx, table, "gain_lost", ask["caster"], pick)
    elif do == "discard_colour":
        cid = next(c for c in table.zone(state.hand(s)) if card_name(c) == pick)
        zones.move(ctx, state.hand(s), state.discard(s), [cid], rule=RULE)
        if ask.get("steal") and content().cards[pick].kind in ACTION_KINDS:
            _follow_up(ctx, table, "steal", ask["caster"], f"{s}:{pick}")
    elif do == "spend_unit":
        ctx.emit("mk.unit", {"seat": s, "uid": pick, "ready": False}, rule="MK:5:Units:5")
    elif do == "gain_lost":
        gain_crystal(ctx, table, s, pick, "MK:5:Gain:2")
    elif do == "steal":
        victim, name = pick.split(":", 1)
        cid = next(c for c in reversed(table.zone(state.discard(int(victim)))) if card_name(c) == name)
        zones.move(ctx, state.discard(int(victim)), state.hand(s), [cid], rule=RULE)
    elif do == "armour":
        for typ, data in combat_machine.modify_enemy(
            table.game.combat, pick, source=ask["source"], armour=ask["amount"]
        ):
            ctx.emit(typ, data, rule=data["rule"])
    elif do == "banner" and pick == "discard":
        banners.discard(ctx, table, s, ask["unit"])
    elif do == "glade_wound":
        take_wound(ctx, table, s, pick)  # the end of the turn goes on: commands.answer
    elif do == "deep_mine":
        gain_reward_crystal(ctx, table, s, pick, "MK:11:EoT:4")


def why_not(table, seat: int, cmd: dict) -> str:
    ask = table.game.asks[0]
    if cmd.get("kind") != "answer":
        return f"first answer the open choice ({ask['do']}) with an 'answer' command"
    return f"{cmd.get('pick')!r} is not a possible answer to {ask['do']}: one of {options(table, ask)}"
