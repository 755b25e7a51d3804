"""DragonLords' log in words (see engine.narration): armies by their seat and race, places by
their kind, battle rounds with each die against the strength it was tested on, income with
its parts. Every sentence is made from the event as the viewer sees it, so a secret chip
(King, Wizard, decoy), a scroll hand or a spell never shows in another seat's log."""

from __future__ import annotations

from typing import Any

from engine import narration
from engine.games.dragonlords import names
from engine.games.dragonlords.zone_names import ZONE_NAMES
from engine.narration import and_list, card, cards, plural, seat_name

KINDS = {
    "K": "kingdom",
    "T": "territory",
    "G": "gold territory",
    "I": "island",
    "P": "teleportal",
    "R": "realm",
    "WT": "wasteland space",
    "WB": "wasteland space",
}
ROLES = {"king": "the King", "wizard": "a Wizard", "decoy": "a decoy", "dragonlord": "a DragonLord"}


def zone(z: str) -> str:
    """A card zone in words: the game's table (zone_names.py, as the CLI shows it) first."""
    return narration.zone_phrase(ZONE_NAMES, z)


def place(p: Any, table: Any = None) -> str:
    """A map place in words: "kingdom K5", "sea zone 7", a ship by its name (units aboard)."""
    p = str(p)
    if p.startswith("ship:"):
        return names.ship(table, p[5:])
    head = p.rstrip("0123456789abcdefghijklmnopqrstuvwxyz")
    if p[:2] in KINDS:
        return f"{KINDS[p[:2]]} {p}"
    if head == "S":
        return f"sea zone {p[1:]}"
    return f"{KINDS[p[0]]} {p}" if p[:1] in KINDS else p


def sea(z: Any) -> str:
    return f"sea zone {str(z)[1:]}" if str(z).startswith("S") else place(z)


def army(table: Any, a: Any) -> str:
    """An army by its seat and race ("Seat 1's orc army", names.py)."""
    return names.army(table, a)


def _setup(e: narration.Seen) -> str:
    d = e.data
    led = [
        f"{seat_name(x.get('seat'))} leads the {x.get('race')} army ({x.get('gold', '?')} gold)"
        for x in d.get("armies") or []
    ]
    short = ", the short game" if d.get("short") else ""
    return (
        f"DragonLords set-up on {d.get('map', 'the map')}{short}: {and_list(led)}; "
        f"{d.get('kingdoms_to_win', '?')} kingdoms win."
    )


def _volley(table: Any, side: dict | None, who: str) -> str:
    if not side:
        return f"the {who} does not strike back"
    s = side.get("strength") or {}
    mods = "".join(
        f", {m['delta']:+d} {narration.humane(str(m['source']))} ({m['rule']})"
        for m in s.get("modifiers") or []
    )
    dice = side.get("dice") or []
    faces = and_list([f"{x['face']}{' hit' if x.get('hit') else ''}" for x in dice]) if dice else "no dice"
    spells = side.get("spells") or []
    kills = f"; spells kill {len(spells)}" if spells else ""
    return (
        f"the {who} {army(table, side.get('army'))} (strength {s.get('base', '?')}{mods} = {s.get('value', '?')}) "
        f"rolls {faces}: {plural(side.get('hits', 0), 'hit')}{kills}"
    )


def _round(table: Any, e: narration.Seen) -> str:
    d = e.data
    fled = " (the defender teleports away)" if d.get("fled") else ""
    return (
        f"Battle round {d.get('round', '?')} at {place(d.get('loc'))}: {_volley(table, d.get('attacker'), 'attacker')}; "
        f"{_volley(table, d.get('defender'), 'defender')}{fled}."
    )


def _battle(table: Any, e: narration.Seen) -> str:
    d = e.data
    if d.get("end"):
        who = army(table, d["winner"]) if isinstance(d.get("winner"), int) else "nobody"
        return f"The battle at {place(d.get('loc'))} is over: {who} holds it."
    b = d.get("battle") or {}
    if not b:
        return "The battle is over."
    step = f", step {narration.humane(str(b['step']))}" if b.get("step") else ""
    return (
        f"{b.get('kind', 'land').title()} battle at {place(b.get('loc'))}: {army(table, b.get('attacker'))} "
        f"attacks {army(table, b.get('defender'))}{step}."
    )


