"""The judge's fairer variant: the small changes each game proposes, the
Tiled files they are written as, and the search that keeps the fair one
changing the map least (engine/commands/variants.py)."""
import json

import pytest

from engine.commands import variants
from engine.core import registry
from engine.core.dice import SeededDice
from engine.core.judging import Variant
from engine.core.rules import Setup
from engine.hex import grid
from engine.maps.hexmap import load_hex_map
from engine.maps.tablemap import load_table_map
from engine.maps.write import hex_variant, table_variant
from tiers import slow

DW = "assets/maps/dice_wars/balanced.tmx"


def _dw_terrain():
    from engine.core import registry
    return set(registry.get("dice_wars").catalog().terrain)


def test_a_hex_variant_changes_only_what_it_says_and_opens_where_it_is_written(tmp_path):
    known = _dw_terrain()
    src = load_hex_map(DW, known)
    terrain = dict(src.terrain)
    h = grid.offset_to_axial(3, 3)
    terrain[h] = "forest" if terrain[h] != "forest" else "plains"
    city = next(o for o in src.objects if o.type == "city")
    out = tmp_path / "deeper" / "variant.tmx"
    hex_variant(DW, out, terrain, {city.name: (city.hex[0] + 1, city.hex[1])}, {"name": "Balanced, moved"})
    got = load_hex_map(out, known)                       # its tileset found from the new folder
    assert [x for x in src.terrain if src.terrain[x] != got.terrain[x]] == [h]
    moved = {o.name: o.hex for o in got.objects}
    assert moved[city.name] == (city.hex[0] + 1, city.hex[1])
    assert all(moved[o.name] == o.hex for o in src.objects if o.name != city.name)
    assert got.properties["name"] == "Balanced, moved" and got.properties["tile_cols"] == 6


@pytest.mark.parametrize("path", ["assets/maps/battle_valor_fantasy/fords_of_legian.tmx",
                                  "assets/maps/dragonbond/valerna_crossing.tmj"])
def test_a_table_variant_moves_one_zone_by_inches(tmp_path, path):
    src = load_table_map(path)
    zone = next(z for z in src.zones if z.type == "objective")
    out = tmp_path / ("variant" + path[path.rindex("."):])
    table_variant(path, out, {zone.name: (2.0, -2.0)}, {"title": "moved"})
    got = load_table_map(out)
    after = {z.name: z for z in got.zones}
    x0, y0, x1, y1 = zone.bbox
    assert after[zone.name].bbox == pytest.approx((x0 + 2, y0 - 2, x1 + 2, y1 - 2))
    assert all(after[z.name].bbox == pytest.approx(z.bbox) for z in src.zones if z.name != zone.name)
    assert [p.ring for p in got.terrain] == [p.ring for p in src.terrain]
    assert got.properties["title"] == "moved"


def _state(game, scenario, seed=3):
    rules = registry.get(game)
    return rules, rules.initial_state(Setup(game, 2, seed=seed, scenario=scenario), SeededDice(seed))[0]


@slow
def test_dice_wars_proposes_sound_changes_smallest_first(tmp_path):
    rules, state = _state("dice_wars", "balanced")
    found = rules.judge_variants(state, tmp_path)
    assert [v.size for v in found] == sorted(v.size for v in found)
    words = [v.words for v in found]
    assert "turn the top-left tile half round" in words and "swap the top-left and bottom-right tiles" in words
    assert not any("centre tile" in w for w in words)     # the Dark Tower's tile looks the same turned
    move = next(v for v in found if v.words.startswith("move the top city one hex east"))
    moved, _ = rules.initial_state(Setup("dice_wars", 2, seed=3, scenario=move.scenario), SeededDice(3))
    before = state.board.cities[0]
    after = next(c for c in moved.board.cities if c.name == before.name)
    assert after.capital == (before.capital[0] + 1, before.capital[1]) and len(after.hexes | after.walls) == 7
    assert move.size == sum(1 for h in state.board.terrain if state.board.terrain[h] != moved.board.terrain[h]) + 1
    turned = next(v for v in found if v.words == "turn the top-left tile half round")
    t = load_hex_map(turned.scenario, _dw_terrain()).terrain
    for r in range(6):
        for c in range(6):
            assert t[grid.offset_to_axial(c, r)] == state.board.terrain[grid.offset_to_axial(5 - c, 5 - r)]


def test_warbound_moves_scan_markers_and_starts_on_open_ground(tmp_path):
    rules, state = _state("warbound", "recommended")
    found = rules.judge_variants(state, tmp_path)
    scan = found[0]
    assert scan.words.startswith("move Scan ") and scan.size == 1
    start = next(v for v in found if "starting tile" in v.words)
    moved, _ = rules.initial_state(Setup("warbound", 2, seed=3, scenario=start.scenario), SeededDice(3))
    assert sum(a != b for a, b in zip(moved.board.starts, state.board.starts)) == 1
    assert all(h in moved.board.open for h in moved.board.starts)


