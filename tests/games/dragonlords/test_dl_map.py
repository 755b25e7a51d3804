"""The stand-in map honours the rulebook's facts, and a broken map file is refused with each fault named."""

from __future__ import annotations

import copy

import pytest

from engine.content import ContentError, read_toml
from engine.games.dragonlords.map.load import MAP_FILE, faults, load_map, parse_map


@pytest.fixture()
def doc():
    return copy.deepcopy(read_toml(MAP_FILE))


def refused(doc) -> str:
    with pytest.raises(ContentError) as exc:
        parse_map(doc, "map.toml")
    return str(exc.value)


def test_shipped_map_is_sound_and_marked_stand_in():
    m = load_map()
    assert faults(m) == []
    assert m.provenance == "stand-in"
    assert len(m.realms) == 6
    assert sum(t.kind == "island" for t in m.territories) == 4
    assert sum(t.mine for t in m.territories) == 2
    assert sorted(m.teleportals) == ["P1", "P2", "P3"]


def test_islands_have_no_land_neighbours_and_are_not_placeable():
    """§2.2/islands, F-Q9: islands are reached only by ship and take no units at set-up."""
    m = load_map()
    for t in m.territories:
        if t.kind == "island":
            assert m.neighbours(t.id) == []
            assert t.id not in m.placeable()


def test_short_game_excludes_tundra_on_the_right():
    """§5.1/short: the right-hand part of the map is tundra and cannot be occupied."""
    m = load_map()
    long, short = set(m.placeable()), set(m.placeable(short_game=True))
    assert short < long
    assert all(m.territory(t).tundra for t in long - short)
    assert "K3" in long - short and "K6" in long - short


def test_every_realm_kingdom_reaches_its_realm():
    m = load_map()
    for r in m.realms:
        assert m.territory(r.kingdom).realm == r.id
        assert len(m.realm_territories(r.id)) >= 2


def test_each_wasteland_has_every_kind_and_entries_by_bridge_and_pass():
    m = load_map()
    for w in m.wastelands:
        kinds = {s.kind for s in w.spaces}
        assert kinds == {"village", "witches_den", "shrine", "dragons_lair", "draw_quest"}
        assert {e.via for e in w.entries} == {"bridge", "pass"}


def test_edge_to_nothing_is_named(doc):
    doc["land_edges"].append({"a": "K1", "b": "Atlantis", "via": "border"})
    assert "'Atlantis' is no territory" in refused(doc)


def test_realm_without_kingdom_is_named(doc):
    doc["realms"][0]["kingdom"] = "T1a"
    msg = refused(doc)
    assert "realm 'R1' has no kingdom: 'T1a' is of kind ordinary, not a kingdom (§2.2/kingdom)" in msg


def test_realm_whose_kingdom_is_missing_is_named(doc):
    doc["realms"][2]["kingdom"] = "K99"
    assert "realm 'R3' has no kingdom: 'K99' is no territory" in refused(doc)


def test_harbour_on_no_sea_zone_is_named(doc):
    t = next(t for t in doc["territories"] if t["id"] == "T1a")
    t["harbours"] = ["S99"]
    assert "territory 'T1a' has a harbour on 'S99', which is no sea zone" in refused(doc)


def test_village_harbour_on_no_sea_zone_is_named(doc):
    doc["wastelands"][0]["spaces"][0]["harbour"] = "nowhere"
    assert "harbour on 'nowhere', which is no sea zone" in refused(doc)


def test_all_faults_are_listed_at_once(doc):
    doc["land_edges"].append({"a": "K1", "b": "Atlantis"})
    doc["realms"][0]["kingdom"] = "T1a"
    doc["territories"] = [t for t in doc["territories"] if t["id"] != "I4"]
    msg = refused(doc)
    assert "4 fault(s)" in msg
    assert "kingdom 'K1' is not the kingdom of its realm 'R1'" in msg
    assert "4 island territories (§2.2/islands), this map has 3" in msg


