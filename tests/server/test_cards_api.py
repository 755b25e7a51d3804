"""`GET /api/games/{id}/cards`: every card of the game's catalogue with its text in words and
its stand-in mark said once (`stand_in`: a value, the count or the reading is ours, not the
box's), so the table marks it without reading each value's source."""

from engine import registry
from tests.server.test_strict_http import call
from tests.server.test_undo_api import make_app


async def test_cards_carry_their_stand_in_mark(tmp_path):
    app = make_app(tmp_path)
    for name in ("thunderstone", "rune-age"):
        status, out = await call(app, "POST", "/api/games", {"ruleset": name, "players": 2})
        assert status == 201, out
        status, got = await call(app, "GET", f"/api/games/{out['game_id']}/cards")
        assert status == 200
        cards = got["cards"]
        by_name = {c.name: c for c in reversed(registry.get(name).cards())}  # the first of a name
        assert cards and all(isinstance(c["stand_in"], bool) for c in cards.values())
        assert all(cards[n]["stand_in"] == by_name[n].stand_in for n in cards)
        assert any(c["stand_in"] for c in cards.values()), "no stand-in card: the test could not fail"
