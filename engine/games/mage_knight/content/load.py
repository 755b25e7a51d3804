"""Loading Mage Knight's content files into Structs, checked across files.

Files are JSON (the effect trees nest too deeply for readable TOML). A file is decoded whole or
rejected whole; the error names the file, the record and the field. `validate` then checks what
one file cannot: card ids a hero or deck names exist, enemy piles and terrains are known, every
tile has its seven positions once.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

import msgspec

from engine.content import ContentError
from engine.games.mage_knight.content import schema as content_schema

HERE = Path(__file__).parent


class Content(msgspec.Struct, frozen=True):
    cards: dict[str, content_schema.Card]
    enemies: dict[str, content_schema.Enemy]
    units: dict[str, content_schema.Unit]
    skills: dict[str, content_schema.Skill]
    tactics: dict[str, content_schema.Tactic]
    ruins: dict[str, content_schema.RuinsToken]
    tiles: dict[str, content_schema.Tile]
    heroes: content_schema.Heroes
    terrain: dict[str, content_schema.TerrainCost]
    garrisons: list[content_schema.CityGarrison]


def read(path: Path, schema: Any) -> Any:
    """Decode the `entries` of one content file into `schema`, or raise ContentError naming the place."""
    try:
        doc = msgspec.json.decode(path.read_bytes())
    except OSError as exc:
        raise ContentError(f"{path.name}: cannot read ({exc})") from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"{path.name}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or "entries" not in doc:
        raise ContentError(f"{path.name}: expected an object with 'entries'")
    try:
        return msgspec.convert(doc["entries"], schema)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{path.name}: {_where(doc['entries'], str(exc))}") from None


def _where(entries: Any, message: str) -> str:
    """Add the record's id to msgspec's `$[12].field` path, so the fault is easy to find."""
    m = re.search(r"\$\[(\d+)\]", message)
    if m and isinstance(entries, list) and int(m.group(1)) < len(entries):
        rec = entries[int(m.group(1))]
        if isinstance(rec, dict) and rec.get("id"):
            return f"record {rec['id']!r}: {message}"
    return message


def _index(records: list[Any], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for r in records:
        if r.id in out:
            raise ContentError(f"{what}: id {r.id!r} appears twice")
        out[r.id] = r
    return out


def load_dir(folder: Path = HERE) -> Content:
    c = Content(
        cards=_index(read(folder / "cards.json", list[content_schema.Card]), "cards.json"),
        enemies=_index(read(folder / "enemies.json", list[content_schema.Enemy]), "enemies.json"),
        units=_index(read(folder / "units.json", list[content_schema.Unit]), "units.json"),
        skills=_index(read(folder / "skills.json", list[content_schema.Skill]), "skills.json"),
        tactics=_index(read(folder / "tactics.json", list[content_schema.Tactic]), "tactics.json"),
        ruins=_index(
            read(folder / "ruins_tokens.json", list[content_schema.RuinsToken]), "ruins_tokens.json"
        ),
        tiles=_index(read(folder / "tiles.json", list[content_schema.Tile]), "tiles.json"),
        heroes=read(folder / "heroes.json", content_schema.Heroes),
        terrain={t.terrain: t for t in read(folder / "terrain.json", list[content_schema.TerrainCost])},
        garrisons=read(folder / "city_garrisons.json", list[content_schema.CityGarrison]),
    )
    if (folder / "readings.json").exists():
        c = with_readings(c, read(folder / "readings.json", list[Reading]))
    validate(c)
    return c


class Reading(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """readings.json: the effect tree of a card side, skill or unit ability that the public lists
    give only as a named engine effect, with the card text in our words (MK:5:Effects:1)."""

    kind: str  # card skill unit
    id: str
    side: str  # basic powered | effect | ability index
    text: str
    reading: str  # "card text (our words)" or "stand-in"
    tree: Any = None
    usage: str = ""  # skills: how often (interactive skills are used once a round)


def with_readings(c: Content, readings: list[Reading]) -> Content:
    """The content with each reading's tree in place of the listed one."""
    cards, skills, units = dict(c.cards), dict(c.skills), dict(c.units)
    for r in readings:
        tables: dict[str, dict[str, Any]] = {"card": cards, "skill": skills, "unit": units}
        table = tables.get(r.kind)
        if table is None or r.id not in table:
            raise ContentError(f"readings.json: {r.kind} {r.id!r} is unknown")
        old = table[r.id]
        if r.kind == "card":
            table[r.id] = msgspec.structs.replace(old, **{f"{r.side}_effect": r.tree})
        elif r.kind == "skill":
            table[r.id] = msgspec.structs.replace(
                old, effect=old.effect if r.tree is None else r.tree, usage=r.usage or old.usage
            )
        else:
            abilities = list(old.abilities)
            i = int(r.side)
            keep = {k: v for k, v in abilities[i].items() if k == "mana_cost"}
            abilities[i] = dict(r.tree, **keep)
            table[r.id] = msgspec.structs.replace(old, abilities=abilities)
    return msgspec.structs.replace(c, cards=cards, skills=skills, units=units)


