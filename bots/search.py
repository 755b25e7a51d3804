"""Greedy and MCTS bots that search through an in-memory fork (runeledger.Game) of the game.

Hidden information: a bot never searches the true state. Each search starts from a
*determinization* made from what its seat may see: every zone the seat cannot see is refilled
at random from the cards that could be there (the ruleset's `hidden_pools` say which unseen
zones hold cards an outsider cannot tell apart, such as a rival's hand and deck; each pool is
sorted, shuffled and dealt back in the same sizes, each card only into a slot of its own kind
where the pool says what kind a card's back shows; another unseen zone is shuffled in place;
facts a game keeps outside zones about those cards, such as which tokens defend a city, follow
through its `redealt` hook), and chance from then on follows a seed of the bot's own, not the
game's.
Sorting the pool first makes the determinization a function of the seat's view and the bot's
random stream only, which a test checks.

Both search the seat's choice tree (engine.choices), question by question, instead of the flat
list of complete commands: a decision is a path of answers, so a kind with a hundred variants
(every set of cards to discard) is one option among the kinds, not a hundred, and a set chosen
by a pick is never enumerated.

- Greedy answers each question of its decision in turn: every option is scored by the win
  chance (bots.heuristics.win_chance) after a leaf sampled below it (bots.tree_walk, the random
  bot's walk) is played on each of `samples` determinizations and the seat's turn is finished
  by the random walk (`follow` commands at most); the best option is taken (ties at random)
  and the next question is the one below it. Why finish the turn: in games that score only
  when an action ends (an epochs combat after its deployment, a Rune Age turn's purchases)
  the state one command ahead is worth the same after every option, and a greedy bot judged
  there played like the random bot.
- MCTS is information-set MCTS in its simple form: one search tree shared by all iterations,
  each iteration on a copy of one of `WORLDS` determinizations (dealt when first played,
  kept encoded: engine.fork.Frozen), with chance reseeded per iteration; each search node one question of a seat (the
  options of a question are its children, keyed by the option itself, so a lazy step's path
  or a leaf's command); UCB1 selection counts a child only over the iterations in which it was
  available (c 0.2: win chances of positions a few commands apart differ by hundredths); a
  pick's node has one child per set it was played with (drawn uniformly). The decision in
  which a first new option is taken ends selection (the questions below it get their nodes,
  their options drawn uniformly); the turn of the seat that took it is finished by the random
  walk as greedy's is, `playout` more commands follow (none by default: random play to the
  end only adds noise), and every seat's win chance scores it (a lone seat's: its gain over
  its value where the search began, `chances`). The search stops early when its
  first real choice can no longer change (the leader ahead by more than the iterations left),
  or when it is flat: `FLAT` iterations played (each world once), every option of that
  choice tried, and every iteration valued the seat's position alike (most decisions of a card game: buying one card
  or another changes no score yet); the visits the skipped iterations would have given are
  counted, not played. The answer is the most visited path of the seat's own questions in the
  real game, passing over a command that would leave the game as it was (`_busy_answer`).
- A turn search, where the ruleset asks for it (`search_own_turn`: duel, Rune Age, Mage
  Knight), is MCTS over the deciding seat's own turn on common random numbers: selection ends
  where another seat is to act; the options the iteration takes at the seat's questions
  already asked are chosen first (`_plan`), and the k-th visit of a command plays world k mod
  `WORLDS` with the k-th future of chance and of the walks' choices, so two cards are compared
  on the same dice, as greedy compares them. It stops early only when every question of its
  decision is settled, and a flat stop needs `FUTURES` futures besides. Why: duel's MCTS,
  searching the rival's replies below each card with fresh dice every iteration, played its
  highest card in 85% of its decisions at 256 iterations and barely beat greedy (0.507); the
  turn search plays it in 99% (the rest indifferent) and wins 0.525, significantly.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from itertools import islice
from typing import Any

import msgspec

from bots import tree_walk
from bots.heuristics import lone_chance, win_chance, win_chances
from engine import registry
from engine.choices import Node
from engine.fork import Frozen
from engine.table import Table
from projections.state import encode

_canon = msgspec.json.Encoder(order="sorted")
WORLDS = 8  # MCTS: determinizations per decision (dealt when first played); iterations play copies
# Iterations a flat search plays at least (each world once). Fewer (four worlds, a stop after
# four) saved a tenth to a third of Thunderstone's CPU, but Rune Age's MCTS (rarely flat) won
# 0.53-0.55 of its ladder games against greedy with them (0.56 with these, 0.57 before the stop).
FLAT = 8
# A turn search (`search_own_turn`): the futures of chance a flat stop needs besides. Each
# option's k-th visit plays the k-th future, so the first iterations share one or two, and
# alike values there say little: duel's MCTS passed on three misses in a row with three.
FUTURES = 8
FOLLOW = 30  # greedy: own commands played on after an option before it is judged


def _sees(zone, seat: int) -> bool:
    return zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)


def _pool_of(
    rules: list[tuple[re.Pattern[str], bool, re.Pattern[str] | None]], name: str, owner: int | None
) -> tuple:
    """The pool an unseen zone belongs to: the first `hidden_pools` entry naming it (with its
    owner, if the entry is per owner), else the zone alone."""
    for i, (pattern, per_owner, _kind) in enumerate(rules):
        if pattern.fullmatch(name):
            return (i, owner if per_owner else None)
    return (-1, name)


def _kind_of(kind: re.Pattern[str] | None, card: str) -> str:
    """A card's kind within its pool (what its back shows: a token's colour), "" where the
    pool's cards all look alike."""
    if kind is None:
        return ""
    m = kind.match(card)
    return m.group(0) if m else card


