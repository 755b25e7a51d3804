"""Rounds and turns (MK:4:Round, MK:6:Turn, MK:11:EoT): round preparation, tactic selection,
turn order, the start of a turn (forfeits, announcing the end of the round), the end of a turn
(Source dice rerolled, clean-up, space benefits, level-ups, drawing) and the end of the game."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cards.turn_effects import end_of_turn
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map.rules import withdraw
from engine.games.mage_knight.players.dummy_turn import maybe_pick, pick_order, play, removed_tactics
from engine.games.mage_knight.scenarios import draft, improved_actions, variants
from engine.games.mage_knight.scenarios.druid_nights import end_of_round as clear_glades
from engine.games.mage_knight.scenarios.druid_nights import end_of_turn as chant_crystals
from engine.games.mage_knight.scenarios.rounds import check_end, prepare_offers, renew_offers
from engine.games.mage_knight.scenarios.scoring import final_scores, scenario_result
from engine.games.mage_knight.scenarios.special_rules import (
    close_portal,
    everyone_out,
    mine_output,
    tower_mana,
)
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.turn import levels, rounds, space_benefits
from engine.games.mage_knight.turn.ledger import gain_crystal, gain_reward_crystal, hand_cards  # noqa: F401 (gain_crystal: its old home, still imported from here)
from engine.games.mage_knight.turn.limits import hand_limit
from engine.games.mage_knight.turn.tactics import spare_cards, sparing_zone
from engine.mechanics import zones
from engine.mechanics.zones import card_name


def tactic_ids(night: bool, removed=()) -> list[str]:
    return [
        x.id
        for x in sorted(content().tactics.values(), key=lambda x: x.number)
        if x.time == ("night" if night else "day") and x.id not in removed
    ]


def begin_round(ctx, table, n: int, improved: bool = False) -> None:
    """Round n: preparation from the second round on (MK:4:Round:2a-g), then tactics."""
    game = table.game
    # Improved Actions: the players pick first
    if not improved and n > 1 and game.night and improved_actions.due(table, n):
        improved_actions.start(ctx, table, n)
        return
    # the Draft: a drafted card joins each deck
    if not improved and n > 1 and not game.night and draft.add_due(table, n):
        draft.add_start(ctx, table, n)
        return
    if n > 1:
        variants.end_of_round(ctx, table)  # Rampaging Evil (MK:17:Var:RampagingEvil)

        close_portal(ctx, table)  # Only One Returns
        if game.scenario == "druid_nights":
            clear_glades(ctx, table)
        if everyone_out(game):
            game_over(ctx, table, "every hero was on the portal when it closed")
            return
    night = variants.night_of(ctx, table, n)
    if n > 1 and game.dummy_seat >= 0:  # solo and co-op remove used tactics (part 2)
        gone = removed_tactics(table)
        if gone:
            ctx.emit("mk.tactics_removed", {"tactics": gone}, rule="MK:4:Round:2f")
    ctx.emit("mk.round", {"round": n, "night": night}, rule="MK:4:Round:2a" if n > 1 else "MK:3:Setup:20")
    if n > 1:
        prepare(ctx, table)
    if game.scenario != "first_reconnaissance":
        mine_output(ctx, table)  # Mines Liberation
    real = [s for s in game.order if s != game.dummy_seat and not game.players[s].out]
    pick = rounds.tactic_pick_order([p.fame for p in game.players], real)
    if n == 1 and game.auction:  # Hero Auction: the reverse of the selection order
        pick = list(reversed(game.auction["order"]))
    if game.dummy_seat >= 0:
        pick = pick_order(table, pick)
    open_ = tactic_ids(night, game.removed_tactics)
    if len(open_) < len(pick):  # removals left too few (e.g. nights only): the set comes back
        open_ = tactic_ids(night)
    ctx.emit("mk.tactics", {"open": open_, "pickers": pick}, rule="MK:4:Round:3a")
    if game.dummy_seat >= 0:
        maybe_pick(ctx, table)


def prepare(ctx, table) -> None:
    game = table.game
    n = table.players
    if game.scenario != "first_reconnaissance":
        prepare_offers(ctx, table)
        prepare_players(ctx, table)
        return
    ctx.emit(
        "mk.source",
        {"faces": mana.roll_source(ctx, mana.source_size(n), rule="MK:4:Round:2b")},
        rule="MK:4:Round:2b",
    )
    # the unit offer: back under its decks, a new deal (First Reconnaissance: no elites), one
    # advanced action per monastery (MK:4:Round:2c)
    offer = list(table.zone(state.UNIT_OFFER))
    aas = [c for c in offer if card_name(c) in content().cards]
    zones.move(ctx, state.UNIT_OFFER, state.AA_DECK, aas, rule="MK:4:Round:2c", to="bottom")
    zones.move(
        ctx,
        state.UNIT_OFFER,
        state.REGULAR_UNITS,
        [c for c in offer if c not in aas],
        rule="MK:4:Round:2c",
        to="bottom",
    )
    zones.move_top(ctx, state.REGULAR_UNITS, state.UNIT_OFFER, n + 2, rule="MK:4:Round:2c")
    zones.move_top(ctx, state.AA_DECK, state.UNIT_OFFER, len(game.monasteries), rule="MK:4:Round:2c")

    renew_offers(ctx, table)
    prepare_players(ctx, table)


def prepare_players(ctx, table) -> None:
    """Each player: units ready (folded with mk.round), every deed card shuffled into the deck,
    draw up to the hand limit (MK:4:Round:2g)."""
    game = table.game
    for seat, p in enumerate(game.players):
        for z in (state.hand(seat), state.discard(seat), state.play_area(seat)):
            zones.move(ctx, z, state.deck(seat), list(table.zone(z)), rule="MK:4:Round:2g")
        spare = spare_cards(table, seat)
        if spare:
            zones.move(ctx, sparing_zone(seat), state.deck(seat), spare, rule="MK:4:Round:2g")
        ctx.shuffle(state.deck(seat), rule="MK:4:Round:2g")
        zones.move_top(ctx, state.deck(seat), state.hand(seat), p.hand_limit, rule="MK:4:Round:2g")


def tactics_done(ctx, table) -> None:
    """All tactics taken: turn order by tactic number, lowest first (MK:4:Round:3c)."""
    game = table.game
    numbers = {s: content().tactics[p.tactic].number for s, p in enumerate(game.players) if not p.out}
    if game.dummy_seat >= 0 and game.dummy_tactic:  # (a situation may leave the dummy out)
        numbers[game.dummy_seat] = content().tactics[game.dummy_tactic].number
    ctx.emit("mk.order", {"order": rounds.turn_order(numbers)}, rule="MK:4:Round:3c")
    start_turn(ctx, table, 0)


def start_turn(ctx, table, pos: int) -> None:
    """The start of a turn (MK:6:Turn:2-4): the hero enters on the portal in its first turn;
    an empty deck forces the announcement of the round's end when the hand is empty too, or
    forfeits the turn once another seat announced it."""
    game = table.game
    seat = game.order[pos]
    if seat == game.dummy_seat:
        if play(ctx, table) == "announce":
            announce(ctx, table, seat)
        else:
            after_turn(ctx, table, seat)
        return
    if seat in game.face_down:  # after a joint assault: the token turns up, the turn is skipped
        ctx.emit("mk.face_up", {"seat": seat}, rule="MK:13:Coop:4")
        ctx.emit("mk.forfeit", {"seat": seat}, rule="MK:13:Coop:4")
        after_turn(ctx, table, seat)
        return
    p = game.players[seat]
    deck, hand = table.zone(state.deck(seat)), table.zone(state.hand(seat))
    data = {"seat": seat, "pos": pos, "hand_was_empty": not hand and bool(deck)}
    if not p.pos:
        data["enter"] = "0,0"
    ctx.emit("mk.turn", data, rule="MK:6:Turn:2")
    choice = rounds.empty_deck_choice(len(deck), len(hand), game.announced_by >= 0)
    if choice == "must_announce":
        announce(ctx, table, seat)
        return
    if choice == "forfeit":
        ctx.emit("mk.forfeit", {"seat": seat}, rule="MK:6:Turn:3")
        after_turn(ctx, table, seat)
        return
    sp = game.board.spaces.get(game.players[seat].pos)
    if sp is not None and sp.site == "magical_glade":
        # MK:11:EoT:4 (site card, public-list): a gold token by day, a black one at night
        ctx.emit(
            "mk.token",
            {"seat": seat, "colour": "black" if game.night else "gold", "delta": 1},
            rule="MK:11:EoT:4",
        )
    if game.scenario != "first_reconnaissance":
        tower_mana(ctx, table, seat)


def announce(ctx, table, seat: int) -> None:
    """The seat announces the end of the round and forfeits this turn; every other seat gets one
    more turn (MK:4:Round:4b, MK:6:Turn:3)."""
    game = table.game
    pos = game.order.index(seat)
    others = [game.order[(pos + i) % len(game.order)] for i in range(1, len(game.order))]
    ctx.emit("mk.announced", {"seat": seat, "last_turns": others}, rule="MK:6:Turn:3")
    after_turn(ctx, table, seat)


def end_turn(ctx, table, seat: int, discard: str | None = None) -> None:
    """End of turn steps (MK:11:EoT:1-6); the drawing (7) follows once level-up choices are made."""
    game = table.game
    p = game.players[seat]
    for idx in sorted(p.dice + p.returning):
        face = ctx.roll(mana.MANA_DIE, 1, rule="MK:11:EoT:1")[0]
        ctx.emit("mk.die_rerolled", {"index": idx, "face": face}, rule="MK:11:EoT:1")
    if discard:
        cards = hand_cards(table, seat, discard)
        zones.move(ctx, state.hand(seat), state.discard(seat), cards, rule="MK:11:EoT:7")
        ctx.emit(
            "mk.played",
            {"seat": seat, "card": discard, "mode": "discarded", "count": len(cards)},
            rule="MK:6:Turn:5a",
        )
    zones.move(
        ctx,
        state.play_area(seat),
        state.discard(seat),
        list(table.zone(state.play_area(seat))),
        rule="MK:11:EoT:3",
    )

    withdraw(ctx, table, seat)  # MK:11:EoT:2
    end_of_turn(ctx, table, seat)
    if not space_benefits.glade(ctx, table, seat):
        after_glade(ctx, table, seat)


def after_glade(ctx, table, seat: int) -> None:
    """The rest of the end of turn once the magical glade's wound is settled (the seat's answer
    resumes here, asks.py): the chant's crystals, a mine's crystal (MK:11:EoT:4), then, once a
    deep mine's colour is chosen, `after_space`."""
    game = table.game
    sp = game.board.spaces.get(game.players[seat].pos)
    if game.scenario == "druid_nights":
        chant_crystals(ctx, table, seat)
    if (
        sp is not None
        and sp.site == "mine"
        and sp.mine
        and (game.scenario != "mines_liberation" or sp.conquered_by >= 0)
    ):
        gain_reward_crystal(ctx, table, seat, sp.mine, "MK:11:EoT:4")  # Mines Liberation: once liberated
    if not space_benefits.deep_mine(ctx, table, seat):
        after_space(ctx, table, seat)


