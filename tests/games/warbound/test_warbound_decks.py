"""Warbound decks through the shared army lists: the builder refuses each
deck rule with its citation, a built deck round-trips through its YAML file
into a match, `check` and `--armies` read the shipped starter decks, and
the builder scene shows the count and the deck's problems."""
import pytest

from engine.core import army_lists as AL
from engine.core import registry
from engine.core.army_builder import ListBuilder
from engine.core.catalog import DataError
from engine.core.match import Match
from engine.core.rules import Setup
from engine.ui.scenes.launcher_commands import CycleArmy, Go
from engine.ui.scenes import army_builder as builder_scene
from games.warbound.rules.decks import deck_from_data, validate_deck
from test_ui_support import click  # noqa: F401 - sets the SDL dummy driver first

RULES = registry.get("warbound")


def _builder(*cards):
    b = ListBuilder(RULES)
    for c in cards:
        assert b.add(c) is None, c
    return b


def test_ruleset_plays_the_shared_army_lists():
    assert AL.supports_lists(RULES)
    ac = RULES.army_catalog()
    cat = registry.get("warbound").catalog()
    assert {p.id for p in ac.picks} == set(cat.leaders) | set(cat.characters)
    copp = ac.pick("copp")
    assert [s.key for s in copp.slots] == ["equipment", "formation"] and "Panic side" in copp.text
    assert [s.key for s in ac.pick("warlord_kessa").slots] == ["vocation"]
    assert len(ac.limits) == 8 and all("warbound.txt § " in ln for ln in ac.limits)


def test_starter_decks_check_clean_and_play_with_armies():
    files = sorted(AL.shipped_dir("warbound").glob("*.yaml"))
    assert len(files) >= 4
    for f in files:
        assert AL.check_list_file(f) == [], f
    armies = AL.armies_option([str(files[0]), "kaigen_starter"], "warbound", 2)
    m = Match(Setup("warbound", 2, seed=4, options={"armies": armies}, seats=("human", "human")))
    assert m.state.players[0].deck.name == armies[0]["name"]
    assert m.state.players[1].deck.name == "Kaigen starter"


def test_builder_refuses_each_deck_rule_with_its_citation():
    b = _builder("warlord_kessa", "copp", "splatter", "scrapper")      # too small is no reason to refuse
    assert not b.legal() and all(p.incomplete for p in b.problems())
    why = b.add("scrap_baron")                                         # exactly one Leader
    assert why.rule == "warbound.txt § Leader cards" and "2 Leader cards" in why.reason
    why = b.add("copp")                                                # unique names
    assert why.rule == "warbound.txt § Deck creation rules" and "2 cards named COPP" in why.reason
    why = b.set_choice(1, "equipment", "pulse_pistol")                 # an icon the Character has
    assert why.rule == "warbound.txt § Equipment card" and "ranged icon" in why.reason
    why = b.set_choice(1, "equipment", "ki_blade")                     # Kaigen Equipment, Raiders Leader
    assert why.rule == "warbound.txt § Faction-specific cards"
    why = b.set_choice(0, "vocation", "way_of_the_blade")              # Kaigen Vocation, Raiders Leader
    assert why.rule == "warbound.txt § Faction-specific cards"
    why = b.set_choice(1, "vocation", "veterans_vocation")             # a Vocation on a Character
    assert why.rule == "warbound.txt § Vocation cards"
    why = b.set_choice(0, "equipment", "plated_vest")                  # Equipment on a Leader
    assert why.rule == "warbound.txt § Upgrade cards"
    assert b.set_choice(1, "equipment", "shock_baton") is None
    assert b.set_choice(3, "formation", "formation") is None
    assert b.set_choice(2, "formation", "formation") is None           # the Formation may repeat
    assert b.set_choice(0, "vocation", "veterans_vocation") is None
    assert b.summary().startswith("8 / 8 cards") and b.legal(), b.problems()
    why = b.add("junk_hound")                                          # a ninth card
    assert why.rule == "warbound.txt § Deck creation rules" and "9 cards" in why.reason
    b.set_choice(1, "equipment", None)
    b.set_choice(0, "vocation", None)
    b.set_choice(3, "formation", None)
    assert all(b.add(c) is None for c in ("junk_hound", "medtech", "analyst"))   # 8 cards, one Upgrade
    probs = b.problems()
    assert [p.rule for p in probs] == ["warbound.txt § Upgrade cards"] and "1 Upgrade" in probs[0].reason


