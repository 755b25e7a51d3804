"""Variants of §11 (MK:16-17:Var:*) as the `variants` option of `new`, comma-separated:

- `arrival_at_night`: the game starts with a night; the set-up Source is rerolled until it
  shows no gold and no black (MK:16:Var:Time);
- `darkness_falls`: days follow days; at the end of each day 2 mana dice are rolled, and a black
  one brings a night that lasts for the rest of the game (MK:16:Var:Time);
- `be_nice`: no interactive spells, and mana-friendly: by day a gold die may not stand in for a
  colour still unused in the Source, nor be rerolled or set while a non-gold die is there
  (MK:16:Var:BeNice; no PvP is part 1's rule already);
- `random_cities`: a revealed city gets a random city colour, whatever its tile prints
  (MK:16:Var:Map, E-14);
- `rampaging_evil` / `more_rampaging_evil`: heroes start at reputation -2 / -4; at the end of
  each day (warm dice) and night (cold dice) spaces whose rampaging enemy was defeated get a new
  one, and a brown one too (MK:17:Var:RampagingEvil).

With no variant chosen nothing here emits an event, so games without variants are unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.cities.rules import (
    CITY_COLOURS,
    MEGALOPOLIS_LEVELS,
    megalopolis_allowed,
)
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map.tokens import draw_token
from engine.games.mage_knight.scenarios.book import chosen as scenario_of
from engine.games.mage_knight.turn.ledger import change_reputation
from engine.games.mage_knight.turn.tactics import blocked_dice
from engine.mechanics import zones
from engine.mechanics.zones import card_name

VARIANTS = (
    "arrival_at_night",
    "darkness_falls",
    "be_nice",
    "random_cities",
    "rampaging_evil",
    "more_rampaging_evil",
    "improved_actions",
    "interactive_combat",
    "hero_auction",
    "draft",
    "random_orientation",
)
INTERACTIVE_SPELLS = ("mana_meltdown", "mana_claim", "mind_read", "energy_flow")  # 109-112
WARM, COLD = ("red", "green", "gold"), ("white", "blue", "black")
START_REPUTATION = {"rampaging_evil": -2, "more_rampaging_evil": -4}


def chosen(table) -> tuple[str, ...]:
    """The variants of this game, checked (unknown or clashing ones name the rule)."""
    text = table.options.get("variants", "")
    if text is None or text == "":  # (most games: asked at every question)
        return ()
    if not isinstance(text, str):
        raise BadInput("MK:16:Var", f"variants={text!r} must be a comma-separated list of variants")
    out = tuple(x.strip() for x in text.split(",") if x.strip())
    names = [x.split(":", 1)[0] for x in out]
    twice = sorted({x for x in names if names.count(x) > 1})
    if twice:
        raise BadInput("MK:16:Var", f"variants={text!r} names {', '.join(twice)} more than once")
    megalopolis_level(table, out)
    bad = [x for x in out if x not in VARIANTS and not x.startswith("megalopolis:")]
    if bad:
        raise BadInput(
            "MK:16:Var", f"unknown variant(s) {', '.join(bad)}; variants are {', '.join(VARIANTS)}"
        )
    if "arrival_at_night" in out and "darkness_falls" in out:
        raise BadInput(
            "MK:16:Var:Time",
            "arrival_at_night and darkness_falls are two ways to vary the time of day; choose one",
        )
    if "rampaging_evil" in out and "more_rampaging_evil" in out:
        raise BadInput("MK:17:Var:RampagingEvil", "choose rampaging_evil or more_rampaging_evil, not both")
    return out


def on(table, name: str) -> bool:
    return name in chosen(table)


def megalopolis_level(table, names=None) -> int:
    """`megalopolis:N`: the last city revealed is a Megalopolis of level N (2-24), in scenarios
    with at most 3 hostile cities (MK:18:Scen:CityLevels); 0 without it."""
    names = chosen(table) if names is None else names
    spec = next((x for x in names if x.startswith("megalopolis:")), None)
    if spec is None:
        return 0
    s = scenario_of(table.options)
    try:
        level = int(spec.split(":", 1)[1])
    except ValueError:
        level = 0
    if level not in MEGALOPOLIS_LEVELS:
        raise BadInput(
            "MK:18:Scen:CityLevels", f"a Megalopolis level must be 2..24, not {spec.split(':', 1)[1]!r}"
        )
    cities = s.city_core.get(str(table.players), 0)
    if s.city_status != "hostile" or not cities or not megalopolis_allowed(cities):
        has = f"{cities} {'city' if cities == 1 else 'cities'}"
        has = (
            f"{has} to conquer" if s.city_status == "hostile" else f"{has}, {s.city_status}: none to conquer"
        )
        raise BadInput(
            "MK:18:Scen:CityLevels",
            f"a Megalopolis needs a scenario with 1 to 3 cities to conquer; "
            f"{s.name} with {table.players} player{'s' if table.players != 1 else ''} has {has}",
        )
    return level


# -- set-up -----------------------------------------------------------------------------------
def removed_spells(table) -> tuple[str, ...]:
    """Interactive spells leave the game in Be Nice, and in solo and co-op scenarios
    (MK:16:Var:BeNice, MK:15:CoopSolo)."""
    s = scenario_of(table.options)
    if on(table, "be_nice") or s.kind in ("solo", "coop"):
        return INTERACTIVE_SPELLS
    return ()


def interactive_skills() -> tuple[str, ...]:
    """The skills with the interactive symbol (content/interactive_skills.json)."""

    path = Path(__file__).parent.parent / "content" / "interactive_skills.json"
    return tuple(e["id"] for e in json.loads(path.read_text())["entries"])


def removed_skills(table) -> tuple[str, ...]:
    """Interactive skills leave the game with Be Nice, and in solo and co-op scenarios
    (MK:16:Var:BeNice, MK:15:CoopSolo): out of every skill stack, the dummy's too."""
    if on(table, "be_nice") or scenario_of(table.options).kind in ("solo", "coop"):
        return interactive_skills()
    return ()


