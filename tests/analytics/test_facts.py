"""Fact tables over seeded bot games: every table typed as declared, names not instance ids, and
values that agree with the events they were read from."""

from collections import defaultdict

import duckdb
import msgspec
import pyarrow as pa
import pytest

from analytics.export import collect, export, seen_data
from analytics.facts import FACTS
from analytics.facts.table import Game
from analytics.names import names
from bots.random_bot import bot_rng, play_out, step
from engine import registry
from engine.pipeline import Engine
from sim.simulate import simulate
from store import EventStore

GAMES = (  # (ruleset, games, players, options): small, seeded, a few seconds in all
    ("mage-knight", 2, 2, {"scenario": "blitz_conquest"}),
    ("mage-knight", 1, 2, {"scenario": "conquer_keeps_towers"}),
    ("dragonlords", 2, 3, None),
    ("thunderstone", 2, 2, None),
    ("rune-age", 1, 2, None),
    ("epochs", 2, 2, None),
    ("duel", 2, 2, None),
)
MUST_HAVE_ROWS = {
    "mk_combats",
    "mk_conquests",
    "mk_cards_played",
    "mk_units",
    "mk_levels",
    "mk_fame",
    "mk_reputation",
    "mk_scores",
    "dl_battles",
    "dl_holdings",
    "dl_changes",
    "dl_purchases",
    "dl_income",
    "dl_quests",
    "dl_eliminations",
    "ts_buys",
    "ts_battles",
    "ra_purchases",
    "ra_produced",
    "ra_combats",
    "ep_combats",
    "ep_scores",
    "duel_damage",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("facts") / "games.db")
    for ruleset, n, players, options in GAMES:
        seed = (options or {}).get("scenario", 1)
        simulate(path, ruleset, n, players, seed=seed, options=options)
    return path


@pytest.fixture(scope="module")
def tables(db):
    return collect(db)[0]


@pytest.fixture(scope="module")
def events(db):
    store = EventStore(db)
    try:
        return {g: store.read(g) for g in store.game_ids()}
    finally:
        store.close()


def rows(tables, name):
    return tables[name].to_pylist()


def test_every_fact_table_is_written_with_its_declared_types(tables):
    for facts in FACTS.values():
        for t in facts:
            assert t.name in tables, t.name
            assert tables[t.name].schema == t.schema, t.name
    empty = sorted(n for n in MUST_HAVE_ROWS if tables[n].num_rows == 0)
    assert not empty


def _strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from _strings(x)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _strings(x)


def test_no_instance_id_outside_the_id_columns(tables):
    for facts in FACTS.values():
        for t in facts:
            for col in t.columns:
                if col.name.endswith("_id") or col.name == "game_id":
                    continue
                bad = [
                    s for v in tables[t.name].column(col.name).to_pylist() for s in _strings(v) if "#" in s
                ]
                assert not bad, (t.name, col.name, bad[:3])


def test_games_hold_lists_maps_and_structs_not_json_text(tables):
    g = tables["games"].schema
    assert pa.types.is_map(g.field("options").type)
    assert pa.types.is_list(g.field("scores").type) and pa.types.is_struct(g.field("scores").type.value_type)
    con = duckdb.connect()
    con.register("games", tables["games"])
    got = con.execute(
        "SELECT options['scenario'], list_transform(scores, lambda s: s.seat) FROM games "
        "WHERE ruleset = 'mage-knight' ORDER BY game_id LIMIT 1"
    ).fetchone()
    assert got == ("blitz_conquest", [0, 1])
    assert con.execute("SELECT count(*) FROM games").df().iloc[0, 0] == sum(
        n for _, n, _, _ in GAMES
    )  # pandas


def test_csv_export_writes_nested_cells_as_json(db, tmp_path):
    export(db, tmp_path / "c", "csv", ruleset="dragonlords")
    text = (tmp_path / "c" / "games" / "part-00001.csv").read_text()
    assert '[{""parts"": {""kingdoms"": ' in text and '""score"": null, ""seat"": 0}' in text


def test_names_in_english_and_german_from_the_catalogue():
    ts, mk, dl = names("thunderstone"), names("mage-knight"), names("dragonlords")
    assert ts.of("Miliz#s0.1") == ("Militia", "Miliz")
    assert ts.of("Fire Giant#2") == ("Fire Giant", "Fire Giant")  # an English card in a German box
    assert mk.of("green_diggers#1") == ("Diggers", None)
    assert mk.of("wolfhawk_wolfs_howl") == ("Wolf's Howl", None)
    assert dl.of("tempest", ("scroll",)) == ("Tempest", "Sturm")
    assert dl.of("ship", ("ship",)) == ("Ship", "Schiff")
    assert mk.of("no_such_card#3") == ("No such card", None)  # its own words, never the id


