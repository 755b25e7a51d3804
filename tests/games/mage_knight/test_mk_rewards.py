"""Reward choices (MK:11:EoT:5): a gold die's crystal colour, artifacts from N+1 cards, a spell
or advanced action from its offer; chosen before anything else in the turn."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.turn.rewards import revealed
from engine.mechanics import zones
from engine.mechanics.zones import card_name
from sim.testing import from_situation

HERE = Path(__file__).with_name("situations")


def test_rewards_are_chosen_in_order_before_the_turn_goes_on():
    """MK:11:EoT:5a-c: gold crystal -> any basic colour; 2 artifacts -> 3 revealed to the seat,
    2 kept, the third under the deck; spell and advanced action -> any card of the offer, which
    is refilled; kept cards go on top of the deed deck"""
    eng, gid = from_situation(HERE / "rewards.toml")
    t = eng.table(gid)
    assert t.game.players[0].rewards == ["crystal", "artifact", "artifact", "spell", "advanced_action"]
    assert eng.legal(gid, 0) == [{"kind": "reward", "colour": c} for c in ("red", "blue", "green", "white")]
    eng.submit(gid, 0, {"kind": "reward", "colour": "blue"})
    t = eng.table(gid)
    assert t.game.players[0].crystals == {"blue": 1}
    shown = sorted(card_name(c) for c in t.zone(revealed(0)))
    assert len(shown) == 3 and eng.legal(gid, 0) == [
        {"kind": "reward", "card": c} for c in sorted(set(shown))
    ]
    assert zones.seers(t, revealed(0)) == [0]  # only the seat sees the drawn artifacts
    bottom = t.zone(state.ARTIFACT_DECK)[-1]
    eng.submit(gid, 0, {"kind": "reward", "card": shown[0]})
    eng.submit(gid, 0, {"kind": "reward", "card": eng.legal(gid, 0)[0]["card"]})
    t = eng.table(gid)
    assert t.zone(revealed(0)) == [] and t.zone(state.ARTIFACT_DECK)[-1] != bottom  # the rest went under
    top2 = sorted(card_name(c) for c in t.zone(state.deck(0))[:2])
    assert shown[0] in top2
    offer = list(t.zone(state.SPELL_OFFER))
    want = card_name(offer[-1])  # not just the top card of the offer
    assert {"kind": "reward", "card": want} in eng.legal(gid, 0)
    eng.submit(gid, 0, {"kind": "reward", "card": want})
    t = eng.table(gid)
    assert card_name(t.zone(state.deck(0))[0]) == want and len(t.zone(state.SPELL_OFFER)) == len(offer)
    aa = eng.legal(gid, 0)
    assert {c["card"] for c in aa} == {card_name(c) for c in t.zone(state.AA_OFFER)}
    eng.submit(gid, 0, aa[-1])
    t = eng.table(gid)
    assert t.game.players[0].rewards == []
    assert any(c["kind"] == "play" for c in eng.legal(gid, 0))  # the turn goes on
