"""Warbound beyond the golden scripts: the computer opponent, previews
with exact odds, the controller's click flow, map facts, and that every
rule citation opens a section of the rulebook."""
import re

import pytest

from engine.core import registry
from engine.core.agents import RandomAgent, agent_names
from engine.core.match import Match
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from games.warbound.ai.players import evaluate, make_agent
from tiers import ROOT, slow

RULES = registry.get("warbound")


def test_agent_names():
    # seats offer levels (engine/core/search.py); the normal level is the tactician
    assert agent_names("warbound")[0] == "normal"
    from engine.core import agents
    assert type(agents.make_agent("warbound", "normal", RULES)) is type(make_agent("tactician", RULES))
    with pytest.raises(KeyError):
        make_agent("clever", RULES)


@slow
def test_tactician_beats_random():
    ai, rnd = make_agent("tactician", RULES), RandomAgent(RULES)
    wins = 0
    for g in range(4):
        seat = g % 2
        agents = [rnd, rnd]
        agents[seat] = ai
        r = play_out(RULES, Setup("warbound", 2, seed=300 + g, scenario=RULES.scenarios()[g % 3]), agents)
        wins += r["winners"] == [seat]
        assert evaluate(r["state"], seat) == (1000.0 if r["winners"] == [seat] else -1000.0)
    assert wins >= 3
    assert ai.last_reason


@slow
def test_tactician_plays_every_deck_against_itself():
    ai = make_agent("tactician", RULES)
    decks = sorted(registry.get("warbound").catalog().decks)
    for i, d in enumerate(decks):
        opts = {"armies": [d, decks[(i + 1) % len(decks)]]}
        r = play_out(RULES, Setup("warbound", 2, seed=50 + i, scenario="crossfire", options=opts), [ai, ai])
        assert r["winners"], r["reason"]


def _position_match(spec, dice=None):
    return Match(Setup("warbound", 2, seed=1, scenario="recommended", options={"position": spec},
                       seats=("human", "human")))


def test_preview_gives_exact_odds_and_cost():
    m = _position_match({"hand": 0, "tokens": [{"raiders": 6}, {"kaigen": 6}],
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "A1"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "D1"}]})
    act = next(a for a in m.legal_actions() if a.kind == "activate" and a["space"] == "p1_shoot")
    assert RULES.preview(m.state, act) == ["Cost: 2 colorless, 1 orange"]
    m.submit(act, autosave=False)
    shoot = next(a for a in m.legal_actions() if a.kind == "shoot")
    lines = RULES.preview(m.state, shoot)
    assert lines[0].startswith("closest target")
    assert "hit on 5+" in lines[1] and "67%" in lines[1]     # 8 faces of 12 read 5 or more


def test_controller_deploys_from_the_tray_and_offers_actions():
    from games.warbound.ui.controller import make_controller
    from games.warbound.ui.view import make_view
    m = Match(Setup("warbound", 2, seed=3, scenario="recommended", seats=("human", "human")))
    view = make_view(m)
    ctl = make_controller(m, view)
    tray = ctl.tray()
    assert tray
    ctl.click_tray(tray[0].key)
    spots = [h for h, k in ctl.highlights().items() if k == "deploy"]
    assert spots
    a = ctl.click(spots[0])
    a = a.actions[0] if hasattr(a, "actions") else a
    assert a.kind == "deploy" and RULES.check(m.state, a) is None
    assert view.card(m.state, a["uid"]).stats


def test_judge_reports_both_seats_alike_on_the_recommended_board():
    m = Match(Setup("warbound", 2, seed=3, scenario="recommended", seats=("human", "human")))
    facts = RULES.judge_map(m.state)
    seats = facts["seats"]
    assert seats[0]["scan_distances"] == seats[1]["scan_distances"]
    assert facts["map"]["scan markers"] == 4


@slow
def test_judge_traces_miniatures_and_scan_markers(tmp_path):
    """`main.py judge warbound --plot`: the board drawn, miniatures and Scan
    markers traced after every action, so the heat lists fill."""
    from engine.commands.judge import judge
    from engine.commands.plot import plot_report
    from engine.commands.judge import map_facts
    rep = judge("warbound", "recommended", 2, 2, 5, workers=1, progress=False)
    heat = rep["heat"]
    assert heat["final"] and len(heat["objectives"]) == 4 and heat["control"]
    _, canvas = map_facts("warbound", "recommended", 2, 5)
    assert canvas.kind == "hex" and sum(1 for a in canvas.areas if a.outline) == 2
    out = tmp_path / "wb.png"
    plot_report(rep, canvas, out)
    assert out.stat().st_size > 1000


def test_every_rule_citation_opens_a_section():
    from engine.ui.scenes.rules_ref import find_section, load_lines
    cites = set()
    for py in (ROOT / "games" / "warbound").rglob("*.py"):
        cites |= set(re.findall(r'"(warbound\.txt § [^"]+)"', py.read_text(encoding="utf-8")))
    lines = load_lines("warbound.txt")
    assert cites and lines
    assert not [c for c in cites if find_section(lines, c.split("§", 1)[1].strip()) < 0]
    doc = (ROOT / "docs" / "games" / "warbound.md").read_text(encoding="utf-8")
    heads = set(re.findall(r"^## (.+)$", doc, re.M))
    for py in (ROOT / "games" / "warbound").rglob("*.py"):
        for sec in re.findall(r'"docs/games/warbound\.md § ([^"]+)"', py.read_text(encoding="utf-8")):
            assert sec in heads, sec


