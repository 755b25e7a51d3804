"""Mage Knight's `strong` bot beside the random bot (issue 30, item 2): seeded games of a
scenario played by one bot kind in every seat, and per kind the figures the issue asks for:
average fame at the end of each round (and at the end, with its spread: how far apart two
versions must be to differ by more than noise), level and units (and how many wounded) at the
end, the share of games in which a city was conquered, the share of games won (Solo Conquest:
its goal met; a competitive scenario: games with a winner), and the bot's CPU time per
decision (its thinking only, not the engine's playing of the command). On the way to a
conquest: the round the first city came to light, the city assaults begun and the defenders
defeated in them; and what the turns were spent on (`turn_use`: a fight won or lost,
recruiting or buying, exploring, resting, only moving, doing nothing), and how the city
assaults went (`assault_use`: knock-outs, blocks, wounds), read from
the games' events. Games that hit the command limit count as played to where they stopped.

`python -m bench.mk_strong --games 20 [--scenario full_conquest --players 2] [--bots random,strong]`;
`--versus strong,random` instead plays the two against each other in two-seat games with the
seats swapped every other game and prints the first one's share of the wins.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from analytics.intervals import wilson
from bots.players import BotPlay
from bots.random_bot import Stall
from engine.pipeline import Engine
from store import MemoryStore


@dataclass
class Tally:
    """One bot kind's figures over its games."""

    games: int = 0
    fame: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    levels: list[int] = field(default_factory=list)
    ends: list[float] = field(default_factory=list)  # per seat: fame at the end
    units: list[int] = field(default_factory=list)  # per seat: units commanded at the end
    wounded: list[int] = field(default_factory=list)  # per seat: of them, wounded
    cities: int = 0
    won: int = 0
    stalled: int = 0
    cpu: float = 0.0
    decisions: int = 0
    revealed: list[int] = field(default_factory=list)  # per game with a city: the round it came to light
    assaults: int = 0
    defenders: int = 0  # city defenders defeated
    turns: Counter = field(default_factory=Counter)  # turns by what they were spent on (turn_use)
    fights: Counter = field(default_factory=Counter)  # city assaults' outcomes (assault_use)

    def lines(self, kind: str) -> list[str]:
        n = max(self.games, 1)
        by_round = ", ".join(f"r{r} {sum(v) / len(v):.1f}" for r, v in sorted(self.fame.items()))
        city, win = wilson(self.cities, self.games), wilson(self.won, self.games)
        return [
            f"{kind}: {self.games} games ({self.stalled} stopped at the command limit)",
            f"  fame by round (average per seat): {by_round}",
            f"  fame at the end: {spread(self.ends)}",
            f"  level at the end: {sum(self.levels) / max(len(self.levels), 1):.2f}, units "
            f"{sum(self.units) / max(len(self.units), 1):.2f} "
            f"({sum(self.wounded) / max(len(self.wounded), 1):.2f} of them wounded)",
            f"  games with a city conquered: {self.cities}/{self.games} "
            f"({self.cities / n:.0%}, 95% {city.low:.2f}-{city.high:.2f})",
            f"  scenario won: {self.won}/{self.games} ({self.won / n:.0%}, 95% {win.low:.2f}-{win.high:.2f})",
            f"  a city revealed in {len(self.revealed)}/{self.games} games, in round "
            f"{sum(self.revealed) / max(len(self.revealed), 1):.1f} on average; city assaults "
            f"{self.assaults} ({self.assaults / n:.1f} a game), defenders defeated {self.defenders}",
            f"  turns spent on (share of {sum(self.turns.values())}): "
            + ", ".join(
                f"{k} {v / max(sum(self.turns.values()), 1):.0%}" for k, v in self.turns.most_common()
            ),
            f"  city assaults: knocked out in {self.fights['knocked out']}, some defender defeated in "
            f"{self.fights['won some']}, blocks {self.fights['blocks']}, wounds to the hero "
            f"{self.fights['wounds'] / max(self.fights['assaults'], 1):.1f} a fight",
            f"  CPU per decision: {self.cpu / max(self.decisions, 1) * 1000:.2f} ms "
            f"over {self.decisions} decisions",
        ]