def _hero_new(table: Any, e: narration.Seen) -> str:
    d = e.data
    role = f" as {ROLES.get(d['role'], d['role'])}" if d.get("role") else ""
    spells = f", knowing spells {and_list([str(s) for s in d['spells']])}" if d.get("spells") else ""
    return f"{army(table, d.get('army'))} puts a gold chip under unit {d.get('id')} at {place(d.get('loc'))}{role}{spells}."


def _set(d: dict, table: Any = None) -> str:
    out = []
    for k, v in (d.get("set") or {}).items():
        if k == "loc":
            out.append(f"moves to {place(v)}")
        elif k == "role":
            out.append(f"becomes {ROLES.get(v, v)}")
        elif k == "army" and isinstance(v, int):
            out.append(f"goes to {names.army(table, v)}")
        elif k in names.ARMY_KEYS and isinstance(v, int):
            out.append(f"{narration.humane(k)} {names.army(table, v)}")
        else:
            out.append(f"{narration.humane(k)} {narration.value(k, v)}")
    return and_list(out) if out else "changes"


def _units(table: Any, e: narration.Seen) -> str:
    d = e.data
    k = d.get("n", 0)
    why = f" ({narration.humane(str(d['why']))})" if d.get("why") else ""
    verb = "gains" if k >= 0 else "loses"
    return (
        f"{army(table, d.get('army'))} {verb} {plural(abs(k), 'unit')} at {place(d.get('loc'), table)}{why}."
    )


def _income(table: Any, e: narration.Seen) -> str:
    d = e.data
    parts: dict[str, int] = {}
    for p in d.get("parts") or []:
        parts[str(p.get("source"))] = parts.get(str(p.get("source")), 0) + int(p.get("gold", 0))
    told = and_list([f"{g} from {narration.humane(s)}" for s, g in parts.items()])
    return f"{army(table, d.get('army'))} collects {d.get('gold', '?')} gold ({told})."


def _quest(table: Any, e: narration.Seen) -> str:
    d = e.data
    if d.get("result") and not d.get("name"):
        return f"Quest: {narration.humane(str(d['result']))}."
    monster = f", guarded by a {narration.humane(str(d['monster']))}" if d.get("monster") else ""
    reward = (
        f": reward {d.get('amount', '')} {narration.humane(str(d.get('reward', '')))}".rstrip()
        if d.get("reward")
        else ""
    )
    return f"Quest card {d.get('name', '?')} ({d.get('colour', '?')}){reward}{monster}."


def _qmove(table: Any, e: narration.Seen) -> str:
    d = e.data
    if d.get("end"):
        return f"The party stops at {place(d['shop_at'])}." if d.get("shop_at") else "The party's move ends."
    m = d.get("move") or {}
    ends = and_list([place(x) for x in m.get("ends") or []])
    return f"The party at {place(m.get('space'))} rolls {m.get('roll', '?')}: it may end at {ends}."


def _party(table: Any, e: narration.Seen) -> str:
    d = e.data
    who = army(table, d.get("army"))
    if d.get("new"):
        return f"{who} sends a party into {place(d.get('space'))} with {and_list([narration.humane(x) for x in d.get('tools') or []])}."
    if d.get("gone"):
        return f"{who}'s party leaves {place(d.get('space'))}."
    s = d.get("set") or {}
    if "space" in s:
        return f"{who}'s party moves from {place(d.get('space'))} to {place(s['space'])}."
    if "tools" in s:
        return f"{who}'s party at {place(d.get('space'))} now carries {and_list([narration.humane(x) for x in s['tools']])}."
    return f"{who}'s party at {place(d.get('space'))}: {_set(d)}."