def test_built_deck_round_trips_through_its_file_into_a_match(tmp_path):
    b = _builder("daimyo_kurose", "rohna", "oshigoru", "orkedo_drummer", "copp")
    b.set_choice(0, "vocation", "way_of_the_blade")
    b.set_choice(1, "formation", "formation")
    b.set_choice(4, "equipment", "shock_baton")
    b.rename("Blades and a gun")
    assert b.legal(), b.problems()
    path = b.save(tmp_path)
    al = AL.load_list(path)
    assert AL.list_problems(al) == [] and al.to_dict() == b.list.to_dict()
    deck = deck_from_data(al.to_dict(), str(path))
    assert validate_deck(registry.get("warbound").catalog(), deck) == [] and deck.to_dict()["entries"] == al.to_dict()["entries"]
    m = Match(Setup("warbound", 2, seed=8, options={"armies": [al.to_dict(), None]}, seats=("human", "human")))
    cards = sorted(c.card for c in m.state.chars.values() if c.owner == 0)
    assert cards == sorted(["rohna", "oshigoru", "orkedo_drummer", "copp"])
    copp = next(c for c in m.state.chars.values() if c.card == "copp")
    assert copp.equipment == "shock_baton" and len(next(c for c in m.state.chars.values()
                                                      if c.card == "rohna").minis) == 2


def test_check_names_file_line_and_field(tmp_path):
    p = tmp_path / "broken.yaml"
    p.write_text("game: warbound\nname: broken\nentries:\n  - {card: warlord_kessa, vocation: way_of_the_blade}\n"
                 "  - {card: copp, equipment: pulse_pistol}\n  - {card: copp, hat: red}\n")
    lines = AL.check_list_file(p)
    assert any(ln.startswith(f"{p}:6: entries[2].hat: unknown field") for ln in lines), lines
    assert any(ln.startswith(f"{p}:5: entries[1].equipment: COPP already has a ranged icon") for ln in lines), lines
    assert any(ln.startswith(f"{p}:4: entries[0].vocation:") and "Faction-specific" in ln for ln in lines), lines
    with pytest.raises(DataError):
        AL.armies_option([str(p), "kaigen_starter"], "warbound", 2)


def test_builder_scene_shows_the_count_and_every_problem():
    from engine.ui.app import App
    app = App((1600, 900), headless=True)
    scene = app.open("army_builder", "warbound")
    app.draw()
    for pid in ("warlord_kessa", "copp", "copp"):
        click(app, next(r for r, c, _ in scene.hot if c == builder_scene.AddPick(pid)).center)
        app.draw()
    assert scene.message_bad and "2 cards named COPP" in scene.message and "Deck creation rules" in scene.message
    shown = []
    orig = scene.__class__.draw

    def spy_text(surf, text, *a, **k):
        shown.append(text)
        return real(surf, text, *a, **k)
    from engine.ui import widgets as W
    real = W.draw_wrapped
    W.draw_wrapped = spy_text
    try:
        orig(scene, app.screen)
    finally:
        W.draw_wrapped = real
    text = "\n".join(shown)
    assert "The deck has 2 cards; an Exploration deck has 8." in text
    assert "Upgrade cards" in text and "Exactly one Leader card" in text
    assert scene.model.summary().startswith("2 / 8 cards")


def test_launcher_names_each_seats_default_deck_and_starts_with_chosen_ones():
    from engine.ui.app import App
    from engine.ui.scenes.launcher import Launcher
    from engine.ui.scenes.match_screen import MatchScreen
    app = App((1600, 900), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(RULES)
    app.draw()
    assert RULES.default_army_name(0, "") == "Raiders starter" and RULES.default_army_name(1, "") == "Kaigen starter"
    assert launcher.has_lists and len(launcher.list_choices) >= 4
    launcher.command(CycleArmy(0))
    launcher.command(CycleArmy(1))
    launcher.command(CycleArmy(1))
    first, second = launcher.army_of(0), launcher.army_of(1)
    launcher.seats = ["human", "human"]
    launcher.command(Go.START)
    screen = app.top()
    assert isinstance(screen, MatchScreen), launcher.error
    assert [p.deck.name for p in screen.match.state.players] == [first.name, second.name]


def test_a_game_saved_with_the_old_deck_options_still_loads(tmp_path):
    """Games saved before decks became army lists carry deck_1/deck_2
    options; they must load (no game in progress is lost), play the decks
    they name, and the launcher must not offer the options again."""
    import json

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Setup
    rules = registry.get("warbound")
    decks = sorted(registry.get("warbound").catalog().decks)
    m = Match(Setup("warbound", 2, seed=3, scenario="recommended", options={"deck_1": decks[-1], "deck_2": decks[0]}))
    m.submit(m.legal_actions()[0], autosave=False)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(m.to_save()), encoding="utf-8")
    back = Match.load(path)
    assert back.state.players[0].deck_id == decks[-1] and back.state.players[1].deck_id == decks[0]
    assert len(back.actions) == 1
    assert all(not o.launcher for o in rules.options())