def after_space(ctx, table, seat: int) -> None:
    """The end of turn after the space's benefits (MK:11:EoT:4): level-ups (6), then drawing (7)
    once their choices are made."""
    game = table.game
    level_up(ctx, table, seat)
    if game.players[seat].level_choices:
        reveal_skills(ctx, table, seat)
        ctx.emit("mk.phase", {"phase": "levelup"}, rule="MK:11:EoT:6")
        return
    finish_turn(ctx, table, seat)


def level_up(ctx, table, seat: int) -> None:
    """One level per fame threshold crossed (MK:11:EoT:6): odd levels raise armour, hand limit
    and command limit; even levels owe a skill and an advanced action choice."""
    p = table.game.players[seat]
    rows = levels.table()
    if 0 < p.level < len(rows) and p.fame < rows[p.level].fame:  # no threshold crossed (most turns)
        return
    for lv in levels.level_ups(rows[p.level - 1].fame, p.fame):
        st = levels.stats(lv.level)
        ctx.emit(
            "mk.level",
            {
                "seat": seat,
                "level": lv.level,
                "armour": st.armour,
                "hand_limit": st.hand_limit,
                "command": levels.command_limit(lv.level) + passive_skills.extra_command(p),
                "choice": lv.skill_and_advanced_action,
            },
            rule="MK:11:EoT:6a" if lv.command_token else "MK:11:EoT:6b",
        )


