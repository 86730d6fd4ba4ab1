"""The Dice Wars strong player (the hard level's policy): it strikes first at
the enemy that threatens its hero, judges reach by the enemies' true paths,
and sends a soldier to the cities of an enemy holding three."""
from __future__ import annotations

import random

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Setup
from engine.hex import grid as hexgrid
from games.dice_wars.ai import players, threat
from games.dice_wars.rules import stats


def _board():
    return Match(Setup("dice_wars", 2, seed=1, scenario="balanced")).state.board


def _match(units, cities=()):
    pos = {"current": 1, "factions": [["bloodblades"], ["mercurio"]], "units": units, "cities": list(cities)}
    return Match(Setup("dice_wars", 2, seed=4, scenario="balanced", options={"position": pos}))


def threatened_hero_position():
    """Blue's Catapult can strike a Red Archer three hexes from Blue's
    wounded hero, or a Red Footman far from it: the same odds, the same
    value to the normal player."""
    board = _board()
    plains = sorted(h for h in board.terrain if board.terrain[h] == "plains")
    hero = plains[len(plains) // 2]
    for archer in (h for h in plains if hexgrid.distance(h, hero) == 3):
        for cat in (h for h in plains if hexgrid.distance(h, archer) == 3 and hexgrid.distance(h, hero) >= 2):
            for foot in (h for h in plains if hexgrid.distance(h, cat) == 3 and hexgrid.distance(h, hero) >= 8):
                m = _match([
                    {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(plains[0])},
                    {"name": "red_archer", "player": 0, "class": "archer", "at": list(archer)},
                    {"name": "red_footman", "player": 0, "class": "footman", "at": list(foot)},
                    {"name": "catapult", "player": 1, "class": "catapult", "at": list(cat)},
                    {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(hero), "hp": 2},
                    {"name": "blue_b", "player": 1, "class": "footman", "at": list(plains[-2])},
                ])
                names = m.state.options["names"]
                targets = {a["target"] for a in m.legal_actions()
                           if a.kind == "attack" and a["uid"] == names["catapult"]}
                if {names["red_archer"], names["red_footman"]} <= targets:
                    return m
    raise AssertionError("no spot from which the Catapult reaches both")


def test_strong_strikes_the_enemy_that_threatens_its_hero():
    rules = registry.get("dice_wars")
    m = threatened_hero_position()
    names = m.state.options["names"]
    legal = [a for a in m.legal_actions() if a.player == 1]
    ranked = players.make_agent("strong", rules).ranked(m.state, legal, random.Random(1))
    _, best, why = ranked[0]
    assert best.kind == "attack" and best["target"] == names["red_archer"], best
    assert "threatens our hero" in why
    by_target = {a["target"]: s for s, a, _ in players.make_agent("normal", rules).ranked(m.state, legal, random.Random(1))
                 if a.kind == "attack" and a["uid"] == names["catapult"]}
    assert abs(by_target[names["red_archer"]] - by_target[names["red_footman"]]) < 0.01, "normal stays as it was"


def test_threat_is_judged_by_true_reach():
    """The archer can walk and shoot the hero; the far footman cannot reach
    it, though both are enemies on open ground."""
    m = threatened_hero_position()
    s, names = m.state, m.state.options["names"]
    hero = s.units[names["blue_hero"]]
    cache: dict = {}
    assert threat.can_strike(s, s.units[names["red_archer"]], hero.pos, cache)
    assert not threat.can_strike(s, s.units[names["red_footman"]], hero.pos, cache)
    assert threat.hero_threat(s, hero, hero.pos, cache) > 0
    assert threat.menace(s, s.units[names["red_footman"]], 1, cache) == 0
    assert threat.menace(s, s.units[names["red_archer"]], 1, cache) > 0


def test_one_soldier_walks_to_each_city_of_an_enemy_holding_three():
    board = _board()
    plains = sorted(h for h in board.terrain if board.terrain[h] == "plains")
    cap = board.cities[2].capital
    near = min(plains, key=lambda h: (abs(hexgrid.distance(h, cap) - 6), h))
    m = _match([
        {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(plains[0])},
        {"name": "red_a", "player": 0, "class": "footman", "at": list(plains[1])},
        {"name": "walker", "player": 1, "class": "footman", "at": list(near)},
        {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(plains[-1])},
    ], cities=[{"city": i, "card": c, "owner": 0} for i, c in enumerate(("pyrus", "zenpaelo", "kordolith"))])
    s, names = m.state, m.state.options["names"]
    sent = threat.contesters(s, 1, {})
    assert names["walker"] in sent and names["blue_hero"] not in sent
    walker = s.units[names["walker"]]
    closer = min(hexgrid.neighbors(walker.pos), key=lambda h: hexgrid.distance(h, sent[walker.uid]))
    assert threat.contest_progress(s, walker, closer, {}) > 0
    assert threat.contesters(_match([
        {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(plains[0])},
        {"name": "walker", "player": 1, "class": "footman", "at": list(near)},
        {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(plains[-1])},
    ]).state, 1, {}) == {}, "no enemy with three cities: nobody is sent"


def test_strong_closes_in_on_the_enemy_that_threatens_its_hero():
    """A move is worth the strike it opens at the hero's threat; from a hex
    out of range of it, nothing."""
    rules = registry.get("dice_wars")
    m = threatened_hero_position()
    s, names = m.state, m.state.options["names"]
    cat = s.units[names["catapult"]]
    strong = players.make_agent("strong", rules)
    gain, target = strong.guard_strike_from(s, cat, cat.pos, {})
    assert gain > 0 and target.uid == names["red_archer"]
    archer = s.units[names["red_archer"]].pos
    away = max((h for h in s.board.terrain if s.board.terrain[h] == "plains" and h not in s.occupied),
               key=lambda h: hexgrid.distance(h, archer))
    assert strong.guard_strike_from(s, cat, away, {}) == (0.0, None)


def test_turning_a_unit_gives_its_own_reason_not_the_phase_s_end():
    """Seen against hard: a unit's turn (a `face` action) had no reason of its
    own, so its "Why:" line said what the end of the phase had just said.
    Each turn now names the unit and the enemy it turns to (§ Facing)."""
    from engine.core.agents import make_agent
    rules = registry.get("dice_wars")
    m = Match(Setup("dice_wars", 2, seats=["normal", "normal"], seed=5, scenario=rules.scenarios()[0]))
    agent = make_agent("dice_wars", "normal", rules)
    rng = random.Random(1)
    for _ in range(200):
        legal = [a for a in m.legal_actions() if a.player == m.to_act()] or m.legal_actions()
        faces = [a for a in legal if a.kind == "face"]
        ends = [a for a in legal if a.kind == "end_phase"]
        if faces and ends:
            break
        m.submit(agent.choose(m.state, legal, rng), autosave=False)
    assert faces and ends
    reasons = {a: why for _, a, why in agent.ranked(m.state, faces + ends, rng)}
    end_words = reasons[ends[0]]
    for a in faces:
        unit = m.state.units[a["uid"]]
        assert reasons[a] and reasons[a] != end_words, reasons[a]
        assert reasons[a].startswith(f"turn the {stats.card(unit).name}"), reasons[a]
