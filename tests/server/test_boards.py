"""Issue 15 item 3, the boards of Mage Knight and DragonLords in a real browser: a Mage Knight
seat's page draws the view's hex list as an SVG map (one `data-hex` element per hex the view
lists, terrain in its title, sites, face-up enemies and heroes on it, where one can explore
dashed) and playing a move or an explore is a click on the map; a DragonLords page shows every
place its view names, by realm and sea zone; neither page of seat 1 holds seat 0's hand.

The DragonLords game is played to a useful position in-process (random bots, a fixed seed), the
Mage Knight one is stated by a situation file, before the
server starts on the same store, so the positions are the same at every run."""

import json
import urllib.request
from pathlib import Path

import pytest

from bots.random_bot import bot_rng, decide
from engine.games.mage_knight.words import names as mk_names
from engine.pipeline import Engine
from server.tokens import Seats
from sim.testing import from_situation
from store import EventStore
from tests.server.test_browser import ISSUED, start_server, stop_server

HERE = Path(__file__).resolve().parent


def prepare(db: str, ruleset: str, seed: int, until) -> tuple[str, dict]:
    """A game of `ruleset` played by random bots until `until(eng, gid)` holds; its tokens."""
    eng = Engine(EventStore(db))
    gid = eng.create(ruleset, 2, seed, {})
    rng = bot_rng(f"boards-{ruleset}")
    for _ in range(400):
        if until(eng, gid):
            break
        decide(eng, gid, rng)
    else:
        raise AssertionError(f"{ruleset} seed {seed} never reached the position the test needs")
    tokens = Seats(db).issue(gid, 2, {})
    ISSUED.extend([s["token"] for s in tokens["seats"]] + [tokens["referee_token"]])
    return gid, tokens


def get_view(base, gid, token):
    req = urllib.request.Request(f"{base}/api/games/{gid}/view", headers={"authorization": f"Bearer {token}"})
    return json.loads(urllib.request.urlopen(req).read())


def can_move_and_explore(eng, gid) -> bool:
    kinds = [c["kind"] for c in eng.legal(gid, eng.prompts(gid)[0].seat)]
    return "move" in kinds and "explore" in kinds


def version_of(page) -> int:
    return int(page.inner_text('[data-testid="version"]'))


def wait_past(page, version: int) -> None:
    page.wait_for_function(f'+document.querySelector("[data-testid=version]").textContent > {version}')


