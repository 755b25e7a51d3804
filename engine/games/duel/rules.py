"""Rules of `duel`; see the package docstring for why it exists."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import msgspec

from engine import readings
from engine.cards import CardInfo
from engine.content import Record, decode, load
from engine.explain import given, link, overrides_of
from engine.mechanics import damage, zones
from engine.mechanics.dice import Die
from engine.narration import seat_name
from engine.ruleset import Illegal, Option, Prompt, Ruleset

ATTACK_DIE = Die("attack", ("miss", "hit", "hit", "crit"))
HAND, OUT_AT = 3, 8


class Card(Record):
    name: str
    value: int
    copies: int


class Content(msgspec.Struct):
    card: list[Card]


class State(msgspec.Struct):
    active: int = 0
    round: int = 1
    out: list[int] = []


class SeatSetup(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    damage: int = 0


class Situation(msgspec.Struct, forbid_unknown_fields=True):
    seat: list[SeatSetup]
    active: int = 0
    round: int = 1


CONTENT = load(Path(__file__).with_name("content.toml"), Content)
VALUES = {c.name: c.value for c in CONTENT.card}


def z(seat: int, name: str) -> str:
    return f"p{seat}.{name}"


class Duel(Ruleset):
    name = "duel"
    commands: ClassVar[dict[str, dict]] = {"play": {"card": str}, "pass": {}}
    version = "1.0"
    players = (2, 3, 4)
    hidden_pools = ((r"p\d+\.(deck|hand)", True),)  # a rival\'s hand and deck (bots.search)
    # MCTS searches a seat's own turn on common random numbers (bots.search): what a rival does
    # next does not depend on the card a seat plays, so searching the rival's replies adds dice
    # to the comparison of cards and nothing else
    search_own_turn = True
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option(12, (4, 8, 12, 20, 10000), "round limit; 10000 makes the long games benchmarks need")
    }
    content_packs = ("base",)
    State = State
    summary = "the core's test ruleset"
    zone_names: ClassVar[dict[str, str]] = {
        "p{seat}.deck": "Seat {seat}'s deck",
        "p{seat}.hand": "Seat {seat}'s hand",
        "p{seat}.discard": "Seat {seat}'s discard pile",
    }
    # game_view and public_data are the core's defaults: the game's state hides nothing, its
    # hidden cards are in owner/hidden zones
    implemented_in: ClassVar[dict[str, str]] = {"describe": "narrate:describe", "panels": "panels:panels"}

    def position_value(self, table, s: int) -> float:
        """Damage on the other seats minus damage on oneself (a seat is out at the limit)."""
        return sum(
            table.damage.get(f"seat{o}", 0) for o in range(table.players) if o != s
        ) - table.damage.get(f"seat{s}", 0)

    def cards(self) -> list[CardInfo]:
        """Each attack card: its damage on a hit (one more on a crit), all stand-ins."""
        return [
            CardInfo(
                name=c.name,
                english_name=None,
                kind="attack",
                values={"damage": c.value},
                sources={"damage": "stand-in"},
                count=c.copies,
                count_source="stand-in",
                text=f"Roll the attack die: hit deals {c.value} damage, crit {c.value + 1}, miss none.",
            )
            for c in CONTENT.card
        ]

    def check_overrides(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Situation card overrides: a card's damage on a hit (`value`; docs/disputes.md)."""
        out = readings.check_override_table(self, overrides, {"value": int}, VALUES)
        for name, values in out.items():
            if values["value"] < 0:
                raise ValueError(
                    f"{self.name}: overrides.{name!r}.value = {values['value']}: must be 0 or more (DU-ROLL)"
                )
        return out

    def setup(self, ctx, table) -> None:
        deck = [c for card in CONTENT.card for c in zones.instances(card.name, card.copies)]
        for s in range(table.players):
            zones.create(ctx, z(s, "deck"), deck, "DU-SETUP", owner=s, vis=zones.HIDDEN)
            zones.create(ctx, z(s, "hand"), [], "DU-SETUP", owner=s, vis=zones.OWNER)
            zones.create(ctx, z(s, "discard"), [], "DU-SETUP", owner=s)
            ctx.shuffle(z(s, "deck"), "DU-SETUP")
            zones.draw(ctx, z(s, "deck"), z(s, "discard"), z(s, "hand"), HAND, "DU-SETUP")

    def situation(self, ctx, table, doc: dict[str, Any]) -> None:
        sit = decode(doc, Situation, "situation [game]")
        if len(sit.seat) != table.players:
            raise ValueError(f"situation [game]: {len(sit.seat)} seats given for {table.players} players")
        if not 0 <= sit.active < table.players or sit.round < 1:
            raise ValueError(
                f"situation [game] active = {sit.active}, round = {sit.round}: seats are "
                f"0 to {table.players - 1}, rounds 1 or more"
            )
        for s, seat in enumerate(sit.seat):
            for card in seat.hand + seat.deck + seat.discard:
                if zones.card_name(card) not in VALUES:
                    raise ValueError(f"situation [game].seat[{s}]: unknown card {card!r}")
            zones.create(ctx, z(s, "deck"), seat.deck, "DU-SETUP", owner=s, vis=zones.HIDDEN)
            zones.create(ctx, z(s, "hand"), seat.hand, "DU-SETUP", owner=s, vis=zones.OWNER)
            zones.create(ctx, z(s, "discard"), seat.discard, "DU-SETUP", owner=s)
            damage.deal(ctx, f"seat{s}", seat.damage, "DU-SETUP")
        ctx.emit("duel.turn", {"active": sit.active, "round": sit.round}, "DU-SETUP")

    def apply(self, table, ev) -> None:
        game = table.game
        if ev.type == "duel.turn":
            game.active, game.round = ev.data["active"], ev.data["round"]
        elif ev.type == "duel.out":
            game.out.append(ev.data["seat"])

    def handlers(self):
        return [
            ("cmd.play", on_play),
            ("cmd.pass", on_pass),
            ("damage.dealt", on_damage),
            ("duel.acted", end_turn),
        ]

    def prompts(self, table) -> list[Prompt]:
        return [Prompt(table.game.active, "play-or-pass", "DU-PLAY")]

    def dice(self, table):
        return {ATTACK_DIE.name: ATTACK_DIE}

    def legal_commands(self, table, seat: int) -> list[dict[str, Any]]:
        if seat != table.game.active:
            return []
        names = sorted({zones.card_name(c) for c in table.zone(z(seat, "hand"))})
        return [{"kind": "play", "card": n} for n in names] + [{"kind": "pass"}]

    def explain(self, table, seat, cmd) -> Illegal | None:
        if seat != table.game.active:
            return Illegal("DU-PLAY", f"it is {seat_name(table.game.active)}'s turn, not {seat_name(seat)}'s")
        if cmd.get("kind") == "play":
            return Illegal("DU-PLAY", f"{seat_name(seat)} holds no {cmd.get('card')!r}")
        return None

    def why(self, table, ev, h) -> list[dict[str, Any]]:
        """The end (DU-OUT, DU-LIMIT): each seat's damage, and each hit with its card and roll."""

        if ev.type != "game.over":
            return []

        out, cards = [], []
        for e in h.events:
            if e.type == "damage.dealt":
                rolls = h.roll_before(e)
                over = e.data.get("overridden")
                out.append(
                    given(
                        f"hit on {seat_name(e.data.get('seat'))}",
                        e.data["n"],
                        e.rule,
                        [link(e)] + [link(r, "attack die") for r in rolls],
                        f"face {e.data.get('face')}: miss 0, hit = card value, crit = value + 1"
                        + (f"; card value {over['value']} overridden by situation" if over else ""),
                        card=e.data.get("card"),
                    )
                )
                if e.data.get("card"):
                    cards.append(zones.card_name(e.data["card"]))
            elif e.type == "duel.out":
                out.append(
                    given(f"{seat_name(e.data['seat'])} out", f"{OUT_AT} or more damage", e.rule, [link(e)])
                )
        out.append(
            given(
                "damage per seat",
                {str(s): table.damage.get(f"seat{s}", 0) for s in range(table.players)},
                ev.rule,
            )
        )
        return out + overrides_of(table, cards, "DU-ROLL")


