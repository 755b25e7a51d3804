"""Issue 28 item 6, the boards in a real browser: DragonLords' map drawn from its content file
(every place of map.toml with the armies' counters on it, one adjacency line per adjacency of
the map, a place a legal command names plays it on a click), Thunderstone's village stacks with
counts and the dungeon's ranks with their light penalties, Rune Age's realms and cities."""

import json

import pytest

from engine.games.dragonlords.map.load import default_map
from tests.server.test_boards import dl_in_play, get_view, prepare, to_a_place, wait_past
from tests.server.test_browser import post, start_server, stop_server


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("boards")
    gid, tokens = prepare(str(tmp / "t.db"), "dragonlords", 1, dl_in_play)
    proc, base, _ = start_server(tmp)
    yield base, gid, tokens
    stop_server(proc, tmp)


def open_table(browser, base, gid, token, ready: str):
    """A seat's page, its board drawn; script errors collected."""
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}?token={token}")
    page.wait_for_selector('[data-testid="version"]:not(:text("…"))')
    for fn in ("renderTableLayout", "renderPlaceMap"):  # the page loads the board scripts itself
        assert page.evaluate(f"typeof {fn} === 'function'"), f"table.html does not load {fn}"
    page.wait_for_selector(ready)
    return page, errors


def adjacencies() -> int:
    m = default_map()
    seas = {tuple(sorted((z.id, n))) for z in m.sea_zones for n in z.adjacent}
    harbours = sum(len(t.harbours) for t in m.territories)
    harbours += sum(1 for w in m.wastelands for s in w.spaces if s.harbour)
    paths = sum(len(w.path) - 1 + len(w.entries) for w in m.wastelands)
    return len(m.land_edges) + len(seas) + harbours + paths


def test_dragonlords_map_shows_every_place_its_counters_and_adjacency(table, browser):
    base, gid, tokens = table
    token = tokens["seats"][1]["token"]
    g = get_view(base, gid, token)["view"]["game"]
    page, errors = open_table(browser, base, gid, token, "svg.placemap")
    m = default_map()
    ids = [t.id for t in m.territories] + [z.id for z in m.sea_zones]
    ids += [s.id for w in m.wastelands for s in w.spaces]
    drawn = page.eval_on_selector_all("svg.placemap g.place", "gs => gs.map(g => g.dataset.place)")
    assert sorted(drawn) == sorted(ids)
    assert all(t.x is not None and t.y is not None for t in m.territories)  # the file places them
    for p, armies in g["troops"].items():  # a counter per army per place, its units on it
        if p.startswith("ship:"):
            continue
        for a, n in armies.items():
            counter = page.locator(f'svg.placemap g.place[data-place="{p}"] g.counter[data-army="{a}"]')
            assert counter.get_attribute("data-units") == str(n)
            assert counter.locator("text").text_content() == str(n)
    for sid, s in g["ships"].items():
        assert page.locator(f'svg.placemap g.ship[data-ship="{sid}"][data-zone="{s["zone"]}"]').count() == 1
    assert page.locator("svg.placemap line.adjacency").count() == adjacencies()
    assert page.locator("svg.placemap line.barrier").count() == len(m.impassable)
    kinds = set(page.eval_on_selector_all("svg.placemap g.place", "gs => gs.map(g => g.dataset.kind)"))
    assert {"kingdom", "gold", "island", "teleportal", "sea", "village", "dragons_lair"} <= kinds
    assert errors == []


def test_dragonlords_place_on_the_map_plays_the_command_that_names_it(table, browser):
    base, gid, tokens = table
    token, v, cmd, naming = to_a_place(base, gid, tokens)
    place = cmd.get("target", cmd.get("to"))
    page, errors = open_table(browser, base, gid, token, "svg.placemap")
    spot = page.locator(f'svg.placemap g.place.target[data-place="{place}"]')
    assert json.loads(spot.get_attribute("data-command")) == naming[0]
    assert spot.get_attribute("role") == "button" and place in spot.get_attribute("aria-label")
    spot.click()
    if len(naming) > 1:
        page.click(f".chooser button[data-choice='{json.dumps(cmd, separators=(',', ':'))}']")
    wait_past(page, v["version"])
    assert get_view(base, gid, token)["version"] > v["version"]
    assert errors == []


def test_thunderstone_village_stacks_and_dungeon_ranks(table, browser):
    base, _, _ = table
    g = post(base + "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 3})
    token = g["seats"][0]["token"]
    view = get_view(base, g["game_id"], token)["view"]
    page, errors = open_table(browser, base, g["game_id"], token, '[data-testid="table-layout"]')
    stacks = {z: v for z, v in view["zones"].items() if z.startswith("v:")}
    assert len(stacks) > 8
    for z, v in stacks.items():
        pile = page.locator(f'section[data-area="village"] .pile[data-zone="{z}"]')
        assert pile.get_attribute("data-count") == str(v["n"])
        assert pile.locator('[data-testid="count"]').inner_text().endswith(str(v["n"]))
        assert pile.locator(".top .card").count() == 1  # the top card, not the whole stack
    for rank in (1, 2, 3):
        pile = page.locator(f'section[data-area="dungeon"] .pile[data-zone="pos{rank}"]')
        assert pile.locator('[data-fact="light penalty"]').inner_text() == f"light penalty: {rank}"
        assert pile.locator(".top .card").count() == len(view["zones"][f"pos{rank}"]["cards"][:1])
    assert errors == []


def test_rune_age_realms_cities_and_event_stage(table, browser):
    base, _, _ = table
    g = post(base + "/api/games", {"ruleset": "rune-age", "players": 2, "seed": 3})
    token = g["seats"][0]["token"]
    view = get_view(base, g["game_id"], token)["view"]
    page, errors = open_table(browser, base, g["game_id"], token, '[data-testid="table-layout"]')
    for seat in (0, 1):
        realm = page.locator(f'section[data-area="realm"][data-seat="{seat}"]')
        assert f"Seat {seat + 1}" in realm.locator("h3").inner_text()
        cards = view["zones"][f"realm:{seat}"]["cards"]
        assert realm.locator(f'.pile[data-zone="realm:{seat}"] .card').count() == len(cards) > 0
    cities = view["zones"]["cities"]["cards"]
    assert page.locator('section[data-area="cities"] .card').count() == len(cities) > 0
    events = page.locator('section[data-area="events"] .pile[data-zone="events"]')
    assert events.locator('[data-fact="stage"]').inner_text() == "stage: 1"
    assert events.locator(".card").count() == 0  # the event deck is face down: its count only
    assert errors == []
