"""engine.maps.tablemap: orthogonal Tiled maps (TMX and TMJ) as tables."""
import json

import pytest

from engine.maps.tablemap import MapError, load_table_map

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="32" tileheight="32" infinite="0">
 <properties>
  <property name="inch" type="float" value="32"/>
 </properties>
 <objectgroup id="1" name="terrain">
{objects}
 </objectgroup>
</map>
"""

GOOD = """  <object id="1" name="Old Wood" type="woods" x="320" y="320" width="128" height="96"/>
  <object id="2" name="Bog" type="bog" x="640" y="640">
   <properties><property name="instant" value="slow"/></properties>
   <polygon points="0,0 96,0 64,64"/>
  </object>
  <object id="3" name="Pond" type="bog" x="960" y="320" width="64" height="64" rotation="45">
   <ellipse/>
  </object>
  <object id="4" name="north" type="deployment" x="0" y="0" width="1536" height="256">
   <properties><property name="edge" value="north"/></properties>
  </object>
  <object id="5" name="obj1" type="objective" x="768" y="768"><point/></object>"""


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_tmx_table_map(tmp_path):
    path = write(tmp_path, "t.tmx", TMX.format(w=48, h=48, objects=GOOD))
    m = load_table_map(path, known_terrain={"woods", "bog"},
                       terrain_defaults={"woods": {"blocking": True}})
    assert (m.width, m.height) == (48.0, 48.0)
    wood = next(p for p in m.terrain if p.name == "Old Wood")
    assert wood.blocking and wood.bbox == (10.0, 10.0, 14.0, 13.0)
    bog = next(p for p in m.terrain if p.name == "Bog")
    assert bog.properties["instant"] == "slow" and not bog.blocking
    assert bog.ring[2] == pytest.approx((22.0, 22.0))
    pond = next(p for p in m.terrain if p.name == "Pond")
    assert len(pond.ring) == 24
    dz = m.zones[0]
    assert dz.type == "deployment" and dz.properties["edge"] == "north" and dz.bbox == (0, 0, 48, 8)
    obj = next(z for z in m.zones if z.type == "objective")
    assert obj.point == (24.0, 24.0)
    t = m.table()
    assert t.blocking == [wood] and t.zones_of("objective") == [obj]


def test_tmj_table_map(tmp_path):
    data = {"orientation": "orthogonal", "width": 72, "height": 48, "tilewidth": 16, "tileheight": 16,
            "infinite": False, "properties": [{"name": "inch", "type": "float", "value": 16}],
            "layers": [{"type": "objectgroup", "name": "zones", "objects": [
                {"id": 1, "name": "south", "type": "deployment", "x": 0, "y": 640, "width": 1152, "height": 128,
                 "properties": [{"name": "edge", "type": "string", "value": "south"}]},
                {"id": 2, "name": "rocks", "type": "rocks", "x": 100, "y": 100, "width": 0, "height": 0,
                 "polygon": [{"x": 0, "y": 0}, {"x": 32, "y": 0}, {"x": 0, "y": 32}],
                 "properties": [{"name": "impassable", "type": "bool", "value": True}]},
                {"id": 3, "name": "o", "type": "objective", "x": 576, "y": 384, "point": True}]}]}
    path = write(tmp_path, "t.tmj", json.dumps(data, indent=1))
    m = load_table_map(path)
    assert (m.width, m.height) == (72.0, 48.0)
    assert m.terrain[0].impassable and m.table().impassable == [m.terrain[0]]
    assert m.zones[1].point == (36.0, 24.0)


def test_errors_name_file_line_and_field(tmp_path):
    bad = """  <object id="1" name="x" type="lava" x="0" y="0" width="32" height="32"/>
  <object id="2" name="far" type="woods" x="3000" y="0" width="32" height="32"/>
  <object id="3" type="woods" x="0" y="0"><point/></object>
  <object id="4" name="nothing" x="0" y="0" width="32" height="32"/>
  <object id="5" name="p" type="woods" x="0" y="0"><polygon points="0,0 1"/></object>
  <object id="6" name="f" type="woods" x="0" y="0" width="32" height="32">
   <properties><property name="blocking" value="yes"/></properties>
  </object>"""
    path = write(tmp_path, "bad.tmx", TMX.format(w=48, h=48, objects=bad))
    with pytest.raises(MapError) as e:
        load_table_map(path, known_terrain={"woods"})
    probs = e.value.problems
    want = [f"{path}:7: object x: unknown terrain type 'lava'",
            f"{path}:8: object far: lies outside the table",
            f"{path}:9: object #3: a point cannot be terrain",
            f"{path}:10: object nothing: has no type",
            f"{path}:11: object p: bad polygon points",
            f"{path}:13: property blocking: must be a bool"]
    for w in want:
        assert any(p.startswith(w) for p in probs), (w, probs)


def test_map_level_errors(tmp_path):
    small = write(tmp_path, "small.tmx", TMX.format(w=12, h=48, objects=""))
    with pytest.raises(MapError, match=r"small.tmx:2: width: the table is 12 x 48 inches"):
        load_table_map(small)
    hexy = write(tmp_path, "hex.tmx", TMX.format(w=48, h=48, objects="").replace("orthogonal", "hexagonal"))
    with pytest.raises(MapError, match=r"hex.tmx:2: orientation: a table map is \"orthogonal\""):
        load_table_map(hexy)
    broken = write(tmp_path, "broken.tmx", "<map>\n<objectgroup>\n</map>")
    with pytest.raises(MapError, match=r"broken.tmx:3: XML syntax"):
        load_table_map(broken)
    with pytest.raises(MapError, match=r"nope.tmx:0: cannot read file"):
        load_table_map(tmp_path / "nope.tmx")
    big = write(tmp_path, "big.tmx", TMX.format(w=48, h=80, objects=""))
    with pytest.raises(MapError, match="4 x 6 ft"):
        load_table_map(big)