def source_faces(ctx, table, faces: list[str]) -> list[str]:
    """Arrival at Night: the set-up Source rerolled until it shows no gold and no black."""
    if not on(table, "arrival_at_night"):
        return faces
    faces = list(faces)
    for _ in range(100):
        idx = [i for i, f in enumerate(faces) if f not in mana.BASIC]
        if not idx:
            break
        for i, f in zip(idx, ctx.roll(mana.MANA_DIE, len(idx), rule="MK:16:Var:Time"), strict=True):
            faces[i] = f
    return faces


def start(ctx, table) -> None:
    """Start reputation of Rampaging Evil (MK:17:Var:RampagingEvil)."""
    for name, rep in START_REPUTATION.items():
        if on(table, name):
            for seat in range(table.players):
                ctx.emit(
                    "mk.reputation",
                    {"seat": seat, "delta": rep, "total": rep},
                    rule="MK:17:Var:RampagingEvil",
                )


# -- rounds -----------------------------------------------------------------------------------
def night_of(ctx, table, n: int) -> bool:
    """Whether round n is a night: alternating from a day by default (MK:4:Round:2a)."""
    game = table.game
    if n == 1:
        return on(table, "arrival_at_night")
    if on(table, "darkness_falls"):
        if game.night:
            return True
        faces = ctx.roll(mana.MANA_DIE, 2, rule="MK:16:Var:Time")
        return "black" in faces
    return not game.night