@pytest.fixture(scope="module")
def mk(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mk")
    # a stated position (seat 0 may explore and then still move; both hands hold cards): random
    # bots reach such a position by chance only, and every change to the bots moves it
    eng, gid = from_situation(
        HERE / "situations" / "mk_explore_then_move.toml", Engine(EventStore(str(tmp / "t.db")))
    )
    assert can_move_and_explore(eng, gid)
    tokens = Seats(str(tmp / "t.db")).issue(gid, 2, {})
    ISSUED.extend([s["token"] for s in tokens["seats"]] + [tokens["referee_token"]])
    proc, base, _ = start_server(tmp)
    yield base, gid, tokens
    stop_server(proc, tmp)


def test_mage_knight_map_has_a_hex_per_space_and_plays_explore_and_move_by_click(mk, browser):
    base, gid, tokens = mk
    seat = get_view(base, gid, tokens["referee_token"])["prompts"][0]["seat"]
    token = tokens["seats"][seat]["token"]
    v = get_view(base, gid, token)
    spaces = v["view"]["game"]["board"]["spaces"]
    page = browser.new_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}?token={token}")
    page.wait_for_selector("svg.hexmap")
    hexes = page.locator("svg.hexmap g.hex:not(.unexplored)")
    assert hexes.count() == len(spaces)
    assert {h.get_attribute("data-hex") for h in hexes.all()} == set(spaces)
    for k, sp in spaces.items():  # terrain in the title; sites and face-up enemies written on
        g = page.locator(f'svg.hexmap g.hex[data-hex="{k}"]')
        assert sp["terrain"] in g.locator("title").text_content()
        assert g.get_attribute("data-terrain") == sp["terrain"]
        if sp["site"]:
            shown = " ".join(g.locator("text.site").all_text_contents())  # in lines that fit
            assert shown.rstrip("…") and sp["site"].replace("_", " ").startswith(shown.rstrip("…"))
        for enemy in sp["enemies"]:  # by its print name ("Cursed Hags"), never its id
            name = mk_names.enemy(enemy)
            assert any(name.startswith(t.rstrip("…")) for t in g.locator("text.token").all_text_contents())
    assert any(sp["enemies"] for sp in spaces.values())  # the position shows face-up enemies
    for s, player in enumerate(v["view"]["game"]["players"]):  # each hero on its space
        if player["pos"]:
            assert (
                page.locator(f'svg.hexmap g.figure[data-seat="{s}"]').get_attribute("data-at")
                == player["pos"]
            )
    # where one can explore: a dashed hex per explore command, off the map, clickable
    explores = [c for c in v["legal"] if c["kind"] == "explore"]
    ghosts = page.locator("svg.hexmap g.hex.unexplored")
    assert sorted(g.get_attribute("data-hex") for g in ghosts.all()) == sorted(c["at"] for c in explores)
    assert not set(c["at"] for c in explores) & set(spaces)
    # click the explore position: the tile is revealed and drawn
    before = version_of(page)
    cmd = explores[0]
    ghost = page.locator(f'svg.hexmap g.hex.unexplored[data-hex="{cmd["at"]}"]')
    assert json.loads(ghost.get_attribute("data-command")) == cmd
    ghost.click()
    wait_past(page, before)
    after = get_view(base, gid, token)
    page.wait_for_function(
        f'document.querySelectorAll("svg.hexmap g.hex:not(.unexplored)").length'
        f" == {len(after['view']['game']['board']['spaces'])}"
    )
    assert len(after["view"]["game"]["board"]["spaces"]) == len(spaces) + 7
    assert page.locator(f'svg.hexmap g.hex:not(.unexplored)[data-hex="{cmd["at"]}"]').count() == 1
    # click a space one may move to: the hero stands there
    named = {}
    for c in after["legal"]:
        for x in c.values():
            if isinstance(x, str) and x in after["view"]["game"]["board"]["spaces"]:
                named.setdefault(x, []).append(c)
    moves = [c for c in after["legal"] if c["kind"] == "move" and len(named[c["to"]]) == 1]
    assert moves, "no move left after the explore"
    before = after["version"]
    target = page.locator(f'svg.hexmap g.hex.target[data-hex="{moves[0]["to"]}"]')
    assert json.loads(target.get_attribute("data-command")) == moves[0]
    target.click()
    wait_past(page, before)
    page.wait_for_selector(f'svg.hexmap g.figure[data-seat="{seat}"][data-at="{moves[0]["to"]}"]')
    assert get_view(base, gid, token)["view"]["game"]["players"][seat]["pos"] == moves[0]["to"]
    assert errors == []


def test_mage_knight_seat_1_page_never_holds_seat_0s_hand(mk, browser):
    base, gid, tokens = mk
    ref = get_view(base, gid, tokens["referee_token"])
    hand0 = ref["view"]["zones"]["hand:0"]["cards"]
    assert hand0
    page = browser.new_context().new_page()
    page.goto(f"{base}/games/{gid}?token={tokens['seats'][1]['token']}")
    page.wait_for_selector("svg.hexmap")
    page.wait_for_selector("#log .logline")
    assert page.locator('[data-zone="hand:0"] .card').count() == 0
    assert page.locator('[data-zone="hand:1"] .card').count() == len(ref["view"]["zones"]["hand:1"]["cards"])
    html = page.content()
    assert not [c for c in hand0 if c in html]


def dl_in_play(eng, gid) -> bool:
    """Set-up done: both seats' armies stand on the map and their fleets are at sea."""
    g = eng.table(gid).game
    return g.phase not in ("setup", "") and not g.phase.startswith("setup") and bool(g.ships)