@pytest.mark.parametrize(
    "table,column,ruleset",
    [
        ("ts_buys", "card", "thunderstone"),
        ("ts_battles", "monster", "thunderstone"),
        ("mk_cards_played", "card", "mage-knight"),
        ("mk_units", "unit", "mage-knight"),
        ("dl_purchases", "item", "dragonlords"),
        ("dl_magic", "magic", "dragonlords"),
        ("ra_purchases", "card", "rune-age"),
        ("ra_produced", "card", "rune-age"),
        ("ep_hits", "unit", "epochs"),
        ("duel_damage", "card", "duel"),
    ],
)
def test_every_name_is_a_catalogue_name(tables, table, column, ruleset):
    from engine import language

    cards = registry.get(ruleset).cards()
    # the names every front end shows (engine.language): "X (print name)" where a German card's
    # English name is unknown
    english = {language.card_name(c, "en", ruleset) for c in cards}
    german = {language.card_name(c, "de", ruleset) for c in cards}
    for r in rows(tables, table):
        assert r[f"{column}_en"] in english, r
        assert r[f"{column}_de"] is None or r[f"{column}_de"] in german, r


def _windows(evs, start, end):
    """(start event, events inside) for each span from a `start` event to the next `end` event."""
    out, inside = [], None
    for e in evs:
        if e.type == start:
            inside = (e, [])
        elif inside is not None and e.type == end:
            out.append((inside[0], inside[1] + [e]))
            inside = None
        elif inside is not None:
            inside[1].append(e)
    return out


def test_mage_knight_combats_agree_with_the_fame_and_outcome_events(tables, events):
    combats = defaultdict(list)
    for r in rows(tables, "mk_combats"):
        combats[r["game_id"]].append(r)
    for gid, evs in events.items():
        if not gid.startswith("mage-knight"):
            continue
        spans = _windows(evs, "mk.combat_started", "mk.combat_over")
        assert len(spans) == len(combats[gid])
        for (start, inside), r in zip(spans, combats[gid], strict=True):
            seat = start.data["seat"]
            fame = sum(e.data["delta"] for e in inside if e.type == "mk.fame" and e.data["seat"] == seat)
            assert r["fame_total"] == fame
            assert r["fame"] == inside[-1].data["outcome"]["fame"] <= r["fame_total"]
            assert r["won"] == inside[-1].data["outcome"]["all_defeated"]
            assert r["enemy_count"] == len(start.data["combat"]["enemies"]) == len(r["enemies"])
            assert (
                r["hero"]
                and r["round"] >= 1
                and r["kind"] in ("assault", "challenge", "provoked", "adventure", "burn")
            )
    assert any(r["site"] for rs in combats.values() for r in rs)  # an assault on a site


def test_mage_knight_fame_and_score_lines_add_up(tables, events):
    fame = defaultdict(int)
    for r in rows(tables, "mk_fame"):
        fame[r["game_id"], r["seat"]] += r["delta"]
    for (gid, seat), total in fame.items():
        last = [e.data["total"] for e in events[gid] if e.type == "mk.fame" and e.data["seat"] == seat][-1]
        assert total == last
    lines = defaultdict(list)
    for r in rows(tables, "mk_scores"):
        lines[r["game_id"], r["seat"]].append(r)
    scores = {g["game_id"]: g["scores"] for g in rows(tables, "games")}
    for (gid, seat), ls in lines.items():
        if ls[0]["scenario"] == "blitz_conquest":  # lines of points (keeps and towers count)
            assert sum(x["value"] for x in ls) == ls[0]["total"]
        assert {s["seat"]: s["score"] for s in scores[gid]}[seat] == ls[0]["total"]


def test_mage_knight_cards_played_are_the_played_events(tables, events):
    played = [
        e
        for g, evs in events.items()
        if g.startswith("mage-knight")
        for e in evs
        if e.type == "mk.played" and e.data.get("mode") in ("basic", "powered", "sideways")
    ]
    got = rows(tables, "mk_cards_played")
    assert len(got) == len(played)
    powered = [r for r in got if r["mode"] == "powered" and r["by_command"]]
    assert powered and all(r["mana_source"] for r in powered)
    assert {r["mana_colour"] for r in powered} <= {"red", "blue", "green", "white", "gold", "black"}


