"""The Thunderstone card catalogue for `runeledger cards thunderstone`: every card of the box (and
the rulebook-example cards apart), each value with its source, and its text built from the
ability vocabulary (texts.py), so the words shown are those of the abilities the engine runs."""

from __future__ import annotations

import re

from engine.cards import CardInfo, check
from engine.games.thunderstone.content import Card, groups, pack
from engine.games.thunderstone.setup import FEATURE_RANDOMIZERS
from engine.games.thunderstone.texts import words

# catalogue key -> content field
FIELDS = {
    "cost": "price",
    "gold": "gold",
    "strength": "strength",
    "light": "light",
    "weight": "weight",
    "health": "health",
    "xp": "xp",
    "vp": "vp",
    "level": "level",
    "attack": "attack",
    "magic_attack": "magic",
    "level_up_xp": "xp_cost",
}
# which keys a card of each kind prints (the rest are None: no such value on the card)
PRINTS = {
    "hero": ("cost", "gold", "strength", "light", "vp", "level", "attack", "magic_attack", "level_up_xp"),
    "weapon": ("cost", "gold", "weight", "light", "attack", "magic_attack", "strength"),
    "item": ("cost", "gold", "light", "attack", "magic_attack"),
    "spell": ("cost", "gold", "light", "attack", "magic_attack"),
    "villager": ("cost", "gold", "light", "attack", "magic_attack"),
    "disease": ("gold",),
    "monster": ("gold", "health", "light", "xp", "vp", "attack"),
    "guardian": ("gold", "health", "xp", "vp"),
    "trap": (),
    "treasure": ("vp",),
    "thunderstone": ("gold", "vp"),
}
# fields where an absent value means "not printed" rather than 0
ABSENT_IS_NONE = {"gold", "light", "attack", "magic", "vp", "weight", "strength", "xp_cost"}


def kind_of(c: Card) -> str:
    if not c.box:
        return c.kind
    if c.group == "basic":
        return "disease" if c.kind == "disease" else "basic"
    if c.group == "village":
        return "village"
    return c.kind


def source(c: Card, field: str) -> str:
    if field in c.rulebook:
        return f"rulebook {c.rulebook[field]}"
    if field in c.stand_in or not c.box:
        return "stand-in"
    return "public-list"


def value(c: Card, field: str) -> int | None:
    v = getattr(c, field)
    if field == "xp_cost":
        return v or None  # 0: the top level, no level-up
    if field in ABSENT_IS_NONE and v == 0 and field not in c.rulebook and not _printed_zero(c, field):
        return None
    return v


def _printed_zero(c: Card, field: str) -> bool:
    """Gold 0 and VP/strength values are printed numbers where the card has them at all."""
    return field == "gold" or (field == "vp" and c.kind in ("thunderstone", "monster", "guardian"))


def text(c: Card) -> str:
    """The card's effects in words: printed bonuses, then each ability of the vocabulary."""
    out = []
    if c.attack and c.is_monster:
        out.append(f"TROPHY: ATTACK +{c.attack}")
    elif c.attack and c.has("static", "conjurer"):
        out.append(f"ATTACK +{c.attack} against position 2 or deeper")
    elif c.attack:
        out.append(f"ATTACK +{c.attack}")
    if c.magic:
        out.append(f"MAGIC ATTACK +{c.magic}")
    if c.kind == "weapon" and c.strength:
        out.append(f"STRENGTH +{c.strength}")
    if c.kind == "disease":
        out.append("ATTACK or MAGIC ATTACK -1 while laid out")
    for a in c.abilities:
        if (a.on, a.do) == ("static", "conjurer"):
            continue
        said = words(a.on, a.do, a.n, a.m, a.what)
        if c.is_monster and a.on in ("village", "dungeon", "static"):
            said = f"TROPHY ({said})"  # usable once the defeated monster is laid out from hand
        out.append(said)
    if c.keywords:
        out.insert(0, " • ".join(k.upper() for k in c.keywords))
    return ". ".join(out)