@slow
def test_battle_valor_variants_play_as_their_scenario(tmp_path):
    rules, state = _state("battle_valor_fantasy", "fords_of_legian")
    found = rules.judge_variants(state, tmp_path)
    assert found and all(v.scenario.endswith(".tmx") for v in found)
    zone = next(v for v in found if "deployment zone" in v.words)
    moved, _ = rules.initial_state(Setup("battle_valor_fantasy", 2, seed=3, scenario=zone.scenario), SeededDice(3))
    cat = registry.get("battle_valor_fantasy").catalog()
    assert cat.scenario(zone.scenario).victory == cat.scenario("fords_of_legian").victory
    assert [p.zone for p in moved.players] == [p.zone for p in state.players]


def _report(rows: list[tuple[int, int]]) -> dict:
    """A judge report of a places-swapped run with these (wins, games) per place."""
    from engine.commands.tally import rate
    places = [{"place": f"place {i + 1}", **rate(w, n, 0.5)} for i, (w, n) in enumerate(rows)]
    return {"tournament": {"fair_share": 0.5, "seats": []}, "why": {"map_or_player": {"places": places}}}


def test_the_search_keeps_the_smallest_change_that_stays_fair_on_fresh_dice(tmp_path, monkeypatch):
    made = []

    def propose(state, folder):
        out = []
        for i, words in enumerate(("nudge a", "nudge b", "nudge c")):
            path = tmp_path / f"variant_{i}.tmx"
            path.write_text(f"<map>{words}</map>\n")
            out.append(Variant(words, i + 1, str(path)))
        made.append(folder)
        return out
    outcomes = {"balanced": [(70, 100), (30, 100)],                 # the map: place 1 wins 70%
                "variant_0.tmx": [(64, 100), (36, 100)],            # still not fair
                "variant_1.tmx": [(54, 100), (46, 100)],            # fair...
                "variant_1.tmx again": [(66, 100), (34, 100)],      # ...but not on fresh dice
                "variant_2.tmx": [(52, 100), (48, 100)],
                "variant_2.tmx again": [(49, 100), (51, 100)]}
    seen = []

    def judged(game, scenario, players, games, seed, options, workers, swap, progress, label):
        key = scenario.rsplit("/", 1)[-1] + (" again" if seed != 1 else "")
        seen.append(key)
        return _report(outcomes[key])
    import games.dice_wars.rules.judge as hooks
    monkeypatch.setattr(variants, "_judged", judged)
    monkeypatch.setattr(hooks, "judge_variants", propose)
    out = tmp_path / "fairer.tmx"
    result = variants.search("dice_wars", "balanced", 2, 100, 1, {}, 1, out, progress=False, folder=tmp_path)
    assert seen == ["balanced", "variant_0.tmx", "variant_1.tmx", "variant_1.tmx again", "variant_2.tmx",
                    "variant_2.tmx again"]
    chosen = result["chosen"]
    assert chosen["change"] == "nudge c" and chosen["fair"] and chosen["rows"][0]["wins"] == 101
    assert out.read_text() == "<map>nudge c</map>\n"
    assert result["verdict"].startswith("The map is not fair over 100 games: the place 1 wins 70/100 (60%-78%), "
                                        "more than a fair share")
    assert "Fairer: nudge c (changes 3 hexes)" in result["verdict"] and str(out) in result["verdict"]
    json.dumps(result)


def test_a_fair_map_needs_no_change(monkeypatch):
    monkeypatch.setattr(variants, "_judged", lambda *a: _report([(50, 100), (50, 100)]))
    result = variants.search("dice_wars", "balanced", 2, 100, 1, {}, 1, None, progress=False)
    assert result["chosen"] is None and result["verdict"].startswith("The map is fair over 100 games")


@slow
def test_fairer_on_the_command_line_refuses_a_picture_name_and_searches(tmp_path):
    import subprocess
    import sys
    from tests.engine.test_cli import ROOT
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "judge", "dragonbond", "--fairer",
                          str(tmp_path / "x.tmx")], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert bad.returncode == 2 and "name the variant x.tmj" in bad.stderr and "Traceback" not in bad.stderr
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "judge", "warbound", "--games", "4", "--workers", "1",
                        "--fairer", str(tmp_path / "fair.tmx"), "--variants", "1", "--quiet", "--json"],
                       capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["swap"] == "places" and len(result["map"]["rows"]) == 2
