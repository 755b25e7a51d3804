"""Game options of DragonLords: each open reading of the rulebook (digest §14.2, INT-nn) that the code
implements so far, with the proposed reading as default. The catalog records the same choices."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    name: str
    int_id: str
    default: str
    choices: tuple[str, ...]
    says: str


READINGS = (
    Reading(
        "income",
        "INT-45",
        "typed",
        ("typed", "additive"),
        "typed: kingdom/gold/island 5, others 1; additive: 1 for every territory plus 5",
    ),
    Reading(
        "teleport_retreat",
        "INT-39",
        "fewer",
        ("fewer", "not_exceed"),
        "fewer: retreat only if hits < units left (the rulebook's example); not_exceed: hits <= units",
    ),
    Reading(
        "entry_space_counts",
        "INT-46",
        "no",
        ("no", "yes"),
        "no: the Village/Lair a party counts from is position 0; yes: it is the first step",
    ),
    Reading(
        "parties_per_wasteland",
        "INT-21",
        "unlimited",
        ("unlimited", "one"),
        "unlimited: several parties of a player in one wasteland, one moves per turn (F-Q5); one: at most one",
    ),
    Reading(
        "elf_realm",
        "INT-27",
        "kingdom",
        ("kingdom", "presence"),
        "kingdom: elves sneak attack in or next to a realm whose kingdom they hold; presence: any realm "
        "where they hold a territory",
    ),
    Reading(
        "inferno_protection",
        "INT-05",
        "either",
        ("either", "both"),
        "either: Dragon Shield or Ring of Fire stops Inferno; both: only the two together",
    ),
    Reading(
        "spell_attacks",
        "INT-38",
        "swap",
        ("swap", "extra"),
        "swap: a wizard throws one Fireball or Lightning Bolt instead of its die; extra: every offensive "
        "spell it knows once a round, and it still rolls",
    ),
    Reading(
        "casualties",
        "INT-30",
        "owner",
        ("owner", "spellcasters_last"),
        "owner: each owner picks its casualties; spellcasters_last: the engine removes plain units "
        "first and the King last",
    ),
    Reading(
        "two_player_units",
        "INT-10",
        "per_army",
        ("per_army", "per_player"),
        "per_army: each of a two-race player's armies has 35 units; per_player: 35 split 18/17",
    ),
)


class OptionError(ValueError):
    pass


def resolve(options: dict[str, str] | None = None) -> dict[str, str]:
    """Defaults overlaid with the given options; an unknown name or value is refused, naming the choices."""
    out = {r.name: r.default for r in READINGS}
    by_name = {r.name: r for r in READINGS}
    for k, v in sorted((options or {}).items()):
        if k not in by_name:
            raise OptionError(f"unknown option {k!r}; options are {', '.join(sorted(by_name))}")
        if str(v) not in by_name[k].choices:
            raise OptionError(
                f"option {k}={v!r} ({by_name[k].int_id}): choose one of {', '.join(by_name[k].choices)}"
            )
        out[k] = str(v)
    return out