def _scroll(table: Any, e: narration.Seen) -> str:
    d = e.data
    lost = f", {cards(d['lost'])} lost" if d.get("lost") else ""
    roll = f", rolling {d['roll']}" if d.get("roll") is not None else ""
    victim = f" against {army(table, d['victim'])}" if isinstance(d.get("victim"), int) else ""
    return f"The scroll {narration.humane(card(d.get('card', '?')))} takes effect at {place(d.get('at'))}{victim}{roll}{lost}."


def _over(e: narration.Seen) -> str:
    d = e.data
    winners = d.get("winners") or []
    head = (
        f"Game over: {narration.seats(winners)} {'wins' if len(winners) == 1 else 'win'}"
        if winners
        else "Game over: nobody wins"
    )
    sc = "; ".join(
        f"{seat_name(int(k))} {v.get('kingdoms', 0)} kingdoms and {v.get('territories', 0)} territories"
        if isinstance(v, dict)
        else f"{seat_name(int(k))} {v}"
        for k, v in (d.get("scores") or {}).items()
    )
    return head + (f" ({d['reason']})" if d.get("reason") else "") + (f". Scores: {sc}." if sc else ".")


def _cmd(e: narration.Seen, table: Any = None) -> str | None:
    d, who, k = e.data, e.who(), e.data.get("kind")
    count = f"{d['n']} " if isinstance(d.get("n"), int) else ""
    hero = f" with unit {d['hero']}" if d.get("hero") else ""
    words = {
        "place": lambda: f"{who} places a unit in {place(d.get('to'))}.",
        "chips": lambda: (
            f"{who} hides the King in {place(d['king'])}, the Wizard in {place(d['wizard'])} and the decoy "
            f"in {place(d['decoy'])}."
            if "king" in d
            else f"{who} hides three gold chips at {and_list([place(p) for p in d.get('places') or []])}."
        ),
        "dock": lambda: f"{who} docks a ship in {sea(d.get('zone'))} at the harbour of {place(d.get('to'))}.",
        "buy": lambda: f"{who} buys {narration.humane(str(d.get('what')))}.",
        "sail": lambda: f"{who} sails {names.ship(table, d.get('ship'))} to {sea(d.get('to'))}.",
        "load": lambda: (
            f"{who} loads {count}units{hero} from {place(d.get('origin'))} onto {names.ship(table, d.get('ship'))}."
        ),
        "unload": lambda: (
            f"{who} unloads {count}units{hero} from {names.ship(table, d.get('ship'))} to {place(d.get('to'))}."
        ),
        "move": lambda: (
            f"{who} moves {count}units{hero} from {place(d.get('origin'))} to {place(d.get('to'))}."
        ),
        "march": lambda: f"{who} marches {count}units from {place(d.get('origin'))} to {place(d.get('to'))}.",
        "teleport": lambda: (
            f"{who} teleports unit {d.get('hero')} with {count}units"
            + (f" and unit {d['with']}" if d.get("with") else "")
            + f" to {place(d.get('to'))}."
        ),
        "attack": lambda: (
            f"{who} attacks {place(d.get('target'))} from {place(d.get('origin'))} with {count}units{hero}."
        ),
        "sneak": lambda: (
            f"{who} sneaks {count}units from {place(d.get('origin'))} into {place(d.get('target'))}"
            + (", waiting for more elves to join." if d.get("wait") else ".")
        ),
        "fight": lambda: f"{who} fights the battle at {place(d.get('at'))}.",
        "stand": lambda: f"{who} stands and fights back.",
        "teleport_away": lambda: f"{who} teleports unit {d.get('hero')} away to {place(d.get('to'))}.",
        "retreat": lambda: f"{who} retreats {count}units{hero} to {place(d.get('to'))}.",
        "burn": lambda: f"{who} burns ships in {sea(d.get('zone'))} with unit {d.get('hero')}.",
        "done": lambda: f"{who} is done with this phase.",
        "enter": lambda: (
            f"{who} sends {count}units{hero} from {place(d.get('origin'))} into {place(d.get('space'))}."
        ),
        "quest": lambda: f"{who} sends the party at {place(d.get('space'))} on its way.",
        "go": lambda: f"{who} moves the party to {place(d.get('to'))}.",
        "shop": lambda: f"{who} buys {narration.humane(str(d.get('what')))} for the party.",
        "search": lambda: f"{who} searches the wasteland space.",
        "leave": lambda: f"{who} leads the party out to {place(d.get('to'))}.",
        "scroll": lambda: (
            f"{who} reads the scroll {narration.humane(card(d.get('card', '?')))} with unit {d.get('caster')} "
            f"at {place(d.get('at'))}."
        ),
        "casualty": lambda: (
            f"{who} gives up unit {d.get('unit')} as a casualty."
            if d.get("unit") != "unit"
            else f"{who} gives up a plain unit as a casualty."
        ),
        "stash": lambda: f"{who} stores {d.get('n', '?')} gold in {place(d.get('kingdom'))}.",
        "spell": lambda: (
            f"{who} throws {narration.humane(str(d.get('spell')))} with unit {d.get('caster')} at "
            + ("a plain unit." if d.get("victim") == "plain" else f"unit {d.get('victim')}.")
        ),
        "roll": lambda: f"{who} rolls the dice.",
        "choose": lambda: (
            f"{who} chooses {narration.humane(str(d['option']))}." if d.get("option") else f"{who} decides."
        ),
    }
    return words[k]() if k in words else None


