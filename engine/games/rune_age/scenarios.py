"""The four scenarios under their printed English names, and the older names that still work.

Why aliases: games stored before the rename recorded the scenario as `dragonlords`, `rune_wars`,
`world_fire` or `monument` (in the `scenario` option of game.created and in ra.setup), and
situation files name it the same way. Those spellings stay valid:

- an option value is checked with `resolve` but kept as the player typed it in game.created, so a
  replay of an old game re-creates event 1 unchanged; set-up resolves it and ra.setup records the
  new name;
- ra.setup events of schema 1 (old names) are upcast to schema 2 (new names) when read;
- a situation file's `scenario = "world_fire"` is resolved when the file is read.

The German names of the rulebook are accepted as well, and any spelling with spaces, hyphens or
capitals ("The Cataclysm", "the-cataclysm").
"""

from __future__ import annotations

from engine.cards import fold

DRAGONLORDS = "resurgence_of_the_dragonlords"
RUNEWARS = "runewars"
CATACLYSM = "the_cataclysm"
MONUMENT = "the_monument"
SCENARIOS = (DRAGONLORDS, RUNEWARS, CATACLYSM, MONUMENT)

OLD_KEYS = {"dragonlords": DRAGONLORDS, "rune_wars": RUNEWARS, "world_fire": CATACLYSM, "monument": MONUMENT}
"""The keys before the rename (stored games, situation files): old key -> new key."""

GERMAN = {
    "rueckkehr_der_drachenlords": DRAGONLORDS,
    "runenkriege": RUNEWARS,
    "weltenbrand": CATACLYSM,
    "das_monument": MONUMENT,
}
"""The rulebook's German names (folded): German name -> key."""

ALIASES = {**OLD_KEYS, **GERMAN}


def _norm(value: str) -> str:
    return "_".join(fold(value).replace("-", " ").split())


def resolve(value: str) -> str:
    """The scenario key `value` names (a key, an alias, or `random`); ValueError otherwise."""
    key = _norm(str(value))
    if key in SCENARIOS or key == "random":
        return key
    if key in ALIASES:
        return ALIASES[key]
    raise ValueError(
        f"rune-age: option scenario={value!r} is not a scenario (SET-2); choose one of "
        f"{', '.join(SCENARIOS)} or random (older names {', '.join(OLD_KEYS)} "
        "still work)"
    )


def upcast_setup_v1(data: dict) -> dict:
    """ra.setup schema 1 -> 2: the scenario under its new key."""
    key = data.get("scenario")
    return {**data, "scenario": key if key is None else OLD_KEYS.get(key, key)}