@pytest.fixture(scope="module")
def dl(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dl")
    gid, tokens = prepare(str(tmp / "t.db"), "dragonlords", 1, dl_in_play)
    proc, base, _ = start_server(tmp)
    yield base, gid, tokens
    stop_server(proc, tmp)


def test_dragonlords_page_shows_every_place_of_the_view_and_the_fleets(dl, browser):
    base, gid, tokens = dl
    token = tokens["seats"][1]["token"]
    g = get_view(base, gid, token)["view"]["game"]
    page = browser.new_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}?token={token}")
    page.wait_for_selector('[data-testid="places"]')
    seas = {s["zone"] for s in g["ships"].values()}
    places = (
        {p for p in g["troops"] if not p.startswith("ship:")}
        | set(g["gold"])
        | {h["loc"] for h in g["heroes"].values() if not h["loc"].startswith("ship:")}
    ) - seas
    shown = {r.get_attribute("data-place") for r in page.locator("tr[data-place]").all()}
    assert shown == places and len(places) > 10
    for p, armies in g["troops"].items():  # each place's units per army, with the army's seat
        if p.startswith("ship:"):
            continue
        row = page.locator(f'tr[data-place="{p}"]')
        for a, n in armies.items():
            cell = row.locator(f'.army[data-army="{a}"]').inner_text()
            assert f"Seat {g['armies'][int(a)]['seat'] + 1}" in cell and f"{n} unit(s)" in cell
    realm = {t["id"]: t["realm"] for t in g["map"]["territories"] if t["realm"]}
    assert len(set(realm.values())) == 6  # the view carries the board: six realms
    for p in sorted(shown & set(realm)):  # each territory sits in its realm's table
        assert page.locator(f'table[data-realm="{realm[p]}"] tr[data-place="{p}"]').count() == 1
    for ship_id, s in g["ships"].items():  # sea zones with their fleets
        assert page.locator(f'tr[data-sea="{s["zone"]}"] .ship[data-ship="{ship_id}"]').count() == 1
    # secret chips: seat 1 sees its own units' roles, never those of seat 0's armies
    mine = {str(i) for i, a in enumerate(g["armies"]) if a["seat"] == 1}
    for hid, h in g["heroes"].items():
        chip = page.locator(f'[data-hero="{hid}"]').inner_text()
        if str(h["army"]) not in mine:
            assert not any(r in chip for r in ("king", "wizard", "decoy"))
    ref = get_view(base, gid, tokens["referee_token"])["view"]["game"]["heroes"]
    theirs = [h for hid, h in ref.items() if str(h["army"]) not in mine and h["role"] in ("king", "wizard")]
    assert theirs  # seat 0 has a King and a Wizard somewhere, which seat 1 must not see
    assert errors == []


def test_dragonlords_seat_1_page_never_holds_seat_0s_scrolls(dl, browser):
    base, gid, tokens = dl
    ref = get_view(base, gid, tokens["referee_token"])["view"]
    g = ref["game"]
    theirs = [
        z
        for name, z in ref["zones"].items()
        if name.startswith("scrolls:") and g["armies"][int(name.split(":")[1])]["seat"] == 0
    ]
    hand0 = [c for z in theirs for c in z["cards"]]
    assert hand0
    page = browser.new_context().new_page()
    page.goto(f"{base}/games/{gid}?token={tokens['seats'][1]['token']}")
    page.wait_for_selector('[data-testid="places"]')
    page.wait_for_selector("#log .logline")
    html = page.content()
    assert not [c for c in hand0 if c in html]