ASKS = {
    "casualties": "which units die",
    "answer": "how the party answers the monster",
    "elixir": "whether to drink the Elixir",
    "potion": "whether to give the Potion",
    "promote": "which unit becomes the DragonLord",
    "wizard": "which unit gets the wizard chip",
    "spell_wizard": "which wizard learns the spell",
    "spell_reward": "which unit takes the spell (a wizard learns it, another unit becomes one)",
    "treasure": "which unit carries the new treasure",
    "reflect": "whether to answer with Reflect",
    "escape": "where the burnt fleet's units escape",
    "captured_treasure": "which unit carries the captured treasure",
    "man_ship": "whether to man, dock or sink an empty ship",
    "sneak_back": "where the failed sneak attackers go",
}


def _ask(table: Any, e: narration.Seen) -> str:
    d = e.data.get("ask") or e.data
    who = army(table, d.get("army"))
    what = ASKS.get(str(d.get("kind")), narration.humane(str(d.get("kind"))))
    if e.data.get("end"):
        picked = f": {narration.humane(str(e.data['picked']))}" if e.data.get("picked") else ""
        return f"{who} has decided {what}{picked}."
    return f"{who} decides {what}."


def _place(table: Any, e: narration.Seen) -> str:
    """A placement: two units in the kingdom chosen at set-up (INT-13), else one. A label (a command
    not yet made, version None) reads the phase from the table; a logged one says it where the table
    is still in that set-up step."""
    kingdom = getattr(getattr(table, "game", None), "phase", "") == "setup_kingdom"
    to = place(e.data.get("to"))
    if kingdom:
        return f"{e.who()} places 2 units in {to}, the kingdom it starts from."
    return f"{e.who()} places a unit in {to}."