def _rules(ruleset) -> list[tuple[re.Pattern[str], bool, re.Pattern[str] | None]]:
    out = []
    for entry in getattr(ruleset, "hidden_pools", ()):
        pattern, per_owner, *kind = entry
        out.append((re.compile(pattern), per_owner, re.compile(kind[0]) if kind else None))
    return out


def _dealer(kind: re.Pattern[str] | None, zones: list, rng: random.Random) -> Callable[[Any], list[str]]:
    """The dealer of one pool: each kind's cards sorted and shuffled (kinds in order), and for a
    zone the next cards of its slots' kinds. Where the cards all look alike, a slice of the one
    shuffled pool: the same deal without a look at each card."""
    if kind is None:
        cards = sorted(c for z in zones for c in z.cards)
        rng.shuffle(cards)
        alike = iter(cards)
        return lambda z: list(islice(alike, len(z.cards)))
    by_kind: dict[str, list[str]] = {}
    for z in zones:
        for c in z.cards:
            by_kind.setdefault(_kind_of(kind, c), []).append(c)
    shuffled = {}
    for k in sorted(by_kind):
        cards = sorted(by_kind[k])
        rng.shuffle(cards)
        shuffled[k] = iter(cards)
    return lambda z: [next(shuffled[_kind_of(kind, c)]) for c in z.cards]


def determinize(game, seat: int, rng: random.Random):
    """A clone of `game` consistent with what `seat` sees: the cards of each pool of unseen
    zones (the ruleset's `hidden_pools`) sorted, shuffled and dealt back into the same slots,
    a card only into a slot of its own kind (a face-down red token stays red), the facts the
    game keeps outside zones about those cards told of the exchange (`redealt`), and secrets it
    keeps outside zones re-dealt by the game itself (`resample_hidden`)."""
    g = game.clone(record=False)
    table: Table = g.table
    rules = _rules(g.ruleset)
    pools: dict[tuple, list[str]] = {}
    for name in sorted(table.zones):
        z = table.zones[name]
        if not _sees(z, seat) and z.cards:
            pools.setdefault(_pool_of(rules, name, z.owner), []).append(name)
    redealt = getattr(g.ruleset, "redealt", None)
    renamed: dict[str, str] = {}
    for key in sorted(pools, key=repr):
        zones = [table.zones[n] for n in pools[key]]
        deal = _dealer(rules[key[0]][2] if key[0] >= 0 else None, zones, rng)
        for z in zones:
            new = deal(z)
            if redealt is not None:
                renamed.update((old, c) for old, c in zip(z.cards, new, strict=True) if old != c)
            z.cards[:] = new
    if renamed and redealt is not None:
        redealt(table, renamed)
    resample = getattr(g.ruleset, "resample_hidden", None)
    if resample is not None:  # secrets the game keeps outside zones (DragonLords' chips)
        resample(table, seat, rng)
    g.reseed(f"bot:{rng.getrandbits(64)}")
    return g


