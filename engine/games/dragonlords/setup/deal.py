"""Set-up (§2.3): armies, gold, kit, scroll deal, quest deck, first player by the crystal die.
Placement (P1-P6) is the players' choice and runs as prompts (legal.py, rules.py)."""

from __future__ import annotations

from engine.errors import BadInput
from engine.games.dragonlords import places
from engine.games.dragonlords.content import content
from engine.games.dragonlords.dice import CRYSTAL
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.quests.cards import quest_deck
from engine.games.dragonlords.setup.facts import STARTING_GOLD, army_size
from engine.games.dragonlords.situations.overrides import by_id
from engine.mechanics import zones

RACES = ("orc", "elf", "dwarf", "barbarian")


def races_for(table) -> list[str]:
    """Races in army order (INT-09: chosen by seating order; option `races` names them)."""
    want = 4 if table.players == 2 else table.players
    given = [r.strip() for r in str(table.options.get("races", "")).split(",") if r.strip()]
    races = given or list(RACES[:want])
    if len(races) != want or len(set(races)) != want or any(r not in RACES for r in races):
        raise BadInput(
            "DL:2.3.1",
            f"option races: give {want} different races of {', '.join(RACES)} "
            f"(two per player with 2 players, DL:5.1/two-player), got {races}",
        )
    return races


def setup(ctx, table) -> None:
    o = table.options
    races = races_for(table)
    size = army_size(table.players)
    c = content()
    short = bool(o.get("short_game"))
    to_win = int(o.get("kingdoms_to_win") or 0) or (4 if short else 6)
    sizes = [size] * len(races)
    if table.players == 2 and o.get("two_player_units") == "per_player":
        sizes = [18 if i < 2 else 17 for i in range(len(races))]  # INT-10 alternative: 35 per player
    armies = [
        {
            "race": r,
            "seat": i % table.players,
            "supply": 40 - sizes[i],
            "placing": sizes[i],
            "gold": STARTING_GOLD,
            "tools": ["torch", "pick_axe"],
        }
        for i, r in enumerate(races)
    ]

    over = {"overrides": by_id(o)} if o.get("overrides") else {}
    ctx.emit(
        "dl.setup",
        {
            "map": world().m.name,
            "short": short,
            "kingdoms_to_win": to_win,
            "armies": armies,
            "treasures": sorted(c.treasures),
            **over,
        },
        rule="DL:2.3.2",
    )
    deck = c.scroll_deck()
    if o.get("long_game"):
        deck = [s for s in deck if not s.startswith("elemental")]
    counts: dict[str, int] = {}
    ids = []
    for s in deck:
        counts[s] = counts.get(s, 0) + 1
        ids.append(f"{s}#{counts[s]}")
    zones.create(ctx, places.SCROLL_DECK, ids, rule="DL:2.3.6", vis="hidden")
    zones.create(ctx, places.SCROLL_DISCARD, [], rule="DL:2.3.6")
    ctx.shuffle(places.SCROLL_DECK, rule="DL:2.3.6")
    for i, a in enumerate(armies):
        zones.create(ctx, places.hand(i), [], rule="DL:2.3.6", owner=a["seat"], vis="owner")
        zones.move_top(ctx, places.SCROLL_DECK, places.hand(i), 1, rule="DL:2.3.6")
    zones.create(ctx, places.QUEST_DECK, quest_deck(), rule="INT-12", vis="hidden")
    zones.create(ctx, places.QUEST_DISCARD, [], rule="INT-12")
    ctx.shuffle(places.QUEST_DECK, rule="INT-12")
    first = first_player(ctx, len(armies))
    order = [(first + k) % len(armies) for k in range(len(armies))]
    ctx.emit("dl.order", {"order": order, "blessed": first}, rule="DL:2.3.7")
    ctx.emit("dl.phase", {"phase": "setup_kingdom", "active": first}, rule="DL:2.3/placement")


def first_player(ctx, n: int) -> int:
    """Roll the crystal die from the oldest player (army 0) clockwise until one rolls yellow
    (DL:2.3.7, INT-11)."""
    k = 0
    while True:
        if ctx.roll(CRYSTAL, 1, rule="DL:2.3.7")[0] == "yellow":
            return k % n
        k += 1