def own(table: Any) -> dict[str, Any]:
    """The sentence for each of the game's event types; `t` names armies by seat and race."""
    return {
        "dl.setup": _setup,
        "dl.phase": lambda e: (
            f"{army(table, e.data.get('active'))}: the {narration.humane(str(e.data.get('phase', '?')))} phase"
            + (f" of round {e.data['round']}" if e.data.get("round") is not None else "")
            + "."
        ),
        "dl.order": lambda e: (
            f"Turn order: {and_list([army(table, a) for a in e.data.get('order') or []])}"
            + (
                f"; blessed by the crystal die: {army(table, e.data['blessed'])}"
                if isinstance(e.data.get("blessed"), int)
                else ""
            )
            + "."
        ),
        "dl.army": lambda e: f"{army(table, e.data.get('army'))}: {_set(e.data, table)}.",
        "dl.battle": lambda e: _battle(table, e),
        "dl.round": lambda e: _round(table, e),
        "dl.captured": lambda e: (
            f"{army(table, e.data.get('army'))} captures {place(e.data.get('kingdom'))} "
            f"and its {e.data.get('gold', 0)} gold."
        ),
        "dl.casualties": lambda e: (
            f"{army(table, e.data.get('army'))} loses {and_list([str(x) for x in e.data.get('lost') or []])}"
            f" at {place(e.data.get('loc'))}."
        ),
        "dl.gold": lambda e: (
            f"{army(table, e.data.get('army'))} {'stores' if e.data.get('n', 0) >= 0 else 'takes out'} "
            f"{abs(e.data.get('n', 0))} gold {'in' if e.data.get('n', 0) >= 0 else 'from'} "
            f"{place(e.data.get('kingdom'))}."
        ),
        "dl.treasury": lambda e: (
            f"{army(table, e.data.get('army'))}'s treasury "
            f"{'gains' if e.data.get('n', 0) >= 0 else 'pays'} {abs(e.data.get('n', 0))} gold."
        ),
        "dl.hero": lambda e: f"Unit {e.data.get('id')} {_set(e.data)}.",
        "dl.hero_new": lambda e: _hero_new(table, e),
        "dl.hero_gone": lambda e: (
            f"Unit {e.data.get('id')} of {army(table, e.data.get('army'))}"
            + (f" ({ROLES.get(e.data['role'], e.data['role'])})" if e.data.get("role") else "")
            + f" falls at {place(e.data.get('loc'))}."
        ),
        "dl.income": lambda e: _income(table, e),
        "dl.mark": lambda e: (
            f"{place(e.data.get('key'))} is marked {narration.humane(str(e.data.get('field', '?')))} this turn."
        ),
        "dl.party": lambda e: _party(table, e),
        "dl.qmove": lambda e: _qmove(table, e),
        "dl.quest": lambda e: _quest(table, e),
        "dl.scroll": lambda e: _scroll(table, e),
        "dl.ship": lambda e: f"{names.ship(table, e.data.get('id')).capitalize()} {_set(e.data, table)}.",
        "dl.ship_new": lambda e: (
            f"{army(table, e.data.get('army'))} launches {names.ship(table, e.data.get('id'))} in {sea(e.data.get('zone'))}"
            + (f" at the harbour of {place(e.data['harbour'])}" if e.data.get("harbour") else "")
            + "."
        ),
        "dl.ship_gone": lambda e: f"A ship is gone ({narration.humane(str(e.data.get('why', 'lost')))}).",
        "dl.units": lambda e: _units(table, e),
        "game.over": _over,
        **{
            f"cmd.{k}": lambda e: _cmd(e, table)
            for k in (
                "place",
                "chips",
                "dock",
                "buy",
                "sail",
                "load",
                "unload",
                "move",
                "march",
                "teleport",
                "attack",
                "sneak",
                "fight",
                "stand",
                "teleport_away",
                "retreat",
                "burn",
                "done",
                "enter",
                "quest",
                "go",
                "shop",
                "search",
                "leave",
                "scroll",
                "casualty",
                "stash",
                "spell",
                "roll",
                "choose",
            )
        },
        "cmd.place": lambda e: _place(table, e),
        "dl.ask": lambda e: _ask(table, e),
        "dl.spoils": lambda e: (
            "A captured treasure waits for its bearer."
            if "add" in e.data
            else "A captured treasure's bearer is being chosen."
        ),
        "dl.qfight": lambda e: (
            "The quest fight is over."
            if e.data.get("end")
            else f"Quest fight against the {narration.humane(str((e.data.get('fight') or {}).get('monster', '?')))}"
            f", round {(e.data.get('fight') or {}).get('round', 0)}."
        ),
    }


def describe(table: Any, ev: Any) -> str:
    return narration.describe(table, ev, own(table), zone)
