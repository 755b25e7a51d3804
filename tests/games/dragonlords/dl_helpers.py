"""Helpers for the DragonLords example tests: situations from files, forced dice, event look-ups."""

from __future__ import annotations

from pathlib import Path

from sim.testing import from_situation, play

SIT = Path(__file__).parent / "situations"


def sit(
    name: str, forced: dict | None = None, edit=None, options: dict | None = None, players: int | None = None
):
    return from_situation(SIT / f"{name}.toml", forced=forced, edit=edit, options=options, players=players)


def events(eng, gid, kind: str) -> list:
    return [e for e in eng.store.read(gid) if e.type == kind]


def game(eng, gid):
    return eng.table(gid).game


def legal(eng, gid, seat: int) -> list[dict]:
    return eng.legal(gid, seat)


DECISIONS = (
    "spell_attacks",
    "casualties",
    "answer",
    "elixir",
    "potion",
    "promote",
    "wizard",
    "spell_wizard",
    "spell_reward",
    "treasure",
    "reflect",
    "captured_treasure",
    "man_ship",
    "sneak_back",
)


def submit(eng, gid, seat, cmd):
    """Play `cmd`, then answer every decision it opens with its first option: the answer the
    engine itself gave before these became the players' decisions (spells thrown, plain units
    lost first, the Elixir drunk, Reflect played, the first unit promoted)."""
    out = play(eng, gid, seat, cmd)
    settle(eng, gid)
    return out


def settle(eng, gid, picks: list | None = None, kinds=DECISIONS) -> list[tuple[int, dict]]:
    """Answer pending decisions (prompt kinds in `kinds`): from `picks` first (commands, in order),
    then each one's first legal option. Returns what was played."""
    picks = list(picks or [])
    played = []
    for _ in range(500):
        ps = eng.prompts(gid)
        if not ps or ps[0].kind not in kinds:
            break
        seat = ps[0].seat
        cmd = picks.pop(0) if picks else eng.legal(gid, seat)[0]
        play(eng, gid, seat, cmd)
        played.append((seat, cmd))
    return played


def units(eng, gid, loc: str, army: int) -> int:
    from engine.games.dragonlords.board import units as u

    return u(game(eng, gid), loc, army)


def rejected(eng, gid, seat, cmd) -> str:
    """Submit an illegal command; return the rejection text (nothing may be recorded)."""
    before = eng.table(gid).version
    try:
        play(eng, gid, seat, cmd)
    except Exception as exc:  # the engine's rejection error
        assert eng.table(gid).version == before
        return str(exc)
    raise AssertionError(f"{cmd} was accepted")


def treasure_fight(options: dict | None = None, kinds=DECISIONS):
    """Three seats; A (Orcs: 7 plain units and the decoy H8) kills B's wizard H1, which carries
    the Excalibur Sword, at T1a; the decisions the fight opens of `kinds` are answered with their
    first option (the captured treasure first lies on H8)."""

    def edit(g):
        g["races"] = ["orc", "elf", "dwarf"]
        g["units"][1]["n"] = 0
        g["units"] = [u for u in g["units"] if u["n"]] + [{"loc": "K3", "army": 2, "n": 1}]
        g["heroes"][0]["treasures"] = ["excalibur"]
        g["heroes"].append({"id": "H7", "army": 2, "loc": "K3", "role": "king"})
        g["heroes"].append({"id": "H8", "army": 0, "loc": "T1c", "role": "decoy"})

    eng, gid = sit(
        "e08_teleport_retreat", forced={"die:d6": [1] * 9 + [6]}, edit=edit, players=3, options=options
    )
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 7})
    submit(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "hero": "H8"})
    play(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    settle(eng, gid, kinds=kinds)
    return eng, gid


def fresh_position(game) -> dict:
    """Who stands where worked out here from the troops, heroes and ships alone: the tests'
    reference for what board.py answers from the occupation kept across events (occupation.py).
    Places and armies sorted; dicts compare as mappings. Asked inside the game's map (run_on)."""
    from engine.games.dragonlords.map.world import world

    w = world()
    at: dict[str, set[int]] = {}
    for loc, by in game.troops.items():
        for key, n in by.items():
            if n:
                at.setdefault(loc, set()).add(int(key))
    by_place: dict[tuple[str, int], list[str]] = {}
    for h, x in game.heroes.items():
        at.setdefault(x.loc, set()).add(x.army)
        by_place.setdefault((x.loc, x.army), []).append(h)
    occ = {loc: sorted(armies) for loc, armies in at.items()}
    armies = range(len(game.armies))
    held = [sorted(t for t, who in occ.items() if who == [a] and t in w.kind) for a in armies]
    crews: dict[str, set[int]] = {}
    for sid, s in game.ships.items():
        if f"ship:{sid}" in occ:
            crews.setdefault(s.zone, set()).add(s.army)
    lands = []  # per army: its own territories, the enemies' places, the shared territories
    for a in armies:
        friends = {i for i in armies if game.armies[i].seat == game.armies[a].seat}
        lands.append(
            (
                [t for t in held[a]],
                {x for x, who in occ.items() if not friends & set(who)},
                sorted(x for x, who in occ.items() if a in who and len(who) > 1 and x in w.kind),
            )
        )
    return {
        "lands": lands,
        "occupancy": occ,
        "heroes": {k: sorted(v) for k, v in by_place.items()},
        "held": held,
        "kingdoms": [[t for t in mine if w.kind[t] == "kingdom"] for mine in held],
        "blockades": {z: sorted(v) for z, v in crews.items()},
    }