def spread(values: list[float]) -> str:
    """The mean, the spread per seat and the 95% margin of the mean (seats counted apart, though
    two seats of a game are not independent: a lower bound of the margin). Why: one seat's fame
    at the end of Full Conquest varies by about 6.6 (seeds 0-9): the mean of 30 games has a
    margin of about 1.7, and two versions' means differ by up to about 2.4 from noise alone."""
    n = len(values)
    if n < 2:
        return f"{values[0]:.1f}" if values else "none"
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    return f"{mean:.2f} (sd {sd:.1f} per seat, 95% of the mean +-{1.96 * sd / n**0.5:.1f})"


class _Watched(BotPlay):
    """BotPlay noting its CPU per decision and each seat's fame when a round ends."""

    def __init__(self, bots: tuple[str, ...], tally: Tally) -> None:
        super().__init__(bots)
        self.tally = tally
        self.round = 0
        self.fame: dict[int, list[int]] = {}
        self.revealed = 0  # the round the first city came to light (0: none yet)
        self.assaulting = False

    def choose(self, engine, game_id: str, seat: int, legal: list, rng: random.Random):
        game = engine.table(game_id).game
        if game.round != self.round:  # the state at the first decision of a round: the last one's fame
            if self.round:
                self.fame[self.round] = [p.fame for p in game.players]
            self.round = game.round
        if game.cities and not self.revealed:
            self.revealed = game.round
        assaulting = game.combat is not None and game.combat.site == "city"
        self.tally.assaults += assaulting and not self.assaulting
        self.assaulting = assaulting
        c0 = time.process_time()
        chosen = super().choose(engine, game_id, seat, legal, rng)
        self.tally.cpu += time.process_time() - c0
        self.tally.decisions += 1
        return chosen


def play(kind: str, scenario: str, players: int, seed: str, tally: Tally) -> None:
    eng = Engine(MemoryStore())
    gid = f"mk-strong-{seed}"
    eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id=gid)
    bots = _Watched((kind,) * players, tally)
    with eng.batch():  # (a stop inside the batch, so the played events stay)
        try:
            bots(eng, gid, seed)
        except Stall:
            tally.stalled += 1
    table = eng.table(gid)
    game = table.game
    bots.fame[max(game.round, 1)] = [p.fame for p in game.players]
    events = eng.store.read(gid)
    tally.turns += turn_use(events)
    tally.fights += assault_use(events, {s for c in table.game.cities for s in c.spaces})
    eng.store.close()
    tally.games += 1
    for rnd, fames in bots.fame.items():
        tally.fame[rnd] += [float(f) for f in fames]
    tally.levels += [p.level for p in game.players]
    tally.ends += [float(p.fame) for p in game.players]
    tally.units += [len(p.units) for p in game.players]
    tally.wounded += [sum(u.wounded for u in p.units) for p in game.players]
    tally.cities += any(c.status == "conquered" for c in game.cities)
    tally.defenders += sum(len(c.defeated) for c in game.cities)
    if bots.revealed or game.cities:
        tally.revealed.append(bots.revealed or game.round)
    tally.won += bool(table.over and table.winners)


BUYS = frozenset(("recruit", "buy_heal", "buy_aa", "buy_spell", "city_buy"))


def turn_use(events) -> Counter:
    """What each turn of a game was spent on, by its commands and combats: a fight won (some
    enemy defeated) or lost, recruiting or buying, exploring, resting, announcing the round's
    end, only moving, or nothing (cards played sideways, the turn ended)."""
    used: Counter = Counter()
    seen: set[str] | None = None
    for e in events:
        if e.type == "mk.turn":
            if seen is not None:
                used[_spent(seen)] += 1
            seen = set()
        elif seen is not None and e.type.startswith("cmd."):
            seen.add(e.type[4:])
        elif seen is not None and e.type == "mk.combat_over":
            seen.add("won" if e.data["outcome"]["defeated"] else "lost")
    if seen is not None:
        used[_spent(seen)] += 1
    return used


