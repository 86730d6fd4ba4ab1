"""Battle Valor Fantasy army lists in the shared mechanism
(engine/core/army_lists.py): what a list may hold, every pick addable as the
army builder starts it, problems pointing into the file, and any roster
judged without a traceback."""
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from engine.core import registry
from engine.core.army_lists import ArmyList as SharedList
from engine.core.army_lists import shape_problems
from games.battle_valor_fantasy.rules import list_hooks, roster
from games.battle_valor_fantasy.rules.army import army_points
from games.battle_valor_fantasy.rules.catalog import DATA_DIR


def shipped():
    """The shipped catalog, as the ruleset holds it."""
    return registry.get("battle_valor_fantasy").catalog()


def test_list_files_report_file_and_line(tmp_path):
    path = tmp_path / "mine.yaml"
    src = (DATA_DIR / "lists" / "orc_500.yaml").read_text(encoding="utf-8")
    path.write_text(src.replace("unit: war_boars, stands: 5", "unit: war_boars, weapon: hand, stands: 5"),
                    encoding="utf-8")
    (msg,) = list_hooks.list_problems(shipped(), path)
    line = int(msg.split(":")[1])
    assert "War Boars" in path.read_text().splitlines()[line - 1]
    assert msg.endswith("entries[6].weapon: Regular War Boars: War Boars fight with natural, not hand "
                        "(battle_valor_fantasy.txt § Bestiary)")
    path.write_text(src.replace("points: 500", "points: lots"), encoding="utf-8")
    (msg,) = list_hooks.list_problems(shipped(), path)
    assert msg.startswith(f"{path}:5: points: unknown game size 'lots'")
    path.write_text(src.replace("{unit: wizard, experience: regular}", "{unit: wizard, experience: regular, with: 1}"
                                ).replace("limitations: playtest\n", ""), encoding="utf-8")
    assert list_hooks.list_problems(shipped(), path) == []
    path.write_text(src.replace("unit: juggernaut, stands: 1, experience: elite",
                                "unit: juggernaut, stands: 1, experience: elite}\n  - {unit: war_mammoth, stands: 1, "
                                "experience: elite"), encoding="utf-8")
    msgs = list_hooks.list_problems(shipped(), path)
    assert any("No more than 1 Elite Unit per 1000 points: at most 1 for 500 points, the army has 2" in m
               for m in msgs), msgs
    path.write_text("name: [unclosed", encoding="utf-8")
    assert "YAML syntax" in list_hooks.list_problems(shipped(), path)[0]
    path.write_text("x" * 300_000, encoding="utf-8")
    assert "at most 200000 bytes" in list_hooks.list_problems(shipped(), path)[0]




# ---- the shared roster format -----------------------------------------------------------

def _default_entry(pick) -> dict:
    """An entry as the army builder starts one: required choices at their
    first option, numbers at their least."""
    entry = {"unit": pick.id}
    for slot in pick.slots:
        if slot.options and slot.required:
            entry[slot.key] = slot.options[0].id
        elif not slot.options:
            entry[slot.key] = slot.least
    return entry


def test_army_catalog_offers_every_troop_and_character_and_each_can_be_added():
    c = shipped()
    ac = list_hooks.army_catalog(c)
    assert {p.id for p in ac.picks} == set(c.troops) | (set(c.characters) - {"general"})
    slots = {p.id: {s.key: s for s in p.slots} for p in ac.picks}
    assert slots["cavalry"]["mount"].required and slots["missile_troops"]["missile"].required
    assert "command" not in slots["berserkers"] and "command" not in slots["bolt_thrower"]
    assert (slots["war_mammoth"]["stands"].least, slots["war_mammoth"]["stands"].most) == (1, 1)
    assert (slots["ice_trolls"]["stands"].least, slots["captain"]["with"].least, slots["wizard"]["with"].least) == (5, 1, 0)
    base = [_default_entry(ac.pick("infantry"))] * 2
    for pick in ac.picks:
        al = SharedList("battle_valor_fantasy", "t", {"points": 1000, "race": "elf"}, tuple(base + [_default_entry(pick)]))
        assert shape_problems(al, ac) == [], pick.id
        assert list_hooks.army_problems(c, al) == [], (pick.id, list_hooks.army_problems(c, al))


