"""The strong general (games/battle_valor_fantasy/ai/strong.py StrongGeneral, the
player the hard level searches with; threat.py): golden positions for
what it does that the normal general does not (docs/games/
battle_valor_fantasy.md, the hard level's notes)."""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.rules import Setup
from engine.table.formations import BlockMove, block_move
from games.battle_valor_fantasy.ai import threat
from games.battle_valor_fantasy.ai.normal import GeneralAgent
from games.battle_valor_fantasy.ai.strong import CLOSE_FLOOR, StrongGeneral
from games.battle_valor_fantasy.rules import combat, space

LEVY = {"troop": "infantry", "stands": 4, "experience": "levy", "command": True}
WOLVES = {"troop": "cavalry", "mount": "wolves", "stands": 8, "experience": "regular", "armour": "light",
          "command": True}


class Naive(GeneralAgent):
    """The normal general as it was before issue 35, blind to every enemy
    charge (it now keeps out of one that would break or destroy the unit:
    GeneralAgent.walk_risk): the naive move these positions are about."""

    def walk_risk(self, state, u, frame) -> float:
        return 0.0


def _position(phase: str, units: list, turn: int = 2, scenario: str = "field_of_abaci"):
    rules = registry.get("battle_valor_fantasy")
    units = units + [{"name": "g0", "player": 0, "kind": "general", "at": [70, 47]},
                     {"name": "g1", "player": 1, "kind": "general", "at": [70, 1]}]
    s = Setup("battle_valor_fantasy", 2, seed=1, scenario=scenario,
              options={"position": {"phase": phase, "turn": turn, "units": units}})
    state, _ = rules.initial_state(s, ScriptedDice([], seed=1))
    return rules, state, state.options["names"]


def _ends_at(state, a):
    u = state.units[a["uid"]]
    frame, _ = block_move(space.block(state, u), BlockMove(a.get("first", 0.0), a.get("angle", 0.0), a.get("then", 0.0)))
    return frame


def test_a_levy_block_does_not_walk_into_the_reach_of_wolf_riders():
    # Thornby Village (seeds 3000-3019, normal against normal): the Marchwardens' slings, hounds and
    # light horse advanced into the reach of the Gutrot heavies and were destroyed in almost every
    # game; the strong general weighs the best charge an enemy could make next turn where it would stand
    rules, state, n = _position("advance", [
        {"name": "levy", "player": 0, "at": [56, 38], "facing": 270, "files": 4, "orders": ["advance"], "unit": LEVY},
        {"name": "wolves", "player": 1, "at": [56, 17], "facing": 90, "files": 4, "orders": ["advance"],
         "activated": True, "unit": WOLVES}], turn=3)
    u = state.units[n["levy"]]
    normal = Naive(rules).choose(state, None, None)
    strong = StrongGeneral(rules).choose(state, None, None)
    assert normal.kind == "advance" and threat.added_danger(state, u, _ends_at(state, normal)) > 20, normal
    assert strong.kind == "hold" or threat.added_danger(state, u, _ends_at(state, strong)) == 0, strong


def _on_the_square(agent_class, theirs: int):
    rules, state, n = _position("combat", [
        {"name": "ours", "player": 0, "at": [36, 31], "facing": 270, "files": 3, "orders": ["charge"],
         "unit": {"troop": "infantry", "stands": 6, "command": True}},
        {"name": "foe", "player": 1, "at": [36, 24], "facing": 90, "files": 3, "orders": ["advance"],
         "unit": {"troop": "infantry", "stands": theirs, "command": True}}], turn=4, scenario="thornby_village")
    agent = agent_class(rules)
    return agent, n, agent.choose(state, None, None)


def test_the_strong_general_charges_the_unit_that_keeps_the_square_from_it():
    # Thornby Village: the square is worth 150 at the end to whoever alone has a unit by it; a fight
    # that costs a little (eight stands against our six) is worth it to break or drive off the unit
    # that denies it to us; the normal general leaves it alone
    agent, n, a = _on_the_square(GeneralAgent, 8)
    assert a.kind == "hold", a
    agent, n, a = _on_the_square(StrongGeneral, 8)
    assert a.kind == "charge" and a["target"] == n["foe"], a
    assert "keeps the objective" in agent.last_reason
    agent, n, a = _on_the_square(StrongGeneral, 10)         # not at any price: a block that would destroy ours
    assert a.kind == "hold", a


