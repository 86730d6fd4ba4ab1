"""UberDrakes data and board: the catalog loads, designed content is
complete and balanced, and every data problem is reported as
`file:line: field: message`."""
import shutil

import pytest

import games.uberdrakes  # noqa: F401
from engine.core import registry
from engine.core.catalog import DataError
from engine.maps.hexmap import load_hex_map
from games.uberdrakes.rules.board import Board, load_board
from games.uberdrakes.rules.catalog import DATA_DIR, load_catalog
from tiers import ROOT



def test_catalog_contents():
    c = registry.get("uberdrakes").catalog()
    assert len(c.dragons) == 6 and all(len(d.spells) == 4 for d in c.dragons.values())
    assert len(c.riders) == 36
    assert len(c.movement_deck()) == 40 and len(c.treasure_deck()) == 45
    assert len(c.hoard_items) == 8
    assert sum(c.movement[m].slots for m in c.general) == 7, "Forward appears twice: seven actions"
    for r in c.riders.values():
        assert r.element in c.elements and r.cls in c.rider_classes


def test_designed_items_are_marked_house():
    c = registry.get("uberdrakes").catalog()
    assert c.items["diamond"].source == "house" and c.items["dragon_lance"].source == "rulebook"
    assert all(r.source == "house" for r in c.riders.values())
    assert all(d.source == "house" for d in c.damage.values())
    assert c.movement["dash"].source == "house" and c.movement["forward"].source == "rulebook"


def _broken(tmp_path, fname, old, new) -> list[str]:
    root = tmp_path / f"data_{len(list(tmp_path.iterdir()))}"
    shutil.copytree(DATA_DIR, root)
    p = root / fname
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_catalog(root)
    return e.value.problems


def test_unknown_element_names_file_line_and_field(tmp_path):
    probs = _broken(tmp_path, "riders.yaml", "fire_knight: {name: Fire Knight, element: fire",
                    "fire_knight: {name: Fire Knight, element: plasma")
    assert any(p.startswith("riders.yaml:5: fire_knight.element: unknown element 'plasma'") for p in probs), probs


def test_wrong_type_and_unknown_field(tmp_path):
    probs = _broken(tmp_path, "items.yaml", "hoard: true, price: 3, use: counter",
                    "hoard: true, price: three, use: counter, colour: red")
    assert any(p.startswith("items.yaml:") and "dragon_lance.price:" in p for p in probs), probs
    assert any("dragon_lance.colour: unknown field" in p for p in probs), probs


def test_unbalanced_riders_and_missing_spell_rules(tmp_path):
    probs = _broken(tmp_path, "riders.yaml", "bonus: {water: 2}", "bonus: {water: 3}")
    assert any("riders.yaml:" in p and "unbalanced" in p for p in probs), probs
    probs = _broken(tmp_path, "dragons.yaml", "id: heat_wave", "id: lava_wave")
    assert any(p.startswith("dragons.yaml:") and "fire.spells[1].id: no rules for spell 'lava_wave'" in p
               for p in probs), probs


def test_economy_and_yaml_syntax(tmp_path):
    probs = _broken(tmp_path, "economy.yaml", "start_coins: 6", "start_coins: -1")
    assert any(p.startswith("economy.yaml:3: start_coins: must be 0 or more") for p in probs), probs
    probs = _broken(tmp_path, "stock.yaml", "stock_1: {offers:", "stock_1: {offers: [")
    assert any(p.startswith("stock.yaml:") and "YAML syntax" in p for p in probs), probs


def test_check_data_reports_problems(tmp_path):
    rules = registry.get("uberdrakes")
    assert rules.check_data(None) == []
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    (root / "stock.yaml").write_text("stock_1: {offers: [moonbeam]}\n")
    probs = rules.check_data(root)
    assert any(p.startswith("stock.yaml:1: stock_1.offers[0]: 'moonbeam'") for p in probs), probs


def test_board_spaces_and_borders():
    b = load_board(registry.get("uberdrakes").catalog())
    kinds = [s.kind for s in b.spaces]
    assert kinds.count("village") == 3 and kinds.count("pickup") == 2 and kinds.count("cave") == 1
    assert len(b.spaces[b.caves].hexes) == 4
    assert len(b.portals) == 2
    assert sum(1 for s in b.spaces if s.kind == "element") == 12
    for p in b.portals:
        ring = sorted(b.spaces[b.space_of[n]].element for n in b.nb[p])
        assert ring == sorted(registry.get("uberdrakes").catalog().elements)
    assert sorted(s.mountain for s in b.spaces if s.kind == "mountain") == [1] * 6 + [2] * 4 + [3] * 2 + [4] * 2
    assert all(not b.zoc[h] for h in b.spaces[b.start_village].hexes), "no zone of control inside a village"
    assert b.border_edges, "thick borders around the protected spaces"


def test_map_problems_are_reported(tmp_path):
    src = (ROOT / "assets" / "maps" / "uberdrakes" / "board.tmx").read_text()
    for f in ("terrain.tsx", "terrain.png"):
        shutil.copy(ROOT / "assets" / "maps" / "uberdrakes" / f, tmp_path / f)
    bad = tmp_path / "board.tmx"
    bad.write_text(src.replace('type="portal"', 'type="portal_x"', 1))
    data = load_hex_map(bad, known_terrain=set(registry.get("uberdrakes").catalog().terrain))
    with pytest.raises(DataError) as e:
        Board(data, registry.get("uberdrakes").catalog().terrain)
    text = "\n".join(e.value.problems)
    assert "unknown object type 'portal_x'" in text and "exactly two portals" in text