def info(c: Card) -> CardInfo:
    keys = PRINTS[c.kind]
    values = {k: (value(c, FIELDS[k]) if k in keys else None) for k in FIELDS}
    values = {
        k: v
        for k, v in values.items()
        if k in keys or k in ("cost", "gold", "strength", "light", "weight", "health", "xp", "vp")
    }
    sources = {k: source(c, FIELDS[k]) for k in values}
    group = c.stack or c.group
    return CardInfo(
        name=c.name,
        english_name=c.english or None,
        kind=kind_of(c),
        values=values,
        sources=sources,
        text=text(c) or "no special ability",
        group=group if c.box else f"{group} (rulebook example, not in the box)",
        count=c.count,
        count_source=source(c, "count"),
    )


# English randomizer names of the hero and monster groups (public randomizer list)
RANDOMIZER_EN = {
    "Belzurier": "Belzur",
    "Cabalier": "Cabal",
    "Chulianer": "Chulian",
    "Beschwoerer": "Evoker",
    "Flammen": "Flame",
    "Gorinther": "Gorinth",
    "Halb-Ork": "Half-Orc",
    "Phalanx": "Phalanx",
    "Steinwache": "Stoneguard",
    "Terakianer": "Terakian",
    "Veteranen": "Veteran",
    "Raeuber - Humanoid": "Bandit • Humanoid",
    "Dunkles Fabelwesen": "Dark Enchanted",
    "Elementar - Feuer": "Elemental • Fire",
    "Riese": "Giant",
    "Hydra - Drache": "Hydra • Dragon",
    "Ork - Humanoid": "Orc • Humanoid",
    "Untoter - Lich": "Undead • Lich",
    "Untoter - Seuche": "Undead • Plague",
}


def randomizers() -> list[CardInfo]:
    """The randomizer cards (SET-R1): one per hero group, monster group and village stack, the 3
    dungeon-feature randomizers among the monster randomizers (reading A3), the 6 feature cards,
    and the 7 Setting cards (4 played, 3 out of play)."""

    p = pack()
    english = {c.stack: c.english for c in p.card if c.box and c.group == "village"} | RANDOMIZER_EN
    out = []
    for kind, rule in (("hero", "SET-R9"), ("monster", "SET-R2"), ("village", "SET-R10")):
        for g in groups(kind):
            eng = english.get(g)
            out.append(
                CardInfo(
                    name=g,
                    english_name=eng if eng and eng != g else None,
                    kind="randomizer",
                    values={},
                    sources={},
                    text=f"{kind} randomizer: use the {g} stack ({rule})",
                    group=f"{kind} randomizers",
                    count=1,
                    count_source="public-list",
                )
            )
    for i in range(FEATURE_RANDOMIZERS):
        out.append(
            CardInfo(
                name=f"Dungeon-Merkmal {i + 1}",
                english_name=None,
                kind="randomizer",
                values={},
                sources={},
                text="among the monster randomizers: draw 1 dungeon feature (SET-R4)",
                group="monster randomizers",
                count=1,
                count_source="rulebook p.2",
            )
        )
    for f in p.feature:
        what = {
            "guardian": "a random guardian of the box goes under the dungeon deck with the top 10 cards",
            "trap": f"shuffle the {f.adds} into the dungeon deck",
            "treasure": f"shuffle the {f.adds} into the dungeon deck",
            "scenario": f"play the setting {f.adds}",
            "pick_two": "draw two more dungeon features instead",
        }[f.kind]
        out.append(
            CardInfo(
                name=f.name,
                english_name=f.english or None,
                kind="dungeon feature",
                values={},
                sources={},
                text=what,
                group="dungeon features",
                count=1,
                count_source="stand-in" if f.kind == "scenario" else "public-list",
            )
        )
    for st in p.setting:
        out.append(
            CardInfo(
                name=st.name,
                english_name=st.english or None,
                kind="setting",
                values={},
                sources={},
                text=_OPTION.sub("", st.text),
                note="; ".join(_OPTION.findall(st.text)),
                group="settings" if st.played else "settings (out of play)",
                count=1,
                count_source="rulebook p.2",
            )
        )
    return out


# a setting's note for a referee: the game option that chooses it ("(option scenario=Doomgate)")
_OPTION = re.compile(r"\s*\((option [^)]*)\)")


def catalogue() -> list[CardInfo]:
    return check([info(c) for c in pack().card] + randomizers())