def end_of_round(ctx, table) -> None:
    """Rampaging Evil at the end of a day or night: a die per space whose rampaging enemy was
    defeated; a warm (day) or cold (night) colour brings a new enemy, gold (day) or black (night)
    a brown one too; More Rampaging Evil always brings the enemy back, and a warm or cold colour
    the brown one (MK:17:Var:RampagingEvil)."""
    more = on(table, "more_rampaging_evil")
    if not (more or on(table, "rampaging_evil")):
        return

    game = table.game
    good = COLD if game.night else WARM
    extra = "black" if game.night else "gold"
    for k in sorted(game.board.spaces):
        sp = game.board.spaces[k]
        if not sp.rampaging or sp.enemies:
            continue
        face = ctx.roll(mana.MANA_DIE, 1, rule="MK:17:Var:RampagingEvil")[0]
        piles = []
        if more:
            piles = [sp.rampaging] + (["brown"] if face in good else [])
        elif face in good:
            piles = [sp.rampaging] + (["brown"] if face == extra else [])
        if not piles:
            continue
        if state.at(k) not in table.zones:
            zones.create(ctx, state.at(k), [], rule="MK:17:Var:RampagingEvil")
        for pile in piles:
            draw_token(ctx, table, pile, state.at(k), rule="MK:17:Var:RampagingEvil")
        ctx.emit(
            "mk.enemies",
            {"space": k, "tokens": list(table.zone(state.at(k)))},
            rule="MK:17:Var:RampagingEvil",
        )


def defeated_bonus(ctx, table, seat: int, tokens: int) -> None:
    """+1 reputation per defeated token on a rampaging space (MK:17:Var:RampagingEvil)."""
    if tokens and (on(table, "rampaging_evil") or on(table, "more_rampaging_evil")):
        change_reputation(ctx, table, seat, tokens, "MK:17:Var:RampagingEvil")


def tile_turn(ctx, table) -> int:
    """Random Tile Orientation: a revealed tile lies turned by a random number of sixths
    (MK:16:Var:Map; reading: the flip about the declared axis is drawn as a turn)."""
    if not on(table, "random_orientation"):
        return 0
    return ctx.pick("tile_turn", list(range(6)), 1, rule="MK:16:Var:Map")[0]


def random_city_colour(ctx, table, printed: str) -> str:
    """Random Cities: a random city card decides the colour (MK:16:Var:Map, E-14)."""
    if not on(table, "random_cities"):
        return printed
    used = {c for city in table.game.cities for c in city.colours}
    free = [c for c in CITY_COLOURS if c not in used] or list(CITY_COLOURS)
    return ctx.pick("city_card", free, 1, rule="MK:16:Var:Map")[0]


# -- Be Nice: mana-friendly ---------------------------------------------------------------------
def _colour_needed(table, seat: int, cmd: dict) -> tuple[str, ...]:
    kind = cmd.get("kind")
    name = ""
    if kind in ("play", "buy_spell"):
        name = card_name(cmd["card"])
        colour = content().cards[name].color or ""
    elif kind == "activate":
        u = next(u for u in table.game.players[seat].units if u.uid == cmd["unit"])
        colour = content().units[u.unit].abilities[cmd["ability"]].get("mana_cost", "") or ""
    else:
        return ()
    if colour.startswith("dual:"):
        return tuple(colour[5:].split("/"))
    return (colour,) if colour in mana.BASIC else ()


def _free_dice(table, seat: int) -> list[int]:

    game = table.game
    p = game.players[seat]
    return [
        i
        for i in range(len(game.source))
        if i not in p.dice and i not in p.held_dice and i not in blocked_dice(game)
    ]


def mana_friendly(table, seat: int, cmd: dict) -> bool:
    """Whether a command keeps the Mana-friendly rule (MK:16:Var:BeNice, E-13)."""
    game = table.game
    if game.night or not on(table, "be_nice"):
        return True
    free = _free_dice(table, seat)
    gold = {i for i in range(len(game.source)) if game.source[i] == "gold"}
    non_gold = any(game.source[i] != "gold" for i in range(len(game.source)))
    used = {int(x.split(":")[1]) for x in (cmd.get("pay") or "").split("+") if x.startswith("die:")}
    if used & gold:
        need = _colour_needed(table, seat, cmd)
        if any(game.source[i] in need for i in free if i not in used):
            return False
    changed = {int(x) for x in (cmd.get("dice") or "").split(",") if x.strip().isdigit()}
    return not (cmd.get("kind") in ("play", "tactic_use") and changed & gold and non_gold)


def filter_legal(table, seat: int, cmds: list[dict]) -> list[dict]:
    if not on(table, "be_nice") or table.game.night:
        return cmds
    return [c for c in cmds if mana_friendly(table, seat, c)]
