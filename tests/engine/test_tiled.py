"""engine.maps.hexmap and the Dice Wars maps in assets/maps/dice_wars/."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.hex import grid as hexgrid
from engine.core.catalog import DataError
from engine.maps.hexmap import HexMapData, MapError, compose, load_hex_map, tile_of
from tiers import ROOT

MAPS = ROOT / "assets" / "maps" / "dice_wars"
KNOWN = set(yaml.safe_load((ROOT / "data" / "dice_wars" / "terrain.yaml").read_text(encoding="utf-8")))
IMPASSABLE = {"water", "mountain", "wall", "tower"}
PROBLEM = re.compile(r"^[^\n:]+:\d+: [^:\n]+: [^\n]+$")


def load(name: str) -> HexMapData:
    return load_hex_map(MAPS / f"{name}.tmx", KNOWN)


def turn(data: HexMapData, h):
    c, r = hexgrid.axial_to_offset(h)
    return hexgrid.offset_to_axial(data.width - 1 - c, data.height - 1 - r)


def regions(terrain: dict) -> int:
    todo = {h for h, t in terrain.items() if t not in IMPASSABLE}
    count = 0
    while todo:
        count += 1
        stack = [todo.pop()]
        while stack:
            for n in hexgrid.neighbors(stack.pop()):
                if n in todo:
                    todo.discard(n)
                    stack.append(n)
    return count


# --- the shipped maps ----------------------------------------------------------

@pytest.mark.parametrize("name", [f"{side}_{n}" for side in ("tile", "hinterland") for n in range(1, 10)]
                         + ["balanced", "hinterland"])
def test_every_map_loads_with_known_terrain_on_every_cell(name):
    data = load(name)
    size = 6 if "_" in name else 18
    assert (data.width, data.height) == (size, size)
    cells = {hexgrid.offset_to_axial(c, r) for r in range(size) for c in range(size)}
    assert set(data.terrain) == cells
    assert set(data.terrain.values()) <= KNOWN
    assert regions(data.terrain) == 1
    for o in data.objects:
        assert o.hexes == (o.hex,) and data.terrain[o.hex] not in IMPASSABLE


def test_cities_sit_on_capitals_with_alternating_walls():
    for n in range(1, 10):
        data = load(f"tile_{n}")
        cities = [o for o in data.objects if o.type == "city"]
        if n not in (2, 4, 6, 8):
            assert cities == [] and "capital" not in data.terrain.values()
            continue
        (city,) = cities
        assert city.name == f"city_{n}"
        assert data.terrain[city.hex] == "capital"
        assert [h for h, t in data.terrain.items() if t == "capital"] == [city.hex]
        ring = [data.terrain[h] for h in hexgrid.neighbors(city.hex)]
        assert ring in (["wall", "city"] * 3, ["city", "wall"] * 3)
    balanced = load("balanced")
    assert sorted(o.name for o in balanced.objects) == ["city_2", "city_4", "city_6", "city_8"]
    assert all(balanced.terrain[o.hex] == "capital" for o in balanced.objects)
    assert [tile_of(o.hex, 6, 6) for o in balanced.objects] == [(1, 0), (0, 1), (2, 1), (1, 2)]


def test_hinterland_has_sites_and_no_cities():
    for n in range(1, 10):
        data = load(f"hinterland_{n}")
        assert not {"city", "capital", "wall"} & set(data.terrain.values())
        (site,) = data.objects
        assert (site.name, site.type) == (f"site_{n}", "site")
        assert all(data.terrain.get(h, "water") not in IMPASSABLE for h in [site.hex] + hexgrid.neighbors(site.hex))
    whole = load("hinterland")
    assert [o.name for o in whole.objects] == [f"site_{n}" for n in range(1, 10)]
    assert [tile_of(o.hex, 6, 6) for o in whole.objects] == [(n % 3, n // 3) for n in range(9)]


@pytest.mark.parametrize("name", ["balanced", "hinterland"])
def test_layouts_are_symmetric_under_a_half_turn(name):
    data = load(name)
    assert all(data.terrain[turn(data, h)] == t for h, t in data.terrain.items())


def test_dark_tower_is_ringed_by_ley_lines():
    data = load("tile_5")
    tower = [h for h, t in data.terrain.items() if t == "tower"]
    assert len(tower) == 4
    ring = {n for h in tower for n in hexgrid.neighbors(h)} - set(tower)
    assert {data.terrain[h] for h in ring} == {"ley_line"}


@pytest.mark.parametrize("side, whole", [("tile", "balanced"), ("hinterland", "hinterland")])
def test_layout_is_the_composed_tiles(side, whole):
    tiles = [load(f"{side}_{n}") for n in range(1, 10)]
    made = compose([[(tiles[r * 3 + c], False) for c in range(3)] for r in range(3)])
    data = load(whole)
    assert (made.width, made.height) == (data.width, data.height)
    assert made.terrain == data.terrain
    assert made.objects == data.objects
    assert made.properties == {"tile_cols": 6, "tile_rows": 6}
    assert {k: data.properties[k] for k in made.properties} == made.properties
    assert data.properties["layout"] == "1,2,3,4,5,6,7,8,9" and data.properties["name"]


def test_compose_turns_blocks_half_round():
    t1, t9, t2, t8 = (load(f"tile_{n}") for n in (1, 9, 2, 8))
    assert compose([[(t1, True)]]).terrain == t9.terrain        # the layout's symmetry, tile by tile
    turned = compose([[(t2, True)]])
    assert turned.terrain == t8.terrain
    assert turned.objects[0].hex == turn(t2, t2.objects[0].hex) == t8.objects[0].hex
    again = compose([[(turned, True)]])
    assert (again.terrain, again.objects) == (t2.terrain, t2.objects)
    wide = compose([[(t1, False), (t2, True)], [(t8, False), (t9, True)]])
    assert (wide.width, wide.height, wide.properties) == (12, 12, {"tile_cols": 6, "tile_rows": 6})
    assert wide.terrain[hexgrid.offset_to_axial(6 + 3, 3)] == t2.terrain[turn(t2, hexgrid.offset_to_axial(3, 3))]


def test_compose_refuses_blocks_of_different_sizes(tmp_path):
    small = HexMapData("small.tmx", 6, 4, {}, (), {})
    with pytest.raises(MapError) as e:
        compose([[(load("tile_1"), False), (small, False)]])
    assert str(e.value) == "small.tmx:0: compose: block is 6x4, the first block is 6x6"
    odd = HexMapData("odd.tmx", 3, 3, {}, (), {})
    with pytest.raises(MapError, match=r"^odd.tmx:0: compose: an odd-r block of odd height"):
        compose([[(odd, True)]])


def test_tile_of():
    assert tile_of(hexgrid.offset_to_axial(0, 0), 6, 6) == (0, 0)
    assert tile_of(hexgrid.offset_to_axial(5, 5), 6, 6) == (0, 0)
    assert tile_of(hexgrid.offset_to_axial(6, 5), 6, 6) == (1, 0)
    assert tile_of(hexgrid.offset_to_axial(17, 12), 6, 6) == (2, 2)
    assert tile_of(hexgrid.offset_to_axial(0, 11), 6, 6) == (0, 1)


def test_loads_without_known_terrain_and_keeps_properties():
    data = load_hex_map(str(MAPS / "balanced.tmx"))
    assert data.path.endswith("balanced.tmx")
    assert data.properties["tile_cols"] == 6 and isinstance(data.properties["tile_rows"], int)


# --- hand-written maps: objects and errors ---------------------------------------

TSX_TILES = """ <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="water"/></properties></tile>
"""


def tmx_text(cells: str = "1,1,1,\n1,2,1,\n1,1,1", tileset: str | None = None, objects: str = "",
             orientation: str = 'orientation="hexagonal"', stagger: str = 'staggeraxis="y" staggerindex="odd"') -> str:
    if tileset is None:
        tileset = f' <tileset firstgid="1" name="t" tilewidth="64" tileheight="72" tilecount="2" columns="2">\n' \
                  f'{TSX_TILES} </tileset>'
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" {orientation} renderorder="right-down" width="3" height="3" tilewidth="64" tileheight="72" infinite="0" hexsidelength="36" {stagger}>
 <properties>
  <property name="title" value="test"/>
  <property name="rounds" type="int" value="5"/>
  <property name="night" type="bool" value="true"/>
 </properties>
{tileset}
 <layer id="1" name="terrain" width="3" height="3">
  <data encoding="csv">
{cells}
</data>
 </layer>
 <objectgroup id="2" name="marks">
{objects} </objectgroup>
</map>
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def problems(path: str, known=KNOWN) -> list[str]:
    with pytest.raises(MapError) as e:
        load_hex_map(path, known)
    assert isinstance(e.value, DataError)
    assert str(e.value) == "\n".join(e.value.problems)
    for p in e.value.problems:
        assert PROBLEM.match(p), p
        assert "Traceback" not in p
    return e.value.problems


def test_small_map_terrain_properties_and_point_objects(tmp_path):
    objects = ('  <object id="1" name="here" type="mark" x="120" y="80"><point/></object>\n'
               '  <object id="2" name="near" class="mark" x="70" y="60"><point/>\n'
               '   <properties><property name="value" type="float" value="2.5"/></properties></object>\n')
    data = load_hex_map(write(tmp_path, "m.tmx", tmx_text(objects=objects)), KNOWN)
    assert data.terrain[hexgrid.offset_to_axial(1, 1)] == "water"
    assert sum(t == "plains" for t in data.terrain.values()) == 8
    assert data.properties == {"title": "test", "rounds": 5, "night": True}
    here, near = data.objects
    assert (here.name, here.type, here.hex, here.hexes) == ("here", "mark", hexgrid.offset_to_axial(1, 1),
                                                            (hexgrid.offset_to_axial(1, 1),))
    assert (near.type, near.hex, near.properties) == ("mark", hexgrid.offset_to_axial(0, 1), {"value": 2.5})


def test_shapes_cover_the_hexes_whose_centres_they_hold(tmp_path):
    # hex centres: (c, r) -> (64c + 32 + 32 * (r odd), 54r + 36)
    objects = ('  <object id="1" name="box" x="20" y="20" width="100" height="30"/>\n'
               '  <object id="2" name="tri" x="0" y="0"><polygon points="20,20 180,20 100,140"/></object>\n'
               '  <object id="3" name="oval" x="40" y="70" width="130" height="40"><ellipse/></object>\n')
    data = load_hex_map(write(tmp_path, "m.tmx", tmx_text(objects=objects)), KNOWN)
    box, tri, oval = data.objects
    ax = hexgrid.offset_to_axial
    assert box.hexes == (ax(0, 0), ax(1, 0)) and box.hex in box.hexes
    assert tri.hexes == (ax(0, 0), ax(1, 0), ax(2, 0), ax(1, 1))
    assert oval.hexes == (ax(0, 1), ax(1, 1)) and oval.hex == ax(1, 1)


def test_external_tileset(tmp_path):
    write(tmp_path, "t.tsx", '<?xml version="1.0" encoding="UTF-8"?>\n'
          '<tileset name="t" tilewidth="64" tileheight="72" tilecount="2" columns="2">\n' + TSX_TILES + "</tileset>\n")
    data = load_hex_map(write(tmp_path, "m.tmx", tmx_text(tileset=' <tileset firstgid="1" source="t.tsx"/>')), KNOWN)
    assert data.terrain[hexgrid.offset_to_axial(1, 1)] == "water"


def test_error_missing_file(tmp_path):
    path = str(tmp_path / "nope.tmx")
    assert problems(path) == [f"{path}:0: cannot read file: No such file or directory"]


def test_error_bad_xml_reports_the_parser_line(tmp_path):
    text = tmx_text().replace(' <layer id="1"', ' <layer id="1" <oops', 1)
    path = write(tmp_path, "m.tmx", text)
    assert problems(path) == [f"{path}:{line_of(text, '<oops')}: XML syntax: not well-formed (invalid token)"]


def test_error_square_and_wrongly_staggered_maps(tmp_path):
    path = write(tmp_path, "sq.tmx", tmx_text(orientation='orientation="orthogonal"', stagger=""))
    assert problems(path) == [
        f'{path}:2: orientation: must be "hexagonal" (pointy-top hexes, odd rows shifted right), got "orthogonal"',
        f'{path}:2: staggeraxis: must be "y" (pointy-top hexes, odd rows shifted right), got ""',
        f'{path}:2: staggerindex: must be "odd" (pointy-top hexes, odd rows shifted right), got ""']
    path = write(tmp_path, "flat.tmx", tmx_text(stagger='staggeraxis="x" staggerindex="odd"'))
    assert problems(path) == [f'{path}:2: staggeraxis: must be "y" (pointy-top hexes, odd rows shifted right), '
                              'got "x"']


def test_error_empty_cell_names_its_line_and_cell(tmp_path):
    text = tmx_text(cells="1,1,1,\n1,2,1,\n1,0,1")
    path = write(tmp_path, "m.tmx", text)
    assert problems(path) == [f"{path}:{line_of(text, '1,0,1')}: terrain[1,2]: empty cell: every hex needs a "
                              "terrain tile"]


def test_error_tile_without_terrain_property_in_external_tileset(tmp_path):
    tsx = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<tileset name="t" tilewidth="64" tileheight="72" tilecount="2" columns="2">\n'
           ' <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>\n'
           ' <tile id="1"><properties><property name="colour" value="blue"/></properties></tile>\n'
           '</tileset>\n')
    tsx_path = write(tmp_path, "t.tsx", tsx)
    path = write(tmp_path, "m.tmx", tmx_text(tileset=' <tileset firstgid="1" source="t.tsx"/>'))
    assert problems(path) == [f'{tsx_path}:{line_of(tsx, "colour")}: tile[1].terrain: missing: every tile used for '
                              'terrain needs a "terrain" property']


def test_error_unknown_terrain_id(tmp_path):
    text = tmx_text().replace('value="water"', 'value="lava"')
    path = write(tmp_path, "m.tmx", text)
    (msg,) = problems(path)
    assert msg.startswith(f"{path}:{line_of(text, 'lava')}: tile[1].terrain: unknown terrain id 'lava' (known: ")
    assert load_hex_map(path).terrain[hexgrid.offset_to_axial(1, 1)] == "lava"     # no known set: no check


def test_error_in_external_tileset_file(tmp_path):
    path = write(tmp_path, "m.tmx", tmx_text(tileset=' <tileset firstgid="1" source="gone.tsx"/>'))
    assert problems(path) == [f"{tmp_path / 'gone.tsx'}:0: cannot read file: No such file or directory"]
    tsx_path = write(tmp_path, "bad.tsx", '<?xml version="1.0"?>\n<tileset name="t">\n <tile id="0">\n</tileset>\n')
    path = write(tmp_path, "m2.tmx", tmx_text(tileset=' <tileset firstgid="1" source="bad.tsx"/>'))
    assert problems(path) == [f"{tsx_path}:4: XML syntax: mismatched tag"]


def test_error_object_outside_the_map(tmp_path):
    objects = '  <object id="7" name="lost" x="1000" y="40"><point/></object>\n'
    text = tmx_text(objects=objects)
    path = write(tmp_path, "m.tmx", text)
    assert problems(path) == [f"{path}:{line_of(text, 'lost')}: object lost: lies outside the map "
                              "(at column 15, row 0; the map is 3x3)"]


def test_errors_are_collected_together(tmp_path):
    text = tmx_text(cells="1,1,1,\n0,2,1,\n1,1,x").replace('value="water"', 'value="lava"')
    path = write(tmp_path, "m.tmx", text)
    found = problems(path)
    assert len(found) == 3
    assert found[0].startswith(f"{path}:{line_of(text, 'lava')}: tile[1].terrain: unknown terrain id 'lava'")
    assert found[1] == f"{path}:{line_of(text, '1,1,x')}: terrain: not a tile number: 'x'"
    assert found[2] == f"{path}:{line_of(text, '0,2,1')}: terrain[0,1]: empty cell: every hex needs a terrain tile"


def test_base64_zlib_layer_data(tmp_path):
    import base64
    import zlib
    raw = b"".join(g.to_bytes(4, "little") for g in [1, 1, 1, 1, 2 | 0x80000000, 1, 1, 1, 1])   # a flipped tile
    data = base64.b64encode(zlib.compress(raw)).decode()
    text = tmx_text().replace('<data encoding="csv">\n1,1,1,\n1,2,1,\n1,1,1\n</data>',
                              f'<data encoding="base64" compression="zlib">{data}</data>')
    loaded = load_hex_map(write(tmp_path, "m.tmx", text), KNOWN)
    assert loaded.terrain[hexgrid.offset_to_axial(1, 1)] == "water"


def test_no_traceback_escapes_from_damaged_files(tmp_path):
    import random
    rng = random.Random(3)
    good = tmx_text(objects='  <object id="1" name="o" x="100" y="80" width="40" height="30"><ellipse/></object>\n')
    junk = ['"', "<", ">", "-1", "x", "nan", "1e400", "", "0", "<point/>", '<polygon points="1,a"/>', 'gid="5"']
    for _ in range(300):
        text = good
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(text))
            text = text[:k] + rng.choice(junk) + text[k + rng.randint(0, 3):]
        path = write(tmp_path, "m.tmx", text)
        try:
            load_hex_map(path, KNOWN)
        except MapError as e:
            assert all(PROBLEM.match(p) for p in e.problems), e.problems


def test_generator_reproduces_the_committed_maps():
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_maps", ROOT / "tools" / "make_dice_wars_maps.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    files, _, fair = tool.build()          # runs every design check (connectivity, shuffles, symmetry)
    assert len(set(fair)) == 1
    assert sorted(files) == sorted(p.name for p in MAPS.iterdir())
    for name, content in files.items():      # the image may differ by pygame version; its size may not
        on_disk = (MAPS / name).read_bytes()
        if name.endswith(".png"):
            assert on_disk[:24] == content[:24]
        else:
            assert on_disk == content, f"{name} is stale: run tools/make_dice_wars_maps.py"


def test_pytmx_reads_every_shipped_map_the_same_way():
    """Our loader reads values through pytmx after checking the file: what
    it returns must be what plain pytmx reads, cell by cell and object by
    object (no check may change a value)."""
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    from engine.hex.grid import offset_to_axial
    from engine.maps.hexmap import load_hex_map
    maps = sorted((ROOT / "assets" / "maps" / "dice_wars").glob("*.tmx"))
    assert maps
    for path in maps:
        ours = load_hex_map(path)
        ref = pytmx.TiledMap(str(path))
        assert (ref.width, ref.height) == (ours.width, ours.height)
        layer = ref.get_layer_by_name("terrain")
        idx = ref.layers.index(layer)
        for row in range(ref.height):
            for col in range(ref.width):
                props = ref.get_tile_properties(col, row, idx)
                assert props["terrain"] == ours.terrain[offset_to_axial(col, row)], (path.name, col, row)
        ref_objects = sorted((o.name, o.type) for o in ref.objects)
        assert ref_objects == sorted((o.name, o.type) for o in ours.objects), path.name


def test_hostile_tilesets_and_layers_are_refused_before_any_parser_reads_them(tmp_path):
    import base64
    import os
    import zlib
    fifo = tmp_path / "pipe.tsx"
    os.mkfifo(fifo)
    for source, why in ((str(fifo), "not a regular file"), ("/dev/zero", "not a regular file")):
        path = write(tmp_path, "m.tmx", tmx_text(tileset=f' <tileset firstgid="1" source="{source}"/>'))
        (msg,) = problems(path)
        assert msg.endswith(f": file: {why}"), msg
    bomb = base64.b64encode(zlib.compress(b"\0" * (64 * 1024 * 1024), 9)).decode()   # 64 MB of zeros
    text = tmx_text().replace('<data encoding="csv">\n1,1,1,\n1,2,1,\n1,1,1\n</data>',
                              f'<data encoding="base64" compression="zlib">{bomb}</data>')
    path = write(tmp_path, "bomb.tmx", text)
    assert problems(path) == [f"{path}:{line_of(text, 'base64')}: terrain: layer data holds more than the 9 cells "
                              "of its layer"]
    deep = tmx_text(objects="  " + "<properties>" * 100 + "</properties>" * 100 + "\n")
    (msg,) = problems(write(tmp_path, "deep.tmx", deep))
    assert "nested deeper than" in msg