def test_the_strong_general_turns_straight_toward_the_objective():
    # the listed advances turn 30 degrees at most or toward the nearest enemy; the strong general also
    # wheels 60 and 90 degrees and toward the objective (threat.more_advances), the rest of the move rounded down so that
    # it stays within the allowance, and its advance ends nearer the square than any listed one
    rules, state, n = _position("advance", [
        {"name": "ours", "player": 0, "at": [14, 40], "facing": 270, "files": 4, "orders": ["advance"],
         "unit": WOLVES},
        {"name": "foe", "player": 1, "at": [12, 6], "facing": 90, "files": 3, "activated": True,
         "unit": {"troop": "infantry", "stands": 6, "command": True}}], turn=4, scenario="thornby_village")
    u = state.units[n["ours"]]
    listed = [a for a in GeneralAgent(rules).candidates(state, 0) if a.kind == "advance"]
    more = threat.more_advances(state, u, listed[0])
    more = [a for a in more if rules.check(state, a) is None]
    assert more

    def left(a):
        f = _ends_at(state, a)
        return ((f.x - 36) ** 2 + (f.y - 24) ** 2) ** 0.5
    best_listed = min(left(a) for a in listed if rules.check(state, a) is None)
    assert min(left(a) for a in more) < best_listed
    a = StrongGeneral(rules).choose(state, None, None)
    assert a in more and "march on objective 1" in StrongGeneral(rules).why(state, a), a


KNIGHTS = {"troop": "cavalry", "mount": "horses", "stands": 8, "experience": "elite", "weapon": "pole",
           "armour": "heavy", "shields": True, "command": True}


def _charge_beside(knights_at: list):
    rules, state, n = _position("combat", [
        {"name": "ours", "player": 0, "at": [56, 40], "facing": 270, "files": 3, "orders": ["charge"],
         "unit": {"troop": "infantry", "stands": 6, "command": True}},
        {"name": "foe", "player": 1, "at": [56, 33], "facing": 90, "files": 3,
         "unit": {"troop": "infantry", "stands": 6, "command": True}},
        {"name": "knights", "player": 1, "at": knights_at, "facing": 90, "files": 3, "orders": ["charge"],
         "unit": KNIGHTS}], turn=3)
    return GeneralAgent(rules).choose(state, None, None), StrongGeneral(rules).choose(state, None, None)


def test_an_even_charge_is_made_though_the_enemys_knights_could_charge_in_next_turn():
    # an even fight (about +10 victory points) with heavy knights in reach of the place the fight is:
    # the strong general used to hold, and the enemy took the charge instead (Border March, seeds
    # 7000-7023 and 8000-8023 each seating: hard's player won 22 and lost 61 of 96 against normal
    # refusing such charges and closes, 40 and 41 making them; docs/games/battle_valor_fantasy.md)
    for knights_at in ([44, 22], [12, 4]):
        normal, strong = _charge_beside(knights_at)
        assert normal.kind == "charge" and strong.kind == "charge", (knights_at, normal, strong)


def test_a_levy_block_does_not_advance_where_wolves_reach_after_their_own_advance():
    # Border March (seed 5000): the danger saw only each enemy's reach from where it stood, so units
    # stepped where an enemy that had not moved yet this turn would reach them next turn; wolf riders
    # with their Advance counter still to play move 8" first, then charge 16" (threat.still_moves)
    rules, state, n = _position("advance", [
        {"name": "levy", "player": 0, "at": [56, 38], "facing": 270, "files": 4, "orders": ["advance"], "unit": LEVY},
        {"name": "wolves", "player": 1, "at": [56, 9], "facing": 90, "files": 4, "orders": ["advance"],
         "unit": WOLVES}], turn=3)
    u, wolves = state.units[n["levy"]], state.units[n["wolves"]]
    assert space.distance(state, u, wolves) - 4.0 > combat.charge_reach(state, wolves)     # out of the reach alone
    normal = Naive(rules).choose(state, None, None)
    strong = StrongGeneral(rules).choose(state, None, None)
    assert threat.added_danger(state, u, _ends_at(state, normal)) > 20, normal
    assert strong.kind == "hold" or threat.added_danger(state, u, _ends_at(state, strong)) == 0, strong


