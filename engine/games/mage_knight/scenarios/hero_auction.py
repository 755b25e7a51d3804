"""The variant Hero Auction (MK:16:Var:Auction, E-12), `variants=hero_auction`: heroes are not
dealt at set-up; in a random selection order a player names a hero (`auction_name` {hero}); any
player without a hero may object by bidding fame (`auction_bid` {fame}; 0 passes); the chooser
may match or give up; later bids must exceed the highest, except that a player earlier in the
selection order need only match it. When nobody raises, the highest bidder (on equal bids the
earlier in the order) takes the hero and loses the bid in fame (negative fame: still level 1, and
crossing back to 0 gives no level). The others lose nothing; the next player without a hero
chooses (the same one if it got none). Round 1's tactics are then chosen in the reverse of the
selection order, whatever the fame.
"""

from __future__ import annotations

from engine.games.mage_knight.content.load import content

RULE = "MK:16:Var:Auction"
RAISES = 10  # bids offered: the lowest allowed and the next 9 (a bound on the command list)


def free_heroes(game) -> list[str]:
    taken = {p.hero for p in game.players if p.hero}
    return [h.id for h in content().heroes.heroes if h.id not in taken]


def without_hero(game) -> list[int]:
    return [s for s in game.auction["order"] if not game.players[s].hero]


def start(ctx, table) -> None:
    order = ctx.pick("hero_order", list(range(table.players)), table.players, rule=RULE)
    ctx.emit(
        "mk.auction",
        {"order": order, "chooser": order[0], "hero": "", "high": -1, "bid": 0, "waiting": []},
        rule=RULE,
    )


def _min_bid(game, seat: int) -> int:
    a = game.auction
    earlier = a["order"].index(seat) < a["order"].index(a["high"])
    return max(1, a["bid"] if earlier else a["bid"] + 1)


def prompt_seat(game) -> int:
    a = game.auction
    return a["waiting"][0] if a["hero"] else a["chooser"]


def commands(table, seat: int) -> list[dict]:
    game = table.game
    a = game.auction
    if not a["hero"]:
        return [{"kind": "auction_name", "hero": h} for h in free_heroes(game)]
    low = _min_bid(game, seat)
    return [{"kind": "auction_bid", "fame": 0}] + [
        {"kind": "auction_bid", "fame": n} for n in range(low, low + RAISES)
    ]


def name(ctx, table, seat: int, cmd: dict) -> None:
    """The chooser names a hero: every other player without a hero may object, in order."""
    game = table.game
    others = [s for s in _after(game, seat) if s != seat]
    state = dict(game.auction, hero=cmd["hero"], high=seat, bid=0, waiting=others)
    ctx.emit("mk.auction", state, rule=RULE)
    if not others:
        won(ctx, table)


def _after(game, seat: int) -> list[int]:
    """Players without a hero, in selection order starting after `seat`."""
    order = game.auction["order"]
    i = order.index(seat)
    return [s for s in order[i + 1 :] + order[: i + 1] if not game.players[s].hero]


def bid(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    a = dict(game.auction)
    waiting = [s for s in a["waiting"] if s != seat]
    if cmd["fame"]:
        a.update(high=seat, bid=cmd["fame"])
        waiting = [s for s in _after(game, seat) if s != seat]  # everyone else may answer
    a["waiting"] = waiting
    ctx.emit("mk.auction", a, rule=RULE)
    if not waiting:
        won(ctx, table)


def won(ctx, table) -> None:
    """The highest bidder takes the hero and pays the bid in fame; the next chooser follows."""
    game = table.game
    a = game.auction
    seat, fame = a["high"], a["bid"]
    ctx.emit("mk.hero", {"seat": seat, "hero": a["hero"], "bid": fame}, rule=RULE)
    if fame:
        total = game.players[seat].fame - fame
        ctx.emit("mk.fame", {"seat": seat, "delta": -fame, "total": total}, rule=RULE)
    left = without_hero(game)
    if not left:
        ctx.emit("mk.auction_done", {"order": a["order"]}, rule=RULE)
        return
    chooser = (
        a["chooser"] if a["chooser"] in left else next(s for s in _after(game, a["chooser"]) if s in left)
    )
    ctx.emit("mk.auction", dict(a, chooser=chooser, hero="", high=-1, bid=0, waiting=[]), rule=RULE)


def bot_choices(legal: list[dict]) -> list[dict]:
    """Random bots pass or bid the least (a bound on random bidding wars, never a rule)."""
    bids = [c for c in legal if c["kind"] == "auction_bid"]
    if not bids:
        return legal
    return [c for c in bids if c["fame"] == 0] + bids[1:2]