def test_dragonlords_battles_are_fought_at_real_places(tables, events):
    from engine.games.dragonlords.map.world import world  # tests may read a game's map

    w = world()
    places = set(w.kind) | set(w.sea) | set(w.space_kind)
    battles = rows(tables, "dl_battles")
    assert all(b["place"] in places for b in battles)
    assert all(b["place_kind"] == w.kind.get(b["place"], b["place_kind"]) for b in battles)
    starts = sum(
        1
        for evs in events.values()
        for e in evs
        if e.type == "dl.battle" and "end" in e.data and e.data["end"]
    )
    assert len(battles) == starts
    for b in battles:
        assert b["result"] in ("attacker", "defender", "none")
        assert b["attacker_units"] >= 1 and b["defender_units"] >= 1


def test_dragonlords_holdings_at_the_end_are_the_final_scores(tables):
    scores = {g["game_id"]: g["scores"] for g in rows(tables, "games") if g["ruleset"] == "dragonlords"}
    ends = [r for r in rows(tables, "dl_holdings") if r["final"]]
    assert ends
    for r in ends:  # three players: one army per seat
        parts = {s["seat"]: s["parts"] for s in scores[r["game_id"]]}[r["seat"]]
        assert dict(parts) == {"kingdoms": r["kingdoms"], "territories": r["territories"]}


def test_dragonlords_income_parts_add_up_and_purchases_cost_gold(tables):
    income = defaultdict(int)
    totals = {}
    for r in rows(tables, "dl_income"):
        income[r["game_id"], r["version"]] += r["gold"]
        totals[r["game_id"], r["version"]] = r["total"]
    assert income == totals
    assert all(r["price"] > 0 for r in rows(tables, "dl_purchases") if not r["shop"])


def test_thunderstone_battles_have_light_health_and_totals(tables):
    battles = rows(tables, "ts_battles")
    assert all(r["light"] is not None and r["health"] > 0 for r in battles)
    for r in battles:
        if not r["modifiers"]:
            assert r["deduction"] == 2 * r["light_penalty"]
            assert r["total"] == max(0, r["attack"] + r["magic"] - r["deduction"])
        assert not r["won"] or r["total"] >= r["health"]
        assert sum(p["attack"] for p in r["party"]) >= 0 and r["party"]


def test_epochs_scores_name_the_seat_scored(tables):
    by_game = defaultdict(set)
    for r in rows(tables, "ep_scores"):
        by_game[r["game_id"]].add(r["seat"])
    assert by_game and all(seats == {0, 1} for seats in by_game.values())


def test_seats_give_each_seat_its_faction_and_share_of_the_win(tables):
    games = {g["game_id"]: g for g in rows(tables, "games")}
    share = defaultdict(float)
    for r in rows(tables, "seats"):
        g = games[r["game_id"]]
        share[r["game_id"]] += r["win_share"]
        assert r["won"] == (r["seat"] in g["winners"])
        if r["ruleset"] in ("mage-knight", "dragonlords", "rune-age"):
            assert r["faction"], r
    assert set(share) == set(games)
    assert all(abs(v - (1.0 if games[g]["winners"] else 0.0)) < 1e-9 for g, v in share.items())


def test_the_fold_behind_the_facts_follows_an_undo(tmp_path):
    """A game with an undo in it: the state the extractors walk ends where the engine's does."""
    eng = Engine(str(tmp_path / "u.db"))
    gid = eng.create("mage-knight", 2, "undo-1", {"scenario": "first_reconnaissance"}, analysis=True)
    rng = bot_rng("undo-1")
    for _ in range(40):
        step(eng, gid, rng)
    evs = eng.store.read(gid)
    last_cmd = max(e.version for e in evs if e.type.startswith("cmd."))
    eng.undo(gid, last_cmd - 1)
    play_out(eng, gid, "undo-1")
    evs = eng.store.read(gid)
    assert any(e.type == "undo.done" for e in evs)
    game = Game(gid, "mage-knight", evs, seen_data(evs, "mage-knight"))
    *_, (_, _, table) = game.walk()  # the one table, folded to the end once the walk is over
    assert msgspec.json.encode(table.game) == msgspec.json.encode(eng.table(gid).game)