HORSES = {"troop": "cavalry", "mount": "horses", "stands": 4, "experience": "veteran", "weapon": "pole",
          "armour": "heavy", "shields": True, "command": True}
BERSERKERS = {"troop": "berserkers", "stands": 6, "experience": "veteran", "weapon": "double_handed"}


def _close_past(berserkers_at: list, spent: bool):
    rules, state, n = _position("combat", [
        {"name": "knights", "player": 0, "at": [30, 42], "facing": 270, "files": 4, "orders": ["charge"],
         "unit": HORSES},
        {"name": "bows", "player": 1, "at": [30, 8], "facing": 90, "files": 6, "orders": ["fire"],
         "unit": {"troop": "missile_troops", "stands": 6, "experience": "levy", "missile": "bow", "command": True}},
        {"name": "berserkers", "player": 1, "at": berserkers_at, "facing": 90, "files": 3,
         "orders": [] if spent else ["charge"], "activated": spent, "unit": BERSERKERS}], turn=2)
    strong = StrongGeneral(rules)
    return n, GeneralAgent(rules).choose(state, None, None), strong.choose(state, None, None), strong.last_reason


def test_knights_with_a_charge_counter_close_on_far_bows_rather_than_hold_it():
    # Border March (seed 5000): the knights closed at double pace on bows 30" off and stopped 8" in front
    # of Berserkers.  The strong general used to hold the Charge counter instead; the counter is spent
    # either way and a unit that holds is left where the enemy closes on it, so the danger now only
    # ranks a close (it scores below the plain close) and never turns it into a hold (CLOSE_FLOOR)
    for at, spent in (([38, 20], True), ([36, 14], False), ([36, 14], True)):
        n, normal, strong, why = _close_past(at, spent)
        assert normal.kind == "charge" and normal["target"] == n["bows"], normal
        assert strong.kind == "charge" and strong["target"] == n["bows"], (at, spent, strong)
        assert not any(c.isdigit() for c in why), why
        if not spent:
            assert "berserkers may charge it where it stops" in why.lower(), why
    rules, state, n = _position("combat", [
        {"name": "knights", "player": 0, "at": [30, 42], "facing": 270, "files": 4, "orders": ["charge"],
         "unit": HORSES},
        {"name": "bows", "player": 1, "at": [30, 8], "facing": 90, "files": 6, "orders": ["fire"],
         "unit": {"troop": "missile_troops", "stands": 6, "experience": "levy", "missile": "bow", "command": True}},
        {"name": "berserkers", "player": 1, "at": [36, 14], "facing": 90, "files": 3, "orders": ["charge"],
         "unit": BERSERKERS}], turn=2)
    close = Action.make("charge", 0, uid=n["knights"], target=n["bows"])
    plain, weighed = GeneralAgent(rules).score(state, close), StrongGeneral(rules).score(state, close)
    assert CLOSE_FLOOR < weighed < plain, (weighed, plain)


ORC_BLOCK = {"troop": "infantry", "stands": 6, "experience": "veteran", "command": True}


