"""The `strong` bot of every ruleset (issue 30): the strongest bot that thinks for at most 20 ms
CPU per decision on average, so studies of thousands of games stay affordable.

Why per ruleset: what fits 20 ms differs by game (an MCTS iteration costs far more in a long
card game than in a duel), and where no search fits, a game of its own plans instead. The
choice and the measurement behind it are in STRONG; `bench/strong_pick.py` measures it again.
Mage Knight's is the turn planner (bots/planner.py), which any ruleset with the optional hook
`plan_worth` (what the end of a turn is worth) can have: bots/players.py knows no game.

Measured with `python -m bench.strong_pick` (2 seats, seeded, seats swapped; the fitting MCTS
against greedy; CPU per decision on the shared 2-core machine; epochs, Rune Age and Thunderstone
2026-11-29 with 40 games, MCTS as `simulate` plays it, no playout after the searched turn and the
flat early stop; the others 2026-11-28, timed with 12 playout commands, which cost more):

| ruleset      | strong       | ms/decision | why                                                     |
|--------------|--------------|-------------|---------------------------------------------------------|
| duel         | MCTS 256     | 11.5        | 2026-11-29, the turn search: won 0.54 (0.49-0.59) of 400 |
|              |              |             | against greedy (0.4 ms); the ladder's 2,000: 0.525,      |
|              |              |             | seeds 95 to 44 (0.60-0.75); before it MCTS 32 (11.6 ms)  |
|              |              |             | won only 0.25 (0.10-0.49) of 16                          |
| epochs       | MCTS 32      | 5.7         | won 0.82 (0.68-0.91) of 40 against greedy (1.7 ms)      |
| rune-age     | MCTS 32      | 11.3        | won 0.60 (0.45-0.74) of 40 against greedy (2.4 ms); the |
|              |              |             | ladder's 200: 0.545, not significant. 2026-11-29, the   |
|              | (turn search)| 9-10        | turn search: the ladder's 400: 0.58, seeds 62 to 31     |
|              |              |             | (0.57-0.75); strong_pick at 64 (16.4 ms): 0.43          |
|              |              |             | (0.32-0.56) of 60 unpaired games                        |
|              | (solo)       | 12.4        | 2026-11-29: a solo search stops at its turn's end (40.3 |
|              |              |             | ms before, over the budget); 10 solo games, all won     |
| thunderstone | MCTS 32      | 3.8         | won 0.78 (0.62-0.88) of 40 against greedy (1.5 ms)      |
|              | (solo)       | 3.7         | 2026-11-29: a solo search stops at its turn's end (36.2 |
|              |              |             | ms before, over the budget); final value 2.0 -> 7.9     |
| dragonlords  | greedy       | 9.1         | 2026-11-29, with the Kings-first value and the rivals'   |
|              |              |             | chips re-dealt: MCTS 32 (20.4 ms) 0.50, seeds 5 to 6 of  |
|              |              |             | 40 ladder games against greedy; the turn search at 8     |
|              |              |             | 0.375 (4 to 9); greedy over random 0.81 (13 to 1). Was   |
|              |              |             | MCTS 8 (0.70 of 10, measured while the bots searched     |
|              |              |             | the rivals' true chips). Later that day, the guard       |
|              |              | 10.9 ladder | averaged over the possible Kings: greedy over random     |
|              |              | (loaded)    | 0.890 of the ladder's 200 games, seeds 78 to 0           |
| mage-knight  | turn planner | 16.5        | FC 2p, 30 games: fame 11.4 at round 6 (random 6.7); won  |
|              |              | (solo 17.7) | 0.95 (0.76-0.99) of 20 against random; no city taken yet |
|              | + city lines | 17.1        | 2026-11-29, FC 2p, 20 games, bench/mk_strong.py: first   |
|              |              | (16.8 w/o)  | city seen in round 3.5 (4.4 w/o), fame 10.1 (11.0), one  |
|              |              |             | assault, no defender defeated, no city taken             |
|              | + place and  | 15.6 (main  | 2026-11-29, FC 2p, 94 games (seeds 0-93): a city taken   |
|              | late assault | 15.3 beside | in 3 (0.03, 95% 0.01-0.09), 44 assaults, 21 defenders    |
|              |              | it; solo    | defeated; main on seeds 0-29: none taken, 1 assault,     |
|              |              | 16.4, 14.5) | fame 11.2 at round 6 (this: 3 of 30, 18, 12.1)           |
|              | (kept: tried | 13.3-14.1   | 2026-11-29, seeds 0-59: a city taken in 3 of 60, 36      |
|              | and dropped  | (32 plans:  | assaults, 19 defenders, fame 12.0, level 3.1; turns:     |
|              | below)       | 17.5-17.8)  | rest 31%, nothing 14%, fight won 13%. Not better on     |
|              |              |             | seeds 0-29 (cities, assaults, defenders, fame): a walk   |
|              |              |             | line to the goal (1, 14, 5, 11.5); with wounds at full   |
|              |              |             | weight (0, 5, 2, 11.3); with them full but in the last   |
|              |              |             | round and a recruit pull only where the hand pays (0,    |
|              |              |             | 16, 5, 11.0); 12 assault candidates (0, 8, 6, 11.6); 32  |
|              |              |             | plans over 0-59 (0 of 60, 21, 8, 12.3). No sampled       |
|              |              |             | assault of 58 beside a city in round 5-6 (seeds 1, 4, 6, |
|              |              |             | 7) defeated a defender: three deal 12-15 damage before   |
|              |              |             | the hero's attack, knocking out a level-3 hero with one  |
|              |              |             | unit (5 wounds: its hand is discarded); 44 assaults      |
|              |              |             | played fully at random from one of them: none either     |
|              | (kept again: | 14.8-19.1   | 2026-11-29 (2), main again, seeds 0-29 / 30-59: cities   |
|              | planner-only | under load  | 3 / 0, assaults 18 / 18 (a hero knocked out in 9 of the  |
|              | habits tried |             | 18 of 30-59, a defender defeated in 8), defenders 12 / 7,|
|              | and dropped) |             | fame 12.2 / 11.8, level 3.10 / 3.12. Habits of its own   |
|              |              |             | over the random bot's (block where the attacks left     |
|              |              |             | would knock the hero out, leave a recruit site the hand |
|              |              |             | pays nothing at, before the last rounds no step that    |
|              |              |             | provokes an enemy it would not beat): fame 13.1 / 11.0, |
|              |              |             | level 3.23 / 2.95, cities 0 / 0, assaults 12 / 8,       |
|              |              |             | defenders 5 / 4. Blocking in every fight: fights lost   |
|              |              |             | 8% of turns (4%), fame 11.1 on 0-29. Solo 8 games: 0 of |
|              |              |             | 8 either way (main fame 11.1, the habits 9.5-10.9)      |
|              | + growth     | 16.5 (main  | 2026-11-29 (3), seeds 0-29 / 30-59, main the same       |
|              | lines and    | 14.0-15.5   | morning: fame at round 4 9.6 / 9.5 (main 9.1 / 8.5), at |
|              | places       | earlier;    | round 6 13.1 / 12.2 (11.4 / 12.2), level 3.15 / 3.13    |
|              |              | solo beside | (3.08 / 3.15), units 1.37, rests 25% of turns (29-31%), |
|              |              | main: 14.5  | buying 10-13% (6-7%), assaults 19 / 16 (10 / 17),       |
|              |              | vs 14.2)    | defenders 10 / 7 (7 / 8), cities 0 / 0 (1 / 0). Kept:   |
|              |              |             | recruit places only where the hand pays, places to buy  |
|              |              |             | healing, advanced actions, spells and adventure sites   |
|              |              |             | it wins pull the hero; lines buy there, enter them      |
|              |              |             | (judged by the mean: each draws its enemy) and play the |
|              |              |             | hand on instead of announcing. Dropped: a wound costing |
|              |              |             | 0.4 fame more per round left (fame 11.6 / 10.3, fewer   |
|              |              |             | fights, 13 assaults). Solo Conquest, seeds 0-15 beside  |
|              |              |             | main: fame at round 4 9.2 (8.0), at round 6 11.6        |
|              |              |             | (10.2), level 2.94 (2.88), the goal met 0 of 16 either  |
|              |              |             | way. FC seeds 60-89 beside main, same load: fame at     |
|              |              |             | round 4 9.2 (9.0), at round 6 12.4 (12.0), level 3.17   |
|              |              |             | (3.17), assaults 8 (2), defenders 1 (1), cities 0 (0),  |
|              |              |             | rests 26% (29%), 15.45 ms either. Not better on 0-29 /  |
|              |              |             | 30-59: the assault line judged by its mean (fame 12.9 / |
|              |              |             | 12.0, assaults 19 / 15, defenders 9 / 7); 28 plans      |
|              |              |             | (13.3 / 11.6, assaults 7 / 9)                           |
|              | + siege      | 16.0 / 15.7 | 2026-11-29 (4), seeds 0-29 / 30-59 beside main the same |
|              | habits in    | (main 13.4  | hour: assaults 15 / 22 (19 / 16), defenders 10 / 8 (10 /|
|              | city fights  | / 16.7,     | 7), knocked out 5 / 13 (7 / 9), fame at round 6 13.2 /  |
|              |              | loaded)     | 12.5 (13.1 / 12.2), level 3.18 / 3.17 (3.15 / 3.13),    |
|              |              |             | units 1.30 / 1.38 (1.37), cities 0 / 0. Blocks while    |
|              |              |             | the blows left would knock the hero out, units take the |
|              |              |             | heaviest, every candidate besieges once inside. Five of |
|              |              |             | 60 games ended two defenders into three. Dropped: a     |
|              |              |             | pull to the city whenever the deck would take one       |
|              |              |             | defender (assaults 17 / 19, defenders 10 / 7, fame 12.9 |
|              |              |             | / 12.4); with the line judged by its mean (17 / 13,     |
|              |              |             | 7 / 4, 12.5 / 12.1)                                     |
|              | + sieges in  | 15.7 / 15.3 | 2026-11-29 (4), the same seeds: assaults 16 / 21,       |
|              | the last 3   |             | defenders 11 / 12, knocked out 5 / 10, fame at round 6  |
|              | rounds       |             | 12.7 / 12.8, level 3.13 / 3.18, units 1.35 / 1.27,      |
|              |              |             | cities 0 / 0; 9 of 60 games ended two defenders into a  |
|              |              |             | city's three (5 with the last 2 rounds). The last 4     |
|              |              |             | rounds: a city taken in 1 of 30-59 (12 defenders, fame  |
|              |              |             | 12.9) but 0-29 worse (6 defenders, fame 11.8): dropped. |
|              |              |             | Solo Conquest, seeds 0-7, beside main: fame 10.8        |
|              |              |             | (10.6), level 2.88 (2.75), units 1.38 (1.25); a city    |
|              |              |             | shown in 4 of 8 (round 5.8), never assaulted; goal 0 of |
|              |              |             | 8 either way; 13.5 ms (13.3)                            |
|              | (kept: main; | 11.9-12.2   | 2026-11-29 (5), main traced over seeds 0-9              |
|              | the turn     | (variants   | (campaign.py): the idle turns gather in rounds 5-6,     |
|              | economy:     | 11.0-13.5)  | most beside a city the hero cannot take (need 20-47,    |
|              | tried and    |             | power 1-10); power stops at 8 from round 3, 46-78% of   |
|              | dropped)     |             | the units wounded in rounds 4-6 (bought healing never   |
|              |              |             | heals a unit). Seat fame at the end: sd 6.6, a 30-game  |
|              |              |             | mean +-1.7. Fame at round 6 on seeds 0-29 / 30-59 /     |
|              |              |             | 60-89, main 12.7 / 12.8 / 11.6 beside: all within       |
|              |              |             | noise, none kept: place counted to 48 move points (13.2 |
|              |              |             | / 13.1 / 11.3); with it, a heal line (12.4), walks to   |
|              |              |             | grow beside a city (12.6), the hero taking the blows    |
|              |              |             | (13.1 / 11.7), recruits disbanding a wounded unit (13.2 |
|              |              |             | / 12.2), playing on with 2 wounds (12.2 / 11.1); LATE 1 |
|              |              |             | (12.4). A city taken only in seed 23 (the 48 cap and 3  |
|              |              |             | of its variants) and seed 6 (LATE 1); main none of 90   |
|              | + combat     | 12.5 / 12.7 | 2026-11-29 (6), seeds 0-29 / 30-59 / 60-89 beside main  |
|              | solver in    | / 12.1      | the same hour (12.7 / 11.3 / 11.4 ms): Full Conquest    |
|              | the plans    | (main 12.7  | fame not better: at round 4 9.9 / 8.8 / 9.4 (9.7 / 8.6  |
|              | (kept: fewer | / 11.3 /    | / 9.1), at round 6 14.0 / 11.8 / 12.6 (13.3 / 12.4 /    |
|              | wounds, solo | 11.4); solo | 11.9), level 3.37 / 3.02 / 3.20 (3.23 / 3.13 / 3.13),   |
|              | better)      | 11.2 (10.8) | cities 1 / 0 / 0 (1 / 0 / 0), assaults 21 / 17 / 11 (20 |
|              |              |             | / 22 / 15), defenders 16 / 6 / 4 (12 / 10 / 2); wounds  |
|              |              |             | a fight 1.37 / 1.26 / 1.40 (1.72 / 2.12 / 1.92), rests  |
|              |              |             | 24 / 20 / 22% (25 / 25 / 28%), fights lost 6% (4-5%).   |
|              |              |             | Kept for its fights and solo: Solo Conquest fame 15.8   |
|              |              |             | (11.1) on seeds 0-7 and 13.8 (11.4) on 8-23, 14.5       |
|              |              |             | (11.3) over the 24, level 3.75 (2.88) on 0-7.           |
|              |              |             | bots/combat_plan.py through the ruleset hook            |
|              |              |             | plan_options; WOUND -2 with it: 10.9 on 0-29            |

Every choice is deterministic given the seat's random stream (iteration counts, never time).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Strong:
    """One ruleset's strong bot: `kind` greedy, mcts (with `iterations`) or plan (the turn planner),
    and what was measured when it was chosen."""

    kind: str
    iterations: int = 0
    measured: str = ""


STRONG: dict[str, Strong] = {
    "duel": Strong(
        "mcts", 256, "11.5 ms; won 0.54 (0.49-0.59) of 400 against greedy (ladder: seeds 95 to 44)"
    ),
    "epochs": Strong("mcts", 32, "5.7 ms; won 0.82 (0.68-0.91) of 40 against greedy"),
    "rune-age": Strong(
        "mcts", 32, "9-10 ms (turn search); the ladder's 400 games against greedy: seeds 62 to 31"
    ),
    "thunderstone": Strong("mcts", 32, "3.8 ms; won 0.78 (0.62-0.88) of 40 against greedy"),
    "dragonlords": Strong(
        "greedy",
        0,
        "9.1 ms; over random 0.890 of 200 ladder games (seeds 78 to 0); "
        "MCTS 32 (20.4 ms) won 0.50 (seeds 5 to 6) of 40 against it",
    ),
    "mage-knight": Strong(
        "plan",
        0,
        "12-13 ms; with the combat solver, Full Conquest fame 12.8 at round 6 over seeds 0-89 "
        "(12.5 without; random 6.7), 1 city in 90 games, 1.34 wounds a fight (1.92 without); "
        "Solo Conquest fame 14.5 over seeds 0-23 (11.3 without); the ladder (before the solver): "
        "over MCTS 0.598 of 198 games",
    ),
}


def planned(ruleset: str) -> bool:
    """A ruleset whose strong bot is the turn planner (bots/planner.py): one that says what the
    end of a turn is worth (the optional ruleset hook `plan_worth`)."""
    from engine import registry  # late: the table of choices above needs no game loaded

    return getattr(registry.get(ruleset), "plan_worth", None) is not None


def strong(ruleset: str) -> Strong:
    pick = STRONG.get(ruleset)
    if pick is None:  # a ruleset not measured yet: the planner where it can be had, else greedy
        return Strong("plan") if planned(ruleset) else Strong("greedy")
    return pick