def test_island_with_land_edge_is_refused(doc):
    doc["land_edges"].append({"a": "I1", "b": "T1a"})
    assert "touches an island" in refused(doc)


def test_gold_territory_in_a_realm_is_refused(doc):
    t = next(t for t in doc["territories"] if t["id"] == "G1")
    t["realm"] = "R1"
    assert "gold territory 'G1' lies in realm 'R1'" in refused(doc)


def test_pass_entry_must_lead_to_the_dragons_lair(doc):
    entry = next(e for e in doc["wastelands"][0]["entries"] if e["via"] == "pass")
    entry["space"] = doc["wastelands"][0]["spaces"][0]["id"]
    assert "a pass entry counts from the dragons_lair" in refused(doc)


def test_wasteland_missing_a_kind_is_refused(doc):
    w = doc["wastelands"][1]
    shrine = next(s["id"] for s in w["spaces"] if s["kind"] == "shrine")
    w["spaces"] = [s for s in w["spaces"] if s["id"] != shrine]
    w["path"] = [p for p in w["path"] if p != shrine]
    assert "wasteland 'bottom' has no shrine space" in refused(doc)


def test_one_sided_sea_adjacency_is_refused(doc):
    doc["sea_zones"][0]["adjacent"].append("S5")
    assert "sea zone 'S1' borders 'S5' but not the other way round" in refused(doc)


def test_unknown_field_is_refused_with_its_place(doc):
    doc["territories"][0]["colour"] = "red"
    assert "colour" in refused(doc)


def test_shipped_file_passes_through_the_user_path(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text(MAP_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_map(p).name == load_map().name
    p.write_text("realms = 3", encoding="utf-8")
    with pytest.raises(ContentError):
        load_map(p)


def test_FQ4_no_wrap_around_left_and_right_edges_are_not_adjacent():
    m = load_map()
    left = [t.id for t in m.territories if t.grid[:1] == [0]]
    right = [t.id for t in m.territories if t.grid[:1] == [7]]
    assert left and right
    assert not any(m.adjacent(a, b) for a in left for b in right)


def test_FQ11_bridges_join_places_but_are_no_place():
    """§2.2/terrain: a bridge makes its ends adjacent; no territory is a bridge."""
    m = load_map()
    bridge = next(e for e in m.land_edges if e.via == "bridge")
    assert m.adjacent(bridge.a, bridge.b) and m.adjacent(bridge.b, bridge.a)
    assert all(t.kind != "bridge" for t in m.territories)


def test_impassable_borders_are_not_adjacent():
    m = load_map()
    assert m.impassable
    for x in m.impassable:
        assert not m.adjacent(x.a, x.b)


def test_teleportals_are_adjacent_only_with_a_spellcaster():
    """§2.2/teleportals, F-Q10."""
    m = load_map()
    a, b = m.teleportals[0], m.teleportals[2]
    assert not m.adjacent(a, b)
    assert m.adjacent(a, b, spellcaster_in_a=True)
    assert not m.adjacent("K1", "K5", spellcaster_in_a=True)


def test_FQ24_wasteland_move_uses_the_whole_roll_without_stepping_back():
    m = load_map()
    top = next(w for w in m.wastelands if w.id == "top")
    first, middle, last = top.path[0], top.path[3], top.path[-1]
    assert m.wasteland_moves(first, 2) == [top.path[2]]
    assert m.wasteland_moves(middle, 1) == sorted([top.path[2], top.path[4]])
    assert m.wasteland_moves(middle, 3) == sorted([first, last])
    # beyond the end of a path there is nowhere to go: the roll cannot be used that way
    assert m.wasteland_moves(last, 7) == []


def test_INT46_entry_counting_option():
    """DL:3.3/party: by default the Village is position 0, so a 2 ends on the third space."""
    m = load_map()
    top = next(w for w in m.wastelands if w.id == "top")
    assert m.entry_moves(top.path[0], 2) == [top.path[2]]
    assert m.entry_moves(top.path[0], 2, entry_space_counts="yes") == [top.path[1]]