def test_a_levy_block_in_reach_of_wolves_does_not_step_into_an_orc_blocks_reach_too():
    # Border March (seeds 5000-5019, strong first): the Marchwardens' knights and horse archers, already in
    # reach of one orc unit, moved where a second could charge them too (the danger was the worst charge
    # alone, so a place two units reach looked no worse) and were charged by whichever was left free.
    # Here the levy is in reach of the wolves where it stands; the normal general's advance also brings it
    # into the orc block's reach; the strong general counts half of every other charge that reaches there
    rules, state, n = _position("advance", [
        {"name": "levy", "player": 0, "at": [56, 38], "facing": 270, "files": 4, "orders": ["advance"], "unit": LEVY},
        {"name": "wolves", "player": 1, "at": [56, 24], "facing": 90, "files": 4, "orders": ["advance"],
         "activated": True, "unit": WOLVES},
        {"name": "orcs", "player": 1, "at": [60, 27], "facing": 90, "files": 3, "orders": ["advance"],
         "activated": True, "unit": ORC_BLOCK}], turn=3)
    u = state.units[n["levy"]]
    here, who = threat.worst_charge(state, u, space.feet(state, u))
    assert who is state.units[n["wolves"]] and here > 20
    normal = Naive(rules).choose(state, None, None)
    strong = StrongGeneral(rules).choose(state, None, None)
    assert normal.kind == "advance"
    there, who = threat.worst_charge(state, u, space.layout(u, _ends_at(state, normal)))
    assert who is state.units[n["orcs"]] and there - here > 20, (there, here)    # the orcs' charge, and half the wolves'
    assert strong.kind == "hold" or threat.added_danger(state, u, _ends_at(state, strong)) < 5, strong


HORSE_ARCHERS = {"troop": "cavalry", "mount": "horses", "stands": 4, "experience": "regular", "missile": "bow",
                 "command": True}


def test_horse_archers_keep_their_distance_instead_of_closing_like_lancers():
    # Border March (seeds 5000-5019, strong first): the normal general closes Mounted Missile Troops on the
    # nearest enemy as it does riders with lances (its 14" for missile troops is for foot), and the
    # Marchwardens' horse archers rode into the orc line and were destroyed in almost every game; the strong
    # general keeps them about 16" off (strong.SKIRMISH_DISTANCE), in bow range
    rules = registry.get("battle_valor_fantasy")
    units = [{"name": "archers", "player": 0, "at": [6, 40], "facing": 270, "files": 4, "orders": ["advance", "fire"],
              "unit": HORSE_ARCHERS},
             {"name": "orcs", "player": 1, "at": [6, 18], "facing": 90, "files": 3, "activated": True,
              "unit": ORC_BLOCK},
             {"name": "g0", "player": 0, "kind": "general", "at": [40, 47]},
             {"name": "g1", "player": 1, "kind": "general", "at": [40, 1]}]
    s = Setup("battle_valor_fantasy", 2, seed=1, scenario="border_march",
              options={"position": {"phase": "advance", "turn": 3, "units": units}})
    state, _ = rules.initial_state(s, ScriptedDice([], seed=1))
    n = state.options["names"]
    u = state.units[n["archers"]]
    assert u.profile.mounted_missile
    ox, oy = space.centre(state, state.units[n["orcs"]])

    def off(a):
        f = _ends_at(state, a)
        return ((f.x - ox) ** 2 + (f.y - oy) ** 2) ** 0.5
    normal = Naive(rules).choose(state, None, None)
    strong_agent = StrongGeneral(rules)
    strong = strong_agent.choose(state, None, None)
    assert normal.kind == "advance" and off(normal) < 15.0, normal             # the full 8" toward the orcs
    assert strong.kind == "advance" and 16.0 < off(strong) < 18.0, (strong, off(strong))
    assert "keep about 16\"" in strong_agent.last_reason, strong_agent.last_reason


def _levy_and_wolves(levy_y: float, turn: int = 3, phase: str = "advance"):
    return _position(phase, [
        {"name": "levy", "player": 0, "at": [56, levy_y], "facing": 270, "files": 4, "orders": [], "unit": LEVY},
        {"name": "wolves", "player": 1, "at": [56, 17], "facing": 90, "files": 4, "orders": [],
         "activated": True, "unit": WOLVES}], turn=turn)


def test_hards_evaluation_counts_who_may_charge_whom_next():
    """The hard level's futures end after one activation and its reply, so
    its evaluation also counts the charges of next turn (threat.charges_balance):
    the same Levy block stands worse 6" in front of wolf riders than 30"
    off, for us, and better for the orcs; in the last turn, past its charges,
    nobody may charge again and the two count alike."""
    from games.battle_valor_fantasy.ai.strong import evaluate
    _, near, _ = _levy_and_wolves(30.0)
    _, far, _ = _levy_and_wolves(46.0)
    assert threat.charges_balance(near, 0) < 0 == threat.charges_balance(far, 0)
    assert threat.charges_balance(near, 1) == -threat.charges_balance(near, 0)
    assert evaluate(near, 0) < evaluate(far, 0) and evaluate(near, 1) > evaluate(far, 1)
    _, last_near, _ = _levy_and_wolves(30.0, turn=6)
    assert threat.charges_balance(last_near, 0) == 0.0