def choices(game, seat: int) -> list[dict[str, Any]]:
    """The flat list of commands the legacy random bot picks among (its `bot_choices`
    narrowing), for callers that play from a list; the search bots walk the tree."""
    legal = game.legal(seat)
    narrow = getattr(game.ruleset, "bot_choices", None)
    return (narrow(game.table, seat, legal) or legal) if narrow else legal


def as_listed(rs, table, seat: int, cmd: dict[str, Any], leaf: bool) -> dict[str, Any]:
    """A walked command as the ruleset lists it: a pick's set in the listed order
    (Ruleset.same_command), so a fork can play it unchecked."""
    return cmd if leaf else rs.same_command(table, seat, cmd)


def _ends(events, end: str | None) -> bool:
    """The applied command's events hold `end`, the event that ends a turn (`_turn_end`)."""
    return end is not None and any(e["type"] == end for e in events)


def _turn_end(g) -> str | None:
    """The event at which a lone seat's search stops (the ruleset's `search_turn_ends`): with
    rivals, another seat to act ends a turn; a solo seat acts on into its next turns, and its
    searches walked on for `follow` commands (Mage Knight's about 50 ms a decision, Thunderstone's
    MCTS 32 against 15 with a rival)."""
    return getattr(g.ruleset, "search_turn_ends", None) if g.table.players == 1 else None


def _play_on(g, rng: random.Random, steps: int, seat: int | None = None, end: str | None = None) -> None:
    """Up to `steps` commands of the random walk on `g`: only while `seat` is to act, if given,
    and until an `end` event."""
    for _ in range(steps):
        if g.is_over():
            return
        actor = g.to_act()
        if actor is None or (seat is not None and actor != seat):
            return
        chosen = tree_walk.random_command(g.ruleset, g.table, actor, rng)
        if chosen is None:
            return
        if _ends(g.apply_unchecked(actor, as_listed(g.ruleset, g.table, actor, chosen[0], chosen[1])), end):
            return


def reference(game, seat: int) -> float | None:
    """What a lone seat's positions are judged against: its own value where the search begins
    (a game of one seat; None where there are rivals to lead, or the game gives no value)."""
    t = game.table
    if t.players > 1:
        return None
    return registry.get(t.ruleset).position_value(t, seat)


def chances(table: Table, ref: float | None = None) -> list[float]:
    """Every seat's win chance (bots.heuristics.win_chances), or with `ref` (a game of one
    seat) its gain over the value where the search began (bots.heuristics.lone_chance)."""
    return win_chances(table) if ref is None else [lone_chance(table, ref)]


def _score(
    world, seat: int, cmd: dict[str, Any], rng: random.Random, follow: int, ref: float | None = None
) -> float:
    """The seat's win chance after `cmd` and then up to `follow` more of its own commands
    (the random walk's) while it keeps the turn: a step inside a longer action (a combat's
    deployment, one of a turn's purchases) is judged by where the action leads, not by the
    half-done state in which nothing has scored yet."""
    g = world.clone(record=False)
    end = _turn_end(g)  # a lone seat keeps acting: its turn ends at its own end event
    try:
        if not _ends(g.apply_unchecked(seat, cmd), end):
            _play_on(g, rng, follow, seat, end)
    except Exception:
        return 0.0  # a line the determinization cannot play counts as bad
    return win_chance(g.table, seat) if ref is None else chances(g.table, ref)[seat]


def _narrowed(rs, table, seat: int, path: list[Any], options: list[Node]) -> list[Node]:
    """The options a search bot weighs at one of its questions: the random bot's
    (tree_walk.narrowed), but the first question of a decision whole where the ruleset asks for
    it (`search_widens`: Mage Knight's habits leave one option at its big choices, to assault,
    fight or step on their route, and a search that may only follow them plays as they do).
    Walks below an option, turn ends and playouts keep the habits."""
    whole = not path and getattr(rs, "search_widens", False)
    return tree_walk.narrowed(rs, table, seat, path, options, None if whole else tree_walk.OWN)


def _next(ask: tree_walk.Ask, node: Node, path: list[Any]) -> tuple[list[Any], list[Node]]:
    """The question below a further step: (its path, its options)."""
    if node.expand is not None:
        below = list(node.expand)
        return below, ask(below).options
    return path, node.options or []