def assault_use(events, city_spaces: set[str]) -> Counter:
    """How the city assaults of a game went, from its events: how many (`assaults`), in how
    many the hero was knocked out or defeated some defender, the blocks declared and the
    wounds the hero took in them."""
    used: Counter = Counter()
    inside = False
    for e in events:
        if e.type == "mk.combat_started":
            inside = e.data.get("kind") == "assault" and e.data.get("space") in city_spaces
            used["assaults"] += inside
        elif inside and e.type == "cmd.block":
            used["blocks"] += 1
        elif inside and e.type == "mk.combat_over":
            out = e.data["outcome"]
            used["knocked out"] += bool(out.get("knocked_out"))
            used["won some"] += bool(out.get("defeated"))
            used["wounds"] += out.get("wounds_to_hand", 0) + out.get("wounds_to_discard", 0)
            inside = False
    return used


def _spent(kinds: set[str]) -> str:
    for label, test in (
        ("fight won", "won" in kinds),
        ("fight lost", "lost" in kinds),
        ("recruit or buy", bool(kinds & BUYS)),
        ("explore", "explore" in kinds),
        ("rest", "rest" in kinds),
        ("announce", "announce" in kinds),
        ("move", "move" in kinds),
    ):
        if test:
            return label
    return "nothing"


def versus(kinds: tuple[str, str], scenario: str, games: int, first: int) -> str:
    """kinds[0]'s share of the wins against kinds[1] (a shared win counts 1/k)."""
    won, fame = 0.0, {k: 0.0 for k in kinds}
    for i in range(first, first + games):
        bots = kinds if i % 2 == 0 else (kinds[1], kinds[0])
        eng = Engine(MemoryStore())
        gid = f"mk-versus-{i}"
        seed = f"{scenario}-versus-{i}"
        eng.create("mage-knight", 2, seed, {"scenario": scenario}, game_id=gid)
        with eng.batch(), contextlib.suppress(Stall):
            BotPlay(bots)(eng, gid, seed)
        table = eng.table(gid)
        winners = list(table.winners) if table.over else []
        won += sum(1 / len(winners) for s in winners if bots[s] == kinds[0])
        for s, p in enumerate(table.game.players):
            fame[bots[s]] += p.fame / games
        eng.store.close()
        print(f"versus game {i}: done", file=sys.stderr, flush=True)
    r = wilson(won, games)
    return (
        f"{scenario}, 2 players: {kinds[0]} against {kinds[1]}, {games} games, seats swapped: "
        f"{kinds[0]} won {r.rate:.2f} (95% {r.low:.2f}-{r.high:.2f}); average fame at the end "
        + ", ".join(f"{k} {v:.1f}" for k, v in fame.items())
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.mk_strong", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--scenario", default="full_conquest")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random,strong", help="bot kinds to compare, each in every seat")
    ap.add_argument("--first", type=int, default=0, help="first seed number")
    ap.add_argument("--versus", default="", help="two bot kinds to play against each other")
    args = ap.parse_args(argv)
    if args.versus:
        a, b = args.versus.split(",")
        print(versus((a, b), args.scenario, args.games, args.first))
        return 0
    for kind in args.bots.split(","):
        tally = Tally()
        for i in range(args.first, args.first + args.games):
            cities, assaults, defenders = tally.cities, tally.assaults, tally.defenders
            play(kind, args.scenario, args.players, f"{args.scenario}-{args.players}-{i}", tally)
            took = " (a city conquered)" if tally.cities > cities else ""
            print(
                f"{kind} game {i}: done{took}, assaults {tally.assaults - assaults}, "
                f"defenders defeated {tally.defenders - defenders}",
                file=sys.stderr,
                flush=True,
            )
        print(f"{args.scenario}, {args.players} players, seeds {args.first}..{args.first + args.games - 1}")
        print("\n".join(tally.lines(kind)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
