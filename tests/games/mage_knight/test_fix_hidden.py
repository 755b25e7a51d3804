"""Hidden information found leaking by an outside attack: each case checks every seat's and a
spectator's view against the referee's."""

import json
import random

from engine.games.mage_knight import state as mage_knight_state
from engine.games.mage_knight.scenarios import draft
from projections.views import log_view, state_view
from sim.testing import new_game, play


def _drafted_add(seed=5, players=3):
    """Bots play until the first day-end draft addition; returns the events it made."""
    eng, gid = new_game("mage-knight", players, seed=seed, options={"variants": "interactive_combat,draft"})
    rs, rng = eng.ruleset(gid), random.Random(seed)
    for _ in range(5000):
        t = eng.table(gid)
        seat = rs.prompts(t)[0].seat
        legal = rs.legal_commands(t, seat)
        if legal[0]["kind"] == "draft_add":
            before = len(eng.store.read(gid))
            play(eng, gid, seat, legal[0])
            return eng, gid, seat, legal[0]["card"], eng.store.read(gid)[before:]
        play(eng, gid, seat, rng.choice(rs.bot_choices(t, seat, legal)))
    raise AssertionError("no draft addition within 5000 commands")


def test_a_drafted_card_added_after_a_day_stays_with_its_owner_MK_17_Var_Draft():
    eng, gid, seat, card, new = _drafted_add()
    rs, t = eng.ruleset(gid), eng.table(gid)
    moved = [e for e in new if e.type == "zone.moved" and e.data["src"] == draft.drafted(seat)]
    assert len(moved) == 1 and moved[0].data["dst"] == mage_knight_state.deck(seat)
    assert any(c.split("#")[0] == card for c in moved[0].data["cards"])
    for who in [s for s in range(t.players) if s != seat] + [None]:
        text = json.dumps(log_view(rs, new, who))
        assert card not in text, f"{'spectator' if who is None else f'seat {who:d}'} learns {card}"
        view = state_view(rs, t, who)["zones"]
        assert card not in json.dumps(view[mage_knight_state.discard(seat)])
    assert card in json.dumps(log_view(rs, new, seat))  # the owner still reads its move


def _shields(obj) -> set[str]:
    """Every shield marker ("seat2") anywhere in a view."""
    if isinstance(obj, dict):
        return set().union(*(_shields(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(_shields(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) and obj[:4] == "seat" and obj[4:].isdigit() else set()


def test_a_teams_chosen_one_is_seen_by_both_its_seats_and_nobody_else_MK_22_Scen_OnlyOneReturns():
    eng, gid = new_game(
        "mage-knight", 4, seed=3, options={"scenario": "only_one_returns", "teams": "0+2,1+3"}
    )
    rs, t = eng.ruleset(gid), eng.table(gid)
    sides = t.game.board.teams
    chosen = [t.zone(mage_knight_state.chosen_one(i))[0] for i in range(2)]  # the referee's truth
    assert [int(c[4:]) in side for c, side in zip(chosen, sides, strict=True)] == [True, True]
    events = eng.store.read(gid)
    for i, side in enumerate(sides):
        for seat in side:
            state = state_view(rs, t, seat)
            seen = _shields(state["zones"]) | _shields(log_view(rs, events, seat))
            assert chosen[i] in seen, f"seat {seat} does not see its team's Chosen One"
            other = [x for x in sides[1 - i]]
            assert not seen & {f"seat{x}" for x in other}, f"seat {seat} learns the other team's"
            shown = [z for z in state["zones"].values() if z.get("cards") == [chosen[i]]]
            assert shown, f"seat {seat}'s state shows no Chosen One"
    public = _shields(state_view(rs, t, None)["zones"]) | _shields(log_view(rs, events, None))
    assert not public, f"a spectator learns {public}"