def greedy(
    game,
    seat: int,
    legal: list[dict[str, Any]] | None,
    rng: random.Random,
    samples: int = 2,
    follow: int = FOLLOW,
) -> dict[str, Any]:
    """The seat's answer question by question: at each, the option after whose sampled leaves
    the seat's win chance is highest (one leaf per determinization, `samples` of them); ties
    broken at random. `legal`, the seat's listed commands when the caller has them, spares
    listing them again on the default tree."""
    if legal is not None and len(legal) == 1:
        return legal[0]
    rs, table = game.ruleset, game.table
    ask = tree_walk.asker(rs, table, seat, legal)
    worlds = [determinize(game, seat, rng) for _ in range(samples)]
    ref = reference(game, seat)
    path: list[Any] = []
    opts = ask(path).options
    while True:
        opts = _narrowed(rs, table, seat, path, opts)
        tried: list[tuple[float, dict[str, Any]]] = []
        if len(opts) == 1:
            node = opts[0]
        else:
            scored = []
            for o in opts:
                sampled = []
                for w in worlds:
                    cmd, leaf = tree_walk.below(rs, table, seat, rng, ask, o, path)
                    cmd = as_listed(rs, table, seat, cmd, leaf)
                    sampled.append((_score(w, seat, cmd, rng, follow, ref), cmd))
                scored.append((sum(v for v, _ in sampled), o, sampled))
            top = max(v for v, _, _ in scored)
            best = [x for x in scored if x[0] >= top - 1e-9]
            _, node, tried = best[rng.randrange(len(best))]
        if node.command is not None:
            return node.command
        if node.pick is not None:  # the best set sampled for it, or one drawn now
            if tried:
                return max(tried, key=lambda x: x[0])[1]
            return as_listed(rs, table, seat, tree_walk.pick_values(node.pick, rng), False)
        path, opts = _next(ask, node, path)