def test_replay_viewer_draws_the_mage_knight_map_at_event_n(mk, browser):
    """The replay viewer draws the board of the state at event N: as many hexes as that state
    lists, and no clickable hex (the past is not played)."""
    base, gid, tokens = mk
    token = tokens["seats"][0]["token"]
    n = get_view(base, gid, token)["version"] - 3
    req = urllib.request.Request(
        f"{base}/api/games/{gid}/state?at={n}", headers={"authorization": f"Bearer {token}"}
    )
    spaces = json.loads(urllib.request.urlopen(req).read())["state"]["game"]["board"]["spaces"]
    page = browser.new_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}/replay?token={token}&at={n}")
    page.wait_for_selector("#map svg.hexmap")
    hexes = page.locator("#map svg.hexmap g.hex")
    assert spaces
    assert {h.get_attribute("data-hex") for h in hexes.all()} == set(spaces)
    assert hexes.count() == len(spaces) and page.locator("#map [data-command]").count() == 0
    assert errors == []


def to_a_place(base: str, gid: str, tokens: dict):
    """On through the phases (by the API, ending each) to one whose commands name places: the
    acting seat's token, its view, a legal command naming a place and the commands naming it."""
    names_place = lambda c: isinstance(c.get("target", c.get("to")), str)  # noqa: E731
    for _ in range(60):
        seat = get_view(base, gid, tokens["referee_token"])["prompts"][0]["seat"]
        token = tokens["seats"][seat]["token"]
        v = get_view(base, gid, token)
        if any(names_place(c) for c in v["legal"]):
            break
        done = next((c for c in v["legal"] if c["kind"] == "done"), v["legal"][-1])
        req = urllib.request.Request(
            f"{base}/api/games/{gid}/commands",
            method="POST",
            data=json.dumps({"command": done}).encode(),
            headers={"authorization": f"Bearer {token}"},
        )
        urllib.request.urlopen(req).read()
    cmd = next(c for c in v["legal"] if names_place(c))
    place = cmd.get("target", cmd.get("to"))
    return token, v, cmd, [c for c in v["legal"] if place in c.values()]


def test_dragonlords_place_rows_play_the_commands_that_name_them(dl, browser):
    """A territory or sea zone that a legal command names is clickable; with several commands
    a click offers them, and choosing one plays it (the version advances)."""
    base, gid, tokens = dl
    token, v, cmd, naming = to_a_place(base, gid, tokens)
    place = cmd.get("target", cmd.get("to"))
    page = browser.new_context().new_page()
    page.goto(f"{base}/games/{gid}?token={token}")
    page.wait_for_selector('[data-testid="places"]')
    row = page.locator(f'tr.target[data-place="{place}"], tr.target[data-sea="{place}"]')
    assert json.loads(row.get_attribute("data-command")) == naming[0]
    assert row.get_attribute("data-label").count(" / ") == len(naming) - 1
    row.locator("td").first.click()
    if len(naming) > 1:
        page.click(f".chooser button[data-choice='{json.dumps(cmd, separators=(',', ':'))}']")
    wait_past(page, v["version"])
    assert get_view(base, gid, token)["version"] > v["version"]


def test_mage_knight_hand_cards_show_the_catalogues_names_and_texts(mk, browser):
    """A card id ("axe_throw#s0n14", "wolfhawk_swift_reflexes#s0n3") shows the catalogue's card
    (its name, its text on hover), so a Mage Knight hand reads as cards, not ids."""
    base, gid, tokens = mk
    ref = get_view(base, gid, tokens["referee_token"])["view"]["zones"]
    seat = next(s for s in (0, 1) if ref[f"hand:{s}"]["cards"])
    catalogue = json.loads(urllib.request.urlopen(f"{base}/api/games/{gid}/cards").read())["cards"]
    page = browser.new_context().new_page()
    page.goto(f"{base}/games/{gid}?token={tokens['seats'][seat]['token']}")
    page.wait_for_selector(f'[data-zone="hand:{seat}"] .card')
    cards = page.locator(f'[data-zone="hand:{seat}"] .card').all()
    assert len(cards) == len(ref[f"hand:{seat}"]["cards"])
    for c in cards:
        name = c.locator("b").inner_text()
        assert name in catalogue and c.get_attribute("title") == catalogue[name]["text"]