def target_of(table, seat: int) -> int:
    n = table.players
    for step in range(1, n):
        other = (seat + step) % n
        if other not in table.game.out:
            return other
    return seat


def on_play(ctx, table, ev) -> None:
    seat = ev.actor
    hand = table.zone(z(seat, "hand"))
    card = next(c for c in hand if zones.card_name(c) == ev.data["card"])
    zones.move(ctx, z(seat, "hand"), z(seat, "discard"), [card], "DU-PLAY")
    face = ctx.roll(ATTACK_DIE, rule="DU-ROLL")[0]
    over = readings.overridden(table, zones.card_name(card))
    value = over.get("value", VALUES[zones.card_name(card)])
    hit = {"miss": 0, "hit": value, "crit": value + 1}[face]
    target = target_of(table, seat)
    marked = {"overridden": over} if over else {}  # only when a situation changed the card
    damage.deal(ctx, f"seat{target}", hit, "DU-ROLL", seat=target, face=face, card=card, **marked)
    ctx.emit("duel.acted", {"seat": seat}, "DU-PLAY")


def on_pass(ctx, table, ev) -> None:
    ctx.emit("duel.acted", {"seat": ev.actor}, "DU-PLAY")


def on_damage(ctx, table, ev) -> None:
    seat = ev.data.get("seat")
    if seat is not None and seat not in table.game.out and table.damage.get(f"seat{seat}", 0) >= OUT_AT:
        ctx.emit("duel.out", {"seat": seat}, "DU-OUT")


def end_turn(ctx, table, ev) -> None:
    seat = ev.data["seat"]
    if table.over:
        return
    living = [s for s in range(table.players) if s not in table.game.out]
    if len(living) == 1:
        ctx.emit("game.over", {"winners": living, "reason": "last seat standing"}, "DU-OUT")
        return
    need = HAND - len(table.zone(z(seat, "hand")))
    zones.draw(ctx, z(seat, "deck"), z(seat, "discard"), z(seat, "hand"), need, "DU-DRAW")
    nxt, rnd = seat, table.game.round
    while True:
        nxt = (nxt + 1) % table.players
        if nxt == 0:
            rnd += 1
        if nxt not in table.game.out:
            break
    if rnd > table.options["rounds"]:
        dmg = {s: table.damage.get(f"seat{s}", 0) for s in living}
        low = min(dmg.values())
        winners = [s for s in living if dmg[s] == low]
        if len(winners) > 1 and readings.chosen(table, "TIE") == "nobody":
            winners = []
        ctx.emit(
            "game.over",
            {"winners": winners, "scores": {str(s): -d for s, d in dmg.items()}, "reason": "round limit"},
            "DU-LIMIT",
        )
        return
    ctx.emit("duel.turn", {"active": nxt, "round": rnd}, "DU-PLAY")


RULESET = Duel()