def test_roster_problems_point_into_the_file():
    c = shipped()
    entries = ({"unit": "infantry", "stands": 4}, {"unit": "captain", "experience": "veteran"},
               {"unit": "missile_troops", "stands": 4, "missile": "bow"})
    al = SharedList("battle_valor_fantasy", "t", {"points": 500, "race": "orc"}, entries)
    (p,) = list_hooks.army_problems(c, al)
    assert p.where == ("entries", 1, "with") and p.rule == "battle_valor_fantasy.txt § Moving Characters"
    al = al.with_changes(entries=entries[:1] + ({"unit": "captain", "with": 2},) + entries[2:])
    (p,) = list_hooks.army_problems(c, al)
    assert p.where == ("entries", 1, "with") and "which is no unit of this army" in p.reason
    al = al.with_changes(entries=entries[:1] + ({"unit": "captain", "with": 3},) + entries[2:])
    assert list_hooks.army_problems(c, al) == []
    assert roster.read(c, al.to_dict()).army.characters[0].attached_to == "Regular Bows"
    al = al.with_changes(fields={"points": 500, "race": "orc", "limitations": "playtest"})
    (p,) = list_hooks.army_problems(c, al)
    assert p.rule == "battle_valor_fantasy.txt § Limitations" and p.where == ("entries",)
    assert list_hooks.army_summary(c, al) == "53 / 500 points, 2 units, 1 character"  # 4 x 6 + 4 x 6 + 5


entry_values = st.dictionaries(
    st.sampled_from(["unit", "stands", "experience", "weapon", "missile", "armour", "shields", "command", "mount",
                     "race", "with", "colour"]),
    st.one_of(st.sampled_from(sorted(shipped().troops) + sorted(shipped().characters) + ["levy", "elite", "pole", "bow",
                                                                                 "heavy", "horses", "orc", "x"]),
              st.integers(-2, 90), st.booleans(), st.none()),
    max_size=8)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(entry_values, max_size=10), st.sampled_from([None, 500, 1000, 1200, "lots"]),
       st.sampled_from([None, "orc", "gnome"]), st.sampled_from([None, "playtest", "none"]))
def test_any_roster_is_judged_without_a_traceback(entries, points, race, limitations):
    fields = {k: v for k, v in (("points", points), ("race", race), ("limitations", limitations)) if v is not None}
    al = SharedList("battle_valor_fantasy", "fuzz", fields, tuple(entries))
    problems = list_hooks.problems_of(shipped(), al)
    assert all(p.reason for p in problems)
    if not problems:
        army = roster.read(shipped(), al.to_dict()).army
        assert army_points(shipped(), army) <= army.points


def test_the_launcher_names_the_army_each_seat_gets_on_each_map():
    from engine.core import registry
    from games.battle_valor_fantasy.rules import setup
    game = registry.get("battle_valor_fantasy")
    for scenario in shipped().scenarios:
        names = [shipped().lists[list_id].name for list_id in setup.default_lists(shipped(), scenario)]
        assert [game.default_army_name(seat, scenario) for seat in (0, 1)] == names
    assert game.default_army_name(0, "field_of_abaci") == "Army of the Aldmoor Crown"   # the 2000-point battle
    assert game.default_army_name(0, "no such map") == ""


def test_the_builder_shows_a_troops_price_at_the_experience_a_new_entry_starts_with():
    """Seen in the builder: "Infantry 6 pts", then an entry of 4 Levy stands for 12 points."""
    from games.battle_valor_fantasy.rules.list_hooks import army_catalog
    c = army_catalog(shipped())
    inf = c.pick("infantry")
    levy = next(o for s in inf.slots if s.key == "experience" for o in s.options if o.id == "levy")
    assert inf.points == levy.points == 3
    assert next(s for s in inf.slots if s.key == "experience").options[0].id == "levy"