@cache
def readings() -> list[Reading]:
    """The shipped readings (CONTENT.md lists the stand-ins among them)."""
    return read(HERE / "readings.json", list[Reading])


@cache
def content() -> Content:
    """The shipped content, loaded once."""
    return load_dir(HERE)


def validate(c: Content) -> None:
    """Checks across records; the first fault found is raised as a ContentError."""

    def fail(msg: str) -> NoReturn:
        raise ContentError(msg)

    for cid in c.heroes.standard_starting_deck:
        if cid not in c.cards:
            fail(f"heroes.json: starting deck names unknown card {cid!r}")
    if len(c.heroes.standard_starting_deck) != 16:
        fail("heroes.json: the starting deck must hold 16 cards")
    hero_ids = {h.id for h in c.heroes.heroes}
    for h in c.heroes.heroes:
        for cid in h.unique_cards:
            card = c.cards.get(cid)
            if card is None:
                fail(f"heroes.json: hero {h.id!r} names unknown card {cid!r}")
            elif card.replaces not in c.heroes.standard_starting_deck:
                fail(f"cards.json: {cid!r} replaces {card.replaces!r}, which is not in the starting deck")
        for col in h.starting_crystals:
            if col not in content_schema.MANA_COLOURS:
                fail(f"heroes.json: hero {h.id!r} starts with a crystal of unknown colour {col!r}")
    for sk in c.skills.values():
        if sk.hero not in hero_ids:
            fail(f"skills.json: skill {sk.id!r} belongs to unknown hero {sk.hero!r}")
    for card in c.cards.values():
        for col in card.powered_by:
            if col not in content_schema.MANA_COLOURS + content_schema.SPECIAL_MANA:
                fail(f"cards.json: card {card.id!r} is powered by unknown mana {col!r}")
    for e in c.enemies.values():
        if e.color not in content_schema.ENEMY_PILES:
            fail(f"enemies.json: enemy {e.id!r} has unknown pile colour {e.color!r}")
        for a in e.attacks:
            if not a.summon and a.element not in content_schema.ELEMENTS:
                fail(f"enemies.json: enemy {e.id!r} attacks with unknown element {a.element!r}")
            if a.summon and a.summon_pile not in content_schema.ENEMY_PILES:
                fail(f"enemies.json: enemy {e.id!r} summons from unknown pile {a.summon_pile!r}")
        for ab in e.abilities:
            if ab not in content_schema.ENEMY_ABILITIES:
                fail(f"enemies.json: enemy {e.id!r} has unknown ability {ab!r}")
        for r in e.resistances:
            if r not in ("physical", "fire", "ice"):
                fail(f"enemies.json: enemy {e.id!r} has unknown resistance {r!r}")
    for t in c.tiles.values():
        positions = sorted(hx.pos for hx in t.hexes)
        if positions != sorted(("C", "NE", "E", "SE", "SW", "W", "NW")):
            fail(f"tiles.json: tile {t.id!r} must have each of C NE E SE SW W NW once, has {positions}")
        for hx in t.hexes:
            if hx.terrain not in content_schema.TERRAINS:
                fail(f"tiles.json: tile {t.id!r} {hx.pos} has unknown terrain {hx.terrain!r}")
    for name in content_schema.TERRAINS:
        if name not in c.terrain:
            fail(f"terrain.json: no movement cost for {name!r}")
    for token in c.ruins.values():
        for pile in token.draw:
            if pile not in content_schema.ENEMY_PILES:
                fail(f"ruins_tokens.json: token {token.id!r} draws from unknown pile {pile!r}")
    numbers = {(t.time, t.number) for t in c.tactics.values()}
    if len(numbers) != len(c.tactics):
        fail("tactics.json: two tactics of the same time of day share a turn-order number")