class _Node:
    __slots__ = ("actor", "avail", "children", "cmd", "keys", "leaf", "n", "w", "width")

    def __init__(self, actor: int | None = None, cmd: dict[str, Any] | None = None):
        self.children: dict[bytes, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.actor = actor
        self.cmd = cmd  # the set a pick's child was played with
        self.width = 0  # the most options its question had (0: not a question's node)
        self.keys: list[bytes] = []  # its question's options in order, as last asked
        self.leaf = False  # its option completes a command


def _decision_asker(game, seat: int) -> tree_walk.Ask:
    """The asker of a seat's questions in a fork, the default tree grouped from one listing."""
    rs, table = game.ruleset, game.table
    legal = rs.legal_commands(table, seat) if tree_walk.default_tree(rs) else None
    return tree_walk.asker(rs, table, seat, legal)


def _iterate(
    root: _Node,
    g,
    rng: random.Random,
    c: float,
    playout: int,
    follow: int,
    plan: dict[int, bytes] | None = None,
    turn: bool = False,
    ref: float | None = None,
) -> tuple[list[_Node], list[float] | None]:
    """One iteration on `g`, a copy of a determinization: selection question by question up
    to the decision with a new option, then a playout; (the search nodes visited, the seats'
    values). `plan`: the options some nodes take this time (by identity), chosen before the
    world (`_plan`); `turn`: selection ends where another seat is to act; `ref`: a lone
    seat's value where the search began (`chances`)."""
    visited: list[_Node] = []
    node = root
    try:
        expanded = ended = False
        end = _turn_end(g)
        while not expanded and not ended and not g.is_over():
            actor = g.to_act()
            if turn and visited and actor != visited[0].actor:
                break  # a turn search: the tree holds the deciding seat's own commands only
            rs, t = g.ruleset, g.table
            ask = _decision_asker(g, actor)
            path: list[Any] = []
            opts = ask(path).options
            while True:
                opts = _narrowed(rs, t, actor, path, opts)
                keys = node.keys = [_canon.encode(o) for o in opts]
                node.width = max(node.width, len(keys))
                untried = []
                for i, k in enumerate(keys):
                    child = node.children.get(k)
                    if child is None:
                        untried.append(i)
                    else:
                        child.avail += 1
                planned = plan.get(id(node)) if plan else None
                if planned is not None and planned in keys:
                    i = keys.index(planned)
                elif untried:
                    i = untried[rng.randrange(len(untried))]
                else:
                    i = max(range(len(keys)), key=lambda j: _ucb(node.children[keys[j]], c))
                if keys[i] not in node.children:  # a new option: the rest of this decision gets new nodes too
                    node.children[keys[i]] = _Node(actor)
                    node.children[keys[i]].avail = 1
                    expanded = True
                node = node.children[keys[i]]
                visited.append(node)
                o = opts[i]
                if o.command is not None:
                    node.leaf = True
                    ended = _ends(g.apply_unchecked(actor, o.command), end)
                    break
                if o.pick is not None:
                    cmd = as_listed(rs, t, actor, tree_walk.pick_values(o.pick, rng), False)
                    node = node.children.setdefault(_canon.encode(cmd), _Node(actor, cmd))
                    visited.append(node)
                    ended = _ends(g.apply_unchecked(actor, cmd), end)
                    break
                path, opts = _next(ask, o, path)
        if visited and not ended:  # the turn of the seat that took the new option ends as greedy's does
            _play_on(g, rng, follow, visited[-1].actor, end)
        _play_on(g, rng, playout)
        return visited, chances(g.table, ref)
    except Exception:
        return visited, None  # a determinization the rules cannot continue: no evidence


def mcts(
    game,
    seat: int,
    legal: list[dict[str, Any]] | None,
    rng: random.Random,
    iterations: int = 64,
    playout: int = 0,
    c: float = 0.2,
    follow: int = FOLLOW,
) -> dict[str, Any]:
    """The seat's answer along the most visited path of its questions after `iterations`
    iterations of information-set MCTS over the choice tree (module docstring). `legal`, the
    seat's listed commands when the caller has them, spares listing them again."""
    if legal is not None and len(legal) == 1:
        return legal[0]
    root = _Node()
    dealt = min(WORLDS, iterations)
    worlds: list[Frozen] = []
    turn = _turn_search(game.ruleset)
    ref = reference(game, seat)  # None in a game of rivals
    futures: list[int] = []  # a turn search: the k-th visit of any command, its chance and walks
    mine: set[float] = set()  # the seat's values seen so far
    for i in range(iterations):
        plan, k = _plan(root, rng, c) if turn else ({}, i)
        while turn and len(futures) <= k:
            futures.append(rng.getrandbits(64))
        # dealt when first played; in a turn search a command's k-th visit may come before
        # world k was dealt (visits counted on a node the plan passes through on other paths)
        if len(worlds) < dealt and (not turn or k % dealt >= len(worlds)):
            g = determinize(game, seat, rng)
            worlds.append(Frozen(g))  # kept as it was dealt; this iteration plays the deal itself
        else:
            g = worlds[k % dealt].thaw()
        if turn:  # the k-th future, alike for every command's k-th visit
            g.reseed(f"bot:{futures[k]}")
            visited, values = _iterate(
                root, g, random.Random(futures[k]), c, playout, follow, plan, True, ref=ref
            )
        else:  # its own future of chance every iteration
            g.reseed(f"bot:{rng.getrandbits(64)}")
            visited, values = _iterate(root, g, rng, c, playout, follow, ref=ref)
        _back(visited, values)
        if values is not None:
            mine.add(values[seat])
        flat = (
            i + 1 >= max(dealt, min(FLAT, iterations))
            and (not turn or len(futures) >= min(FUTURES, iterations))
            and len(mine) == 1
        )
        if _settled(root, iterations - i - 1, flat, whole=turn):
            if flat:
                _coast(root, iterations - i - 1, mine.pop(), c)
                return _busy_answer(root, game, seat, legal, rng)
            break
    extra = int(getattr(game.ruleset, "search_settles", 0))
    if extra and not turn:
        return _busy_answer(
            root, game, seat, legal, rng, _settle(root, game, seat, rng, c, playout, follow, extra, ref)
        )
    return _busy_answer(root, game, seat, legal, rng)


def _settle(
    root: _Node,
    game,
    seat: int,
    rng: random.Random,
    c: float,
    playout: int,
    follow: int,
    extra: int,
    ref: float | None = None,
) -> dict[int, bytes]:
    """Commit the decision question by question (`search_settles`, a ruleset's bot attribute:
    `extra` iterations per question): at each of the seat's questions with several options, on
    the path committed so far, `extra` more iterations forced down that path, then the option
    with the best mean among those visited at least twice. Why: a decision of three or four
    questions (DragonLords' attack: from where, which target, how many) left the lower ones to
    one or two visits each after the search spent itself on the first, where greedy tries every
    option of every question twice. The committed options, by node identity."""
    plan: dict[int, bytes] = {}
    node = root
    dealt: list[Frozen] = []
    while node.keys:
        if len(node.keys) > 1:
            for _ in range(extra):
                if len(dealt) < WORLDS:
                    g = determinize(game, seat, rng)
                    dealt.append(Frozen(g))
                else:
                    g = dealt[rng.randrange(WORLDS)].thaw()
                g.reseed(f"bot:{rng.getrandbits(64)}")
                visited, values = _iterate(root, g, rng, c, playout, follow, plan, ref=ref)
                _back(visited, values)
        kids = [(k, node.children[k]) for k in node.keys if k in node.children]
        if not kids:
            break
        key, child = max(kids, key=lambda kc: (kc[1].n >= 2, kc[1].w / kc[1].n if kc[1].n else -1.0, kc[1].n))
        plan[id(node)] = key
        if child.leaf or child.cmd is not None or child.actor != seat:
            break
        node = child
    return plan


def _back(visited: list[_Node], values: list[float] | None) -> None:
    """Count an iteration's visit on every node it passed and add the value of each node's
    actor (no value: a world the rules could not continue, a visit without evidence)."""
    for nd in visited:
        nd.n += 1
        if values is not None and nd.actor is not None:
            nd.w += values[nd.actor]


def _idle(game, seat: int, cmd: dict[str, Any]) -> bool:
    """`cmd` leaves the game as it was (but for the count of its events): the seat would decide
    again in the same state (Mage Knight's Herbalist readying itself)."""
    g = game.clone(record=False)
    try:
        g.apply_unchecked(seat, cmd)
    except Exception:
        return False
    g.table.version = game.table.version
    return encode(g.table) == encode(game.table)


def _busy_answer(
    root: _Node,
    game,
    seat: int,
    legal: list[dict[str, Any]] | None,
    rng: random.Random,
    committed: dict[int, bytes] | None = None,
) -> dict[str, Any]:
    """`_answer`, passing over a command that changes nothing while the search has another.
    Why: such a command's subtree holds the whole decision again, so a search values it as
    well as the best option, and a flat search's tie falls to the first option of a question
    whatever the futures: a turn search in Mage Knight chose the Herbalist's idle readying of
    itself 19,998 times in a row, until the game hit the command limit."""
    skip: set[int] = set()
    while True:
        cmd, node = _answer(root, game, seat, legal, rng, skip, committed)
        if node is None or not _idle(game, seat, cmd):
            return cmd
        skip.add(id(node))


def _turn_search(ruleset) -> bool:
    """The ruleset asks MCTS to search each decision within the seat's own turn, on common
    random numbers (`search_own_turn`, a bot hook: what rivals do next does not depend on it)."""
    return bool(getattr(ruleset, "search_own_turn", False))


def _first_choice(root: _Node) -> _Node | None:
    """The node of the seat's first question with more than one option; None where the
    searched questions lead to one command."""
    node = root
    while node.width == 1 and len(node.children) == 1:
        (node,) = node.children.values()
        if node.leaf:
            return None
    return node


def _select(node: _Node, keys: list[bytes], rng: random.Random, c: float, seen: int = 0) -> int:
    """The option a question's node takes, as `_iterate` selects (inline there: its hot loop
    counts availability in the same pass): a random untried one, else UCB1's best (`seen`:
    availabilities not yet counted in the children)."""
    untried = [i for i, k in enumerate(keys) if k not in node.children]
    if untried:
        return untried[rng.randrange(len(untried))]
    return max(range(len(keys)), key=lambda j: _ucb(node.children[keys[j]], c, seen))


def _plan(root: _Node, rng: random.Random, c: float) -> tuple[dict[int, bytes], int]:
    """The options this iteration takes at the seat's own questions already asked, chosen
    before the world it plays (by node identity), and k: the visits so far of the command (or
    partial path) they lead to. Common random numbers: the k-th visit of every command plays
    the k-th world with the k-th future of chance and walks, so the seat's options are compared
    on the same dice, as greedy compares them; a card that deals more on every roll is seen to."""
    plan: dict[int, bytes] = {}
    node, k = root, 0
    while node.keys:
        key = node.keys[_select(node, node.keys, rng, c, 1)]
        plan[id(node)] = key
        child = node.children.get(key)
        if child is None:
            return plan, 0
        node, k = child, child.n
        if child.leaf:
            break
    return plan, k


def _settled(root: _Node, left: int, flat: bool = False, whole: bool = False) -> bool:
    """The seat's first real choice (its first question with more than one option) can no
    longer change: every option tried and the most visited ahead of the next by more than the
    `left` iterations (Fuego's early stop; a count, not a clock, so the same for a seed).
    `flat`: `FLAT` iterations played and every one valued the seat's position alike. The
    options are then a tie that more iterations only visit in turn, unless one of them values a
    line differently; most do not (two in three of Thunderstone's decisions stayed flat through
    all 32), so a flat search stops once every option is tried. `whole` (a turn search): every
    further question of the decision on its most visited path settled too; duel's choice of a
    card is the question below play-or-pass, and a stop at the first left it to a dozen visits."""
    node = _first_choice(root)
    if node is None:
        return True
    if node.width < 2 or len(node.children) < node.width:
        return False
    if flat:
        return True
    while node is not None:  # `whole`: each question of the decision on its most visited path
        if node.width >= 2:
            if len(node.children) < node.width:
                return False
            first, second = sorted((ch.n for ch in node.children.values()), reverse=True)[:2]
            if first - second <= left:
                return False
        if not whole:
            return True
        top = max(node.children.values(), key=lambda ch: ch.n, default=None)
        node = None if top is None or top.leaf or top.cmd is not None else top
    return True


def _coast(root: _Node, left: int, value: float, c: float) -> None:
    """Count at the first real choice the visits the `left` iterations a flat search skips
    would give its options, each valuing the position at `value` as every one so far did:
    UCB1 as `_iterate` selects, the first of equal bounds in the question's order. The answer
    is then the one the whole search gives unless a skipped iteration would have told the
    options apart. Why not simply the first option, or one at random: Thunderstone's MCTS won
    only about half of its ladder games against greedy with either (0.72 with the whole
    search), and the first option every time used one card's ability until the game stalled."""
    node = _first_choice(root)
    if node is None:
        return
    kids = [node.children[k] for k in node.keys if k in node.children]
    for _ in range(left):
        for nd in kids:
            nd.avail += 1
        best = max(kids, key=lambda nd: _ucb(nd, c))
        best.n += 1
        best.w += value


def _answer(
    root: _Node,
    game,
    seat: int,
    legal: list[dict[str, Any]] | None,
    rng: random.Random,
    skip: frozenset[int] | set[int] = frozenset(),
    committed: dict[int, bytes] | None = None,
) -> tuple[dict[str, Any], _Node | None]:
    """Down the real game's questions by the most visited option (the random walk below
    where the search never went): (the command, the search node it ends on, None where the
    random walk chose). Nodes in `skip` (by identity) are passed over; at a node in
    `committed` (`_settle`) its committed option is taken."""
    rs, table = game.ruleset, game.table
    ask = tree_walk.asker(rs, table, seat, legal)
    node: _Node = root
    path: list[Any] = []
    opts = ask(path).options
    while True:
        opts = _narrowed(rs, table, seat, path, opts)
        known = [
            (ch, o)
            for o in opts
            if (ch := node.children.get(_canon.encode(o))) is not None and id(ch) not in skip
        ]
        if not known:
            o = opts[rng.randrange(len(opts))]
            cmd, leaf = tree_walk.below(rs, table, seat, rng, ask, o, path)
            return as_listed(rs, table, seat, cmd, leaf), None
        chosen = committed.get(id(node)) if committed else None
        pick = node.children.get(chosen) if chosen is not None else None  # children are keyed alike
        node, o = max(known, key=lambda x: (x[0] is pick, x[0].n, x[0].w))
        if o.command is not None:
            return o.command, node
        if o.pick is not None:
            played = [x for x in node.children.values() if x.cmd is not None and id(x) not in skip]
            if played:
                best = max(played, key=lambda x: (x.n, x.w))
                return best.cmd or {}, best
            return as_listed(rs, table, seat, tree_walk.pick_values(o.pick, rng), False), None
        path, opts = _next(ask, o, path)


def _ucb(nd: _Node, c: float, seen: int = 0) -> float:
    if nd.n == 0:
        return math.inf
    return nd.w / nd.n + c * math.sqrt(math.log(max(nd.avail + seen, 1)) / nd.n)