def reveal_skills(ctx, table, seat: int) -> None:
    """The top two skill tokens of the seat's stack are revealed for the choice (MK:11:EoT:6b)."""
    zones.move_top(ctx, state.skill_stack(seat), state.skills_shown(seat), 2, rule="MK:11:EoT:6b")


def level_choice(ctx, table, seat: int, skill: str, card: str) -> None:
    """MK:11:EoT:6b: option A keeps one revealed skill (the other goes to the common offer) with
    any advanced action of the offer; option B takes another hero's skill from the common offer
    (both revealed ones go there) with the lowest advanced action. The AA goes on top of the deed
    deck and the offer is refilled."""
    game = table.game
    p = game.players[seat]
    shown = list(table.zone(state.skills_shown(seat)))
    if skill:
        ctx.emit("mk.skill", {"seat": seat, "skill": skill}, rule="MK:11:EoT:6b")
        passive_skills.on_gained(ctx, table, seat, skill)
        src = state.SKILL_OFFER if skill in table.zone(state.SKILL_OFFER) else state.skills_shown(seat)
        zones.move(ctx, src, state.OUT, [skill], rule="MK:11:EoT:6b")
        if state.DUMMY_SKILLS in table.zones:  # Solo Conquest: a dummy skill joins the offer
            zones.move_top(ctx, state.DUMMY_SKILLS, state.SKILL_OFFER, 1, rule="MK:19:Scen:SoloConquest")
    zones.move(
        ctx,
        state.skills_shown(seat),
        state.SKILL_OFFER,
        [s for s in shown if s != skill],
        rule="MK:11:EoT:6b",
    )
    if card:
        zones.move(ctx, state.AA_OFFER, state.deck(seat), [card], rule="MK:11:EoT:6b")
        zones.move_top(ctx, state.AA_DECK, state.AA_OFFER, 1, rule="MK:5:Gain:3a")
    ctx.emit(
        "mk.level_chosen",
        {"seat": seat, "level": p.level_choices[0], "skill": skill, "card": card},
        rule="MK:11:EoT:6b",
    )
    if p.level_choices:
        reveal_skills(ctx, table, seat)
        return
    ctx.emit("mk.phase", {"phase": "turn"}, rule="MK:11:EoT:6")
    finish_turn(ctx, table, seat)


