"""The army builder scene and the launcher's army lists (engine/ui/scenes/army_builder.py)."""
import pygame

from engine.core import army_lists as AL
from engine.core import registry
from engine.core.army_builder import ListBuilder
from engine.ui.app import App
from engine.ui.scenes.army_builder import ArmyBuilder
from engine.ui.scenes.launcher import Launcher
from engine.ui.scenes.match_screen import MatchScreen
from engine.ui.scenes.launcher_commands import CycleArmy, Go
from engine.ui.scenes import army_builder as builder_scene
from test_ui_support import click


def _hot(scene, cmd):
    return next(r for r, c, _ in scene.hot if c == cmd)


def test_builder_model_refuses_with_rules():
    b = ListBuilder(registry.get("dragonbond"))
    assert b.list.fields["faction"] and b.list.fields["size"]
    assert not b.legal()                                        # empty
    b.set_field("faction", "dawn")
    b.set_field("size", "skirmish")
    assert b.add("dragon_queen") is None
    assert b.add("oathguard_halberdiers") is None
    assert b.add("oathguard_halberdiers") is None               # a second captain is found
    caps = [e["captain"] for e in b.list.entries[1:]]
    assert len(set(caps)) == 2
    why = b.add("oathguard_halberdiers")                        # no third captain
    assert why is not None and "Duplicates" in why.rule and len(b.list.entries) == 3
    assert b.refusal_to_add("ferellon_fulgen").rule.endswith("Army Selection")   # no huge in a skirmish
    assert "blooded_claws" not in [p.id for p in b.picks()]     # another faction
    why = b.cycle_choice(1, "captain")                          # the only other captain is taken
    assert why is not None and "Duplicates" in why.rule
    assert b.legal(), b.problems()
    b.set_field("bond", "ferellon_fulgen")
    assert any("not in the army" in p.reason for p in b.problems())
    b.set_field("bond", None)
    b.remove(2)
    assert len(b.list.entries) == 2 and b.legal()


def test_builder_scene_builds_and_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path))
    saved = []
    app = App((1280, 720), headless=True)
    scene = app.open("army_builder", "dragonbond", on_saved=saved.append)
    assert isinstance(scene, ArmyBuilder)
    app.draw()
    click(app, _hot(scene, builder_scene.Go.SAVE).center)                    # empty: refused in words
    assert scene.message.startswith("Not saved") and scene.message_bad
    scene.model.set_field("size", "skirmish")
    app.draw()
    for pid in ("dragon_queen", "oathguard_halberdiers", "kirin_wardens"):
        click(app, _hot(scene, builder_scene.AddPick(pid)).center)
        app.draw()
    click(app, _hot(scene, builder_scene.AddPick("ferellon_fulgen")).center)   # refused, explained with the rule
    assert scene.message_bad and "Army Selection" in scene.message
    click(app, _hot(scene, builder_scene.CycleChoice(1, "captain")).center)
    app.draw()
    for r, _, _ in scene.hot:
        assert app.screen.get_rect().contains(r)
    scene.name_field.text = "Test patrol"
    click(app, _hot(scene, builder_scene.Go.SAVE).center)
    assert saved and saved[0] == tmp_path / "lists" / "dragonbond" / "test_patrol.yaml"
    assert AL.check_list_file(saved[0]) == []
    assert AL.load_list(saved[0]).entries[1]["unit"] == "oathguard_halberdiers"


def test_launcher_offers_each_seat_a_list_and_the_builder(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path))
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(registry.get("dragonbond"))
    app.draw()
    assert launcher.has_lists and len(launcher.list_choices) >= 4
    click(app, _hot(launcher, CycleArmy(0)).center)
    click(app, _hot(launcher, CycleArmy(1)).center)
    click(app, _hot(launcher, CycleArmy(1)).center)
    first, second = launcher.army_of(0), launcher.army_of(1)
    assert first is not None and second is not None and first.path != second.path
    click(app, _hot(launcher, Go.BUILDER).center)
    assert isinstance(app.top(), ArmyBuilder)
    app.pop()
    app.draw()
    launcher.seats = ["human", "human", "human", "human"]
    click(app, _hot(launcher, Go.START).center)
    screen = app.top()
    assert isinstance(screen, MatchScreen), launcher.error
    armies = screen.match.setup.options["armies"]
    assert [a["name"] for a in armies] == [first.name, second.name]
    units = screen.match.state.units.values()
    assert sorted(u.card for u in units if u.owner == 0) == sorted(e["unit"] for e in first.entries)


def test_battle_valor_builder_takes_the_first_units():
    """'Each army must include two Infantry units' is something more picks
    mend: the builder must not refuse the first Infantry for it."""
    b = ListBuilder(registry.get("battle_valor_fantasy"))
    assert b.add("infantry") is None
    assert [p.incomplete for p in b.problems()] == [True] and "two Infantry" in b.problems()[0].reason
    assert b.add("infantry") is None
    assert b.legal(), b.problems()


def test_nothing_built_is_lost_without_asking(tmp_path, monkeypatch):
    """Leaving with changes asks; saving over another list of the same name asks; a copy of a
    shipped list starts a new one."""
    from engine.ui.scenes.dialogs import Modal
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path))
    app = App((1280, 720), headless=True)
    scene = app.open("army_builder", "battle_valor_fantasy")
    app.draw()
    click(app, _hot(scene, builder_scene.Go.BACK).center)                 # nothing changed: leaves at once
    assert scene not in app.stack
    scene = app.open("army_builder", "battle_valor_fantasy")
    app.draw()
    click(app, _hot(scene, builder_scene.StartFrom(1)).center)              # a copy of the first list to change
    assert scene.model.list.entries and scene.model.list.name.endswith("(copy)") and not scene.dirty
    click(app, _hot(scene, builder_scene.RemoveEntry(0)).center)
    assert scene.dirty
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    ask = app.top()
    assert isinstance(ask, Modal) and scene in app.stack        # asked, still building
    ask.on("cancel", ask)
    app.pop(ask)
    assert scene in app.stack and scene.dirty
    # a list saved as "Mine", then another list named "Mine": replacing asks
    scene.model = scene.model.__class__(scene.rules, scene.sources()[0].with_changes(name="Mine"))
    scene.name_field.text = "Mine"
    assert scene.save() and (tmp_path / "lists" / "battle_valor_fantasy" / "mine.yaml").exists()
    assert not scene.dirty
    first = (tmp_path / "lists" / "battle_valor_fantasy" / "mine.yaml").read_text()
    other = app.open("army_builder", "battle_valor_fantasy")
    other.model = other.model.__class__(other.rules, other.sources()[-1].with_changes(name="Mine"))
    other.name_field.text = "Mine"
    assert other.save() is False and isinstance(app.top(), Modal)
    assert (tmp_path / "lists" / "battle_valor_fantasy" / "mine.yaml").read_text() == first
    app.top().on("replace", app.top())
    assert (tmp_path / "lists" / "battle_valor_fantasy" / "mine.yaml").read_text() != first