def test_the_general_follows_the_blocks_that_will_charge_rather_than_stay_at_the_back_edge():
    """Seen in Border March games (normal against normal, seeds 7000-7005):
    the General kept 14" from the nearest enemy or passed his Advance to
    the Wizard, stood at the back edge all game, and only 6 of 39 charges
    that reached had his +2 Successes (§ Charging, Step 4).  The strong
    general walks him toward the blocks ready to charge next turn, and
    says so."""
    infantry = {"troop": "infantry", "stands": 6, "command": True}
    rules, state, n = _position("advance", [
        {"name": "left block", "player": 0, "at": [54, 41], "facing": 270, "files": 3, "orders": [],
         "activated": True, "unit": infantry},
        {"name": "right block", "player": 0, "at": [66, 41], "facing": 270, "files": 3, "orders": [],
         "activated": True, "unit": infantry},
        {"name": "foe", "player": 1, "at": [60, 28], "facing": 90, "files": 3, "orders": [], "activated": True,
         "unit": infantry}], turn=2)
    g = state.units[n["g0"]]
    g.orders, g.facing = ["advance"], 270.0          # at the back edge, facing the enemy
    state.touch()
    ready = [state.units[n["left block"]], state.units[n["right block"]]]
    from games.battle_valor_fantasy.ai.strong import charge_ready, commanded
    assert [v.name for v in charge_ready(state, 0)] == ["left block", "right block"]
    now = commanded(state, ready, space.feet(state, g))
    assert now == 0.5                       # the right block only
    agent = StrongGeneral(rules)
    a = agent.choose(state, None, None)
    assert a.kind == "advance" and a["uid"] == g.uid and not a.get("general"), a
    frame = _ends_at(state, a)
    assert commanded(state, ready, space.layout(g, frame)) == 1.0
    assert "keep the General within 12\" of left block and right block" in agent.why(state, a)


def test_a_closing_charge_at_a_unit_that_may_still_charge_goes_last(monkeypatch):
    """Charges alternate (§ Phase 9): an enemy block whose Charge counter
    is still face up may close on us first and stop in our reach, where
    the block we held charges it.  So of two closing charges the strong
    general makes first the one at the block that cannot charge this turn
    (an Advance counter), and leaves the other for later (strong.CLOSE_LAST:
    288 games at Border March, 132 won, 101 lost against normal with it,
    100 and 123 without).  Without the rule it closed on the nearer one."""
    from games.battle_valor_fantasy.ai import strong
    veteran = {"troop": "infantry", "stands": 8, "experience": "veteran", "armour": "heavy", "command": True}
    rules, state, n = _position("combat", [
        {"name": "left block", "player": 0, "at": [20, 38], "facing": 270, "files": 3, "orders": ["charge"],
         "unit": veteran},
        {"name": "right block", "player": 0, "at": [34, 38], "facing": 270, "files": 3, "orders": ["charge"],
         "unit": veteran},
        {"name": "chargers", "player": 1, "at": [20, 24], "facing": 90, "files": 2, "orders": ["charge"], "unit": LEVY},
        {"name": "walkers", "player": 1, "at": [34, 18], "facing": 90, "files": 2, "orders": ["advance"], "unit": LEVY}])
    a = StrongGeneral(rules).choose(state, None, None)
    assert (a.kind, a["uid"], a["target"]) == ("charge", n["right block"], n["walkers"]), a
    assert not combat.plan(state, state.units[n["right block"]], state.units[n["walkers"]]).reaches
    monkeypatch.setattr(strong, "CLOSE_LAST", 0.0)
    state.touch()
    a = StrongGeneral(rules).choose(state, None, None)
    assert (a.kind, a["uid"], a["target"]) == ("charge", n["left block"], n["chargers"]), a