def finish_turn(ctx, table, seat: int) -> None:
    """Draw up to the hand limit without reshuffling (MK:11:EoT:7), then the next turn."""
    p = table.game.players[seat]
    held = len(table.zone(state.hand(seat)))
    bonus = content().tactics[p.tactic].effect if p.tactic else {}
    extra = bonus.get("hand_limit_bonus", 0) if held >= bonus.get("min_hand", 0) else 0
    sp = table.game.board.spaces.get(p.pos)
    if p.terrain_hand_limit and sp is not None and sp.terrain in ("hills", "mountain"):
        extra += p.terrain_hand_limit[0 if sp.terrain == "hills" else 1]  # Mountain Lore
    extra += p.turn_effects.get("hand_limit_next", 0)  # Temporal Portal, Meditation
    short = hand_limit(table, seat) + extra - held
    if short > 0:
        zones.move_top(ctx, state.deck(seat), state.hand(seat), short, rule="MK:11:EoT:7")
    after_turn(ctx, table, seat)


def after_turn(ctx, table, seat: int) -> None:
    """Who plays next: the scenario end and the round end are checked after every turn
    (MK:4:Round:4c-d)."""
    game = table.game
    n = len(game.order)
    pos = game.order.index(seat)
    ctx.emit("mk.turn_done", {"seat": seat}, rule="MK:4:Round:4c")
    if game.scenario != "first_reconnaissance" and not game.scenario_end:
        check_end(ctx, table, seat)
    if game.end_after_turn:
        final = [game.order[(pos + i) % n] for i in range(1, n + 1)]
        ctx.emit("mk.scenario_end", {"seat": seat, "final_turns": final}, rule="MK:18:Scen:FirstRecon")
    if game.scenario_end and not game.final_turns:
        game_over(ctx, table, "every player had a last turn after a city was revealed")
        return
    if game.announced_by >= 0 and not game.last_turns:
        if game.scenario_end:
            game_over(ctx, table, "the round ended during the last turns")
        elif game.round >= game.rounds:
            game_over(ctx, table, f"the last of {game.rounds} rounds ended")
        else:
            begin_round(ctx, table, game.round + 1)
        return
    if seat != game.dummy_seat and game.players[seat].extra_turn:  # The Right Moment (MK:4:Round:3b)
        ctx.emit("mk.tactic_state", {"seat": seat, "extra_turn": False}, rule="MK:4:Round:3b")
        start_turn(ctx, table, pos)
        return
    nxt = (pos + 1) % n
    while game.scenario_end and game.order[nxt] not in game.final_turns:
        nxt = (nxt + 1) % n  # no last turn for the dummy in solo and co-op (MK:19:Scen:SoloConquest)
    start_turn(ctx, table, nxt)


def game_over(ctx, table, reason: str) -> None:
    """Standard achievements are added to fame; the most fame wins, ties share (MK:15:Score);
    every other scenario scores by its own kind (scoring.scenario_result)."""
    if table.game.scenario != "first_reconnaissance":
        scores, detail, winners, rule = scenario_result(table)
        for seat, lines in detail.items():
            ctx.emit("mk.score", {"seat": seat, "lines": lines, "total": scores[seat]}, rule=rule)
        ctx.emit("mk.phase", {"phase": "over"}, rule="MK:15:Score")
        ctx.emit(
            "game.over",
            {"winners": winners, "scores": {str(s): v for s, v in scores.items()}, "reason": reason},
            rule=rule,
        )
        return
    scores, detail = final_scores(table)
    for seat, lines in detail.items():
        ctx.emit("mk.score", {"seat": seat, "lines": lines, "total": scores[seat]}, rule="MK:15:Score")
    best = max(scores.values())
    ctx.emit("mk.phase", {"phase": "over"}, rule="MK:15:Score")
    ctx.emit(
        "game.over",
        {
            "winners": [s for s in sorted(scores) if scores[s] == best],
            "scores": {str(s): v for s, v in scores.items()},
            "reason": reason,
        },
        rule="MK:18:Scen:FirstRecon",
    )
