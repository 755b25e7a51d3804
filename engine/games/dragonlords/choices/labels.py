"""Each DragonLords command as the sentence on its button, in words (names.py): "Move 3 elves
from red territory A to the red kingdom", "Store 12 gold in the blue kingdom"."""

from __future__ import annotations

from typing import Any

from engine.games.dragonlords.choices import names
from engine.narration import humane

PHASE = {
    "purchase": "purchases",
    "naval": "naval movement",
    "quest": "quests",
    "combat": "combat",
    "transfer": "transfer",
    "reinforce": "reinforcements",
    "setup_ship": "set-up",
}


def _who(game, seat: int, cmd: dict[str, Any], a: int) -> str:
    """The units a command moves: a chip-bearer, `n` units, or (no count) all of them."""
    if "hero" in cmd:
        return names.hero(game, cmd["hero"], seat)
    if "n" in cmd:
        return names.units(game, a, cmd["n"])
    return "all the units"


def sentence(game, seat: int, cmd: dict[str, Any]) -> str:
    """The command in words, as an imperative."""
    a = game.active
    k = cmd.get("kind")
    P = lambda key: names.place(game, cmd.get(key))  # noqa: E731 - a place field in words
    race = game.armies[a].race if 0 <= a < len(game.armies) else "unit"
    if k == "place":
        if game.phase == "setup_kingdom":
            return f"Place 2 {names.PLURAL.get(race, race)} in {P('to')}, your starting kingdom"
        bought = " bought" if game.phase == "reinforce" else ""
        return f"Place {'a bought ' + race if bought else names.one(race)} in {P('to')}"
    if k == "chips":
        return f"Hide the King in {P('king')}, the Wizard in {P('wizard')} and the decoy in {P('decoy')}"
    if k == "dock":
        return f"Dock a ship at {P('to')} in {P('zone')}"
    if k == "buy":
        return "Buy a ship" if cmd.get("what") == "ship" else f"Buy {names.one(race)}"
    if k == "sail":
        return f"Sail {names.ship(game, cmd['ship'])} to {P('to')}"
    if k == "load":
        return f"Load {_who(game, seat, cmd, a)} from {P('origin')} onto {names.ship(game, cmd['ship'])}"
    if k == "unload":
        return f"Unload {_who(game, seat, cmd, a)} from {names.ship(game, cmd['ship'])} to {P('to')}"
    if k == "move":
        return f"Move {_who(game, seat, cmd, a)} from {P('origin')} to {P('to')}"
    if k == "march":
        return f"Force-march {_who(game, seat, cmd, a)} from {P('origin')} to {P('to')}"
    if k == "attack":
        return f"Attack {P('target')} with {_who(game, seat, cmd, a)} from {P('origin')}"
    if k == "sneak":
        wait = ", waiting for more elves" if cmd.get("wait") else ""
        return f"Sneak attack {P('target')} with {_who(game, seat, cmd, a)} from {P('origin')}{wait}"
    if k == "teleport":
        carried = cmd.get("n", 0)
        other = f"{names.hero(game, cmd['with'], seat)} and " if cmd.get("with") else ""
        load = f" with {other}{names.units(game, a, carried)}" if carried or other else " alone"
        return f"Teleport {names.hero(game, cmd['hero'], seat)} to {P('to')}{load}"
    if k == "fight":
        return f"Fight the battle at {P('at')}"
    if k == "stand":
        return "Stand and strike back"
    if k == "teleport_away":
        return f"Teleport {names.hero(game, cmd['hero'], seat)} away to {P('to')}"
    if k == "retreat":
        return f"Retreat {_who(game, seat, cmd, a)} to {P('to')}"
    if k == "burn":
        return f"Burn the enemy fleet in {P('zone')} with {names.hero(game, cmd['hero'], seat)}"
    if k == "done":
        return f"End the {PHASE.get(game.phase, humane(game.phase))} phase"
    if k == "enter":
        return f"Send {_who(game, seat, cmd, a)} from {P('origin')} into {P('space')}"
    if k == "quest":
        return f"Move the party at {P('space')}"
    if k == "go":
        return f"Move the party to {P('to')}"
    if k == "shop":
        what = cmd.get("what")
        return f"Buy {names.one(race) if what == 'unit' else names.tool(str(what))} for the party"
    if k == "search":
        return "Search the Dragon's Lair for the Dragon Orb"
    if k == "leave":
        return f"Lead the party out to {P('to')}"
    if k == "scroll":
        return f"Read {names.card(cmd['card'])} with {names.hero(game, cmd['caster'], seat)} at {P('at')}"
    if k == "casualty":
        if cmd.get("unit") == "plain":
            return "Lose a plain unit"
        return f"Lose {names.hero(game, cmd['unit'], seat)}"
    if k == "stash":
        return f"Store {cmd['n']} gold in {P('kingdom')}"
    if k == "spell":
        victim = "a plain unit" if cmd.get("victim") == "plain" else names.hero(game, cmd["victim"], seat)
        return f"Throw {names.spell(cmd['spell'])} with {names.hero(game, cmd['caster'], seat)} at {victim}"
    if k == "roll":
        return "Roll the dice"
    if k == "choose":
        return choice(game, seat, str(cmd.get("option")))
    return humane(str(k)).capitalize()


def choice(game, seat: int, option: str) -> str:
    """An answer to a decision (turn/decisions.py) in words: "no_elixir", "crew:S3:2",
    "dock:T1a", a chip-bearer or a place."""
    if option.startswith("no_"):
        return f"Do not use the {humane(option[3:])}"
    if option == "plain":
        return "A plain unit"
    if option == "none":
        return "Nobody"
    if option == "sink":
        return "Sink the empty ship"
    parts = option.split(":")
    if parts[0] == "crew" and len(parts) == 3:
        who = parts[2] if parts[2].isdigit() else names.thing(game, parts[2], seat)
        who = f"{who} unit{'s' if who != '1' else ''}" if who.isdigit() else who
        return f"Man the ship with {who} from {names.ship(game, parts[1])}"
    if parts[0] == "dock" and len(parts) == 2:
        return f"Dock the ship at {names.place(game, parts[1])}"
    words = " ".join(names.thing(game, p, seat) for p in parts)
    return words[:1].upper() + words[1:]
