"""The card catalogue of `epochs` for `runeledger cards epochs`: units, war markers, relics and
medals of the content pack, with their values and sources, and their effects in words.

Why generated words: the text is built from the same fields the rules read (a unit's line values
and damage symbols, a marker's bonus per line, a relic's or medal's points), so the catalogue
cannot say one thing while the engine does another. The rulebook page prints no card values, so
every value of the base pack is a stand-in (CONTENT.md); a pack with real values would name its
sources the same way.
"""

from __future__ import annotations

from engine.cards import CardInfo, check
from engine.games.epochs.content import LINES, PACK, Marker, Pack, Relic, Unit

STAND_IN = "stand-in"


def _lines(values: dict[str, int | None], sign: str = "", zero: bool = True) -> str:
    """'ranged 2, melee 1': the printed values (a marker's 0 is no bonus: left out)."""
    return ", ".join(f"{line} {sign}{v}" for line, v in values.items() if v is not None and (zero or v))


def unit_text(u: Unit, per_player: int | None) -> str:
    vals = {line: getattr(u, line) for line in LINES}
    printed = _lines(vals) or "no line value"
    missing = [line for line, v in vals.items() if v is None]
    out = f"{printed[0].upper()}{printed[1:]}"
    if missing:
        out += f" (prints no {' or '.join(missing)} value: it adds nothing in that line)"
    out += f"; destroyed by {u.hp} damage."
    if u.epoch:
        role = "Hero" if u.hero else "Elite unit"
        out += (
            f" {role} of the {u.epoch} epoch deck: fought in its epoch; an attacker who "
            "defeats it may recruit it into his deck."
        )
    elif per_player:
        out += f" Starting deck: {per_player} per player."
    return out


def marker_text(m: Marker) -> str:
    bonus = _lines({line: getattr(m, line) for line in LINES}, "+", zero=False)
    return f"War marker: {bonus} for the unit carrying it while that unit survives; at most one per unit."


def relic_text(r: Relic) -> str:
    return f"Relic: worth {r.points} point{'s' * (r.points != 1)} at the end of the game."


def catalogue(pack: Pack = PACK) -> list[CardInfo]:
    start = {e.name: e.count for e in pack.setup.start_deck}
    out = []
    for u in pack.units.values():
        values = {line: getattr(u, line) for line in LINES} | {"health": u.hp}
        starting = u.epoch is None
        out.append(
            CardInfo(
                name=u.name,
                english_name=None,
                kind="hero" if u.hero else ("elite" if u.epoch else "unit"),
                values=values,
                sources=dict.fromkeys(values, STAND_IN),
                text=unit_text(u, start.get(u.name)),
                group=u.epoch or "starting deck",
                count=start.get(u.name) if starting else u.count,
                count_source=STAND_IN,
            )
        )
    for m in pack.markers.values():
        values = {line: getattr(m, line) for line in LINES}
        out.append(
            CardInfo(
                name=m.name,
                english_name=None,
                kind="war marker",
                values=values,
                sources=dict.fromkeys(values, STAND_IN),
                text=marker_text(m),
                group="war markers",
                count=m.count,
                count_source=STAND_IN,
            )
        )
    for r in pack.relics.values():
        out.append(
            CardInfo(
                name=r.name,
                english_name=None,
                kind="relic",
                values={"vp": r.points},
                sources={"vp": STAND_IN},
                text=relic_text(r),
                group="relics",
                count=r.count,
                count_source=STAND_IN,
            )
        )
    for md in pack.medals.values():
        out.append(
            CardInfo(
                name=md.name,
                english_name=None,
                kind="medal",
                values={"vp": md.points},
                sources={"vp": STAND_IN},
                group="medals of valour",
                count=None,
                text=(
                    f"Medal of valour: worth {md.points} point{'s' * (md.points != 1)} at the end "
                    "of the game; each player is dealt one showing his own Sabaton, and a victor "
                    "may win it from him."
                ),
            )
        )
    return check(out)