def test_picked_character_shows_targets_before_paying():
    from games.warbound.ui.controller import make_controller
    from games.warbound.rules.position import parse_hex
    from games.warbound.ui.view import make_view
    m = _position_match({"hand": 0, "tokens": [{"raiders": 6}, {"kaigen": 6}],
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "E3"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "G3"},
                                   {"name": "drummer", "player": 1, "card": "orkedo_drummer", "at": "E6"}]})
    ctl = make_controller(m, make_view(m))
    ctl.click(parse_hex("E3"))
    marks = ctl.highlights()
    assert marks[parse_hex("E6")] == "target" and parse_hex("G3") not in marks
    assert ctl.hover(parse_hex("E6")).preview == ["Not the closest: shoot on 8+"]
    assert "concealed" in ctl.hover(parse_hex("G3")).illegal
    board = [c for sec in ctl.hand(0) if sec.hexes for c in sec.cards]
    assert any(c.title == "Shoot" and c.state == "" and "Cost:" in c.tip for c in board)


def test_a_deployment_is_logged_as_its_heading_says():
    """The log folds a ruling that repeats its heading (log_view); a Formation's read "on M6, N6."
    under "deploys on M6 and N6", so each deployment was said twice (seen in play)."""
    import random
    from engine.core import registry
    from engine.core.dice import SeededDice
    from engine.core.rules import Setup
    rules = registry.get("warbound")
    state, _ = rules.initial_state(Setup("warbound", 2, seed=3), SeededDice(3))
    rng, pairs = random.Random(1), 0
    while rules.in_setup(state):
        legal = [a for a in rules.legal_actions(state) if a.player == rules.to_act(state)]
        a = legal[rng.randrange(len(legal))]
        said = rules.describe(state, a)
        ev = [e for e in rules.apply(state, a, SeededDice(1)) if e.kind == "deploy"]
        if a.kind == "deploy":
            assert ev and ev[0].text.rstrip(".") == said
            pairs += a.get("to2") is not None
    assert pairs


def test_a_position_may_start_at_the_leader_phase_with_its_objectives_and_score():
    # the lessons and the guided game start a turn at its Leader Phase (games/warbound/rules/position.py)
    m = _position_match({"start": "leader", "hand": 1, "vp": [2, 3], "tokens": [{"raiders": 1}, {}],
                         "objectives": ["survey", "first_blood"],
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "C3"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "N6"}]})
    s = m.state
    assert s.phase == "effect" and s.queue == [("hourglass", 0)] and s.objective == "survey"
    assert s.objectives == ["first_blood"] and [p.vp for p in s.players] == [2, 3]
    assert s.players[0].tokens == {"raiders": 5} and s.players[1].tokens == {"kaigen": 4}
    from games.warbound.ui.controller import make_controller
    from games.warbound.ui.view import make_view
    hint = make_controller(m, make_view(m)).hint()          # the decision said in words, not "the buttons"
    assert hint.startswith("The Effect Phase: place the Hourglass on an open hexagon")


@pytest.mark.parametrize("extra, words", [
    ({"start": "leader", "closed": ["p1_move"]}, "position.start: a turn that begins with its Leader Phase"),
    ({"start": "later"}, "position.start: unknown start 'later'"),
    ({"objectives": ["survey"] * 6}, "position.objectives: at most one card per turn (5)"),
    ({"vp": [1, -2]}, "position.vp[1]: Victory Points are a whole number from 0 to 99"),
])
def test_a_position_start_objectives_and_score_are_read_and_bounded(extra, words):
    with pytest.raises(Exception) as e:
        _position_match({"hand": 0, **extra,
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "C3"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "N6"}]})
    assert words in str(e.value)


def test_the_lesson_pointer_follows_the_clicks_of_an_activation():
    # the coach's gold ring (docs/lessons.md § Pointing): the Character, its Action's hexagon, then Pay
    from engine.core.actions import Action
    from games.warbound.ui.controller import make_controller
    from games.warbound.ui.view import make_view
    m = _position_match({"hand": 0, "tokens": [{"raiders": 6}, {"kaigen": 6}],
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "A1"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "D1"}]})
    ctl = make_controller(m, make_view(m))
    act = Action.make("activate", 0, uid=0, space="p1_shoot")
    assert ctl.lesson_pointer(act).hexes == ((0, 0),) and not ctl.lesson_pointer(act).cards
    ctl.click((0, 0))
    assert ctl.lesson_pointer(act).cards == (("space", "p1_shoot"),)
    assert ctl.click_card(("space", "p1_shoot")) is None and ctl.pending == "p1_shoot"
    p = ctl.lesson_pointer(act)
    assert p.buttons == ("pay",) and p.hexes == (tuple(m.state.chars[1].minis[0]),)
    then = ctl.lesson_pointer(act, after=Action.make("shoot", 0, target=1))
    assert then.buttons == ("pay",) and then.hexes == (tuple(m.state.chars[1].minis[0]),)
    end = ctl.lesson_pointer(Action.make("pass", 0)).buttons
    assert end and end[0].action in ctl.legal and end[0].action.kind == "pass"


def test_a_tile_out_of_reach_of_the_action_picked_says_why_before_paying():
    from games.warbound.ui.controller import make_controller
    from games.warbound.ui.view import make_view
    m = _position_match({"hand": 0, "tokens": [{"raiders": 6}, {"kaigen": 6}],
                         "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "A1"},
                                   {"name": "rohna", "player": 1, "card": "rohna", "at": "P8"}]})
    ctl = make_controller(m, make_view(m))
    ctl.click((0, 0))
    ctl.click_card(("space", "p1_move"))
    far = tuple(m.rules.script_param(m.state, "to", "H1"))
    assert ctl.click(far) is None and not m.actions
    assert ctl.message.startswith("Out of reach within 3 tiles") and ctl.message_rule == "warbound.txt § Move a Character"
