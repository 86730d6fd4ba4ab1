"""Previews that are true (games/dragonbond/describe.py): the odds a player
sees before committing are computed on the position the action will meet
(activated, its own fatigue paid, Slow, the models that will really fight,
hits shared with engaged units) with the code the rules run, and each
preview's expected value agrees with the sampled mean of the real
resolution."""
import math
import re

import pytest

from engine.core.actions import Action
from engine.core.dice import ScriptedDice, SeededDice
from engine.core.match import Match
from engine.core.rules import Setup
from games.dragonbond import describe, space
from games.dragonbond.ai import GreedyAgent
from games.dragonbond.wounds import default_casualties


def position(units, current=0):
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                    options={"position": {"current": current, "units": units}}), dice=ScriptedDice([], seed=3))
    return m, m.state.options["names"]


def expected_in(lines, prefix="Expected wounds"):
    for ln in lines:
        ln = ln.strip()
        if ln.startswith(prefix):
            return float(re.search(r"(\d+\.\d+)", ln).group(1))
    raise AssertionError(f"no {prefix!r} in {lines}")


def sampled_wounds(rules, state, actions, target_name, runs=400):
    """Mean wounds the target really takes: the actions applied with
    seeded dice, every decision answered as a player committing would
    (pile in, strike with the charge, no reactions, our casualties)."""
    total, squares = 0.0, 0.0
    for seed in range(runs):
        s = rules.clone(state)
        dice = SeededDice(1000 + seed)
        events = []
        for a in actions:
            events += rules.apply(s, a, dice)
        while s.pending and s.phase != "over":
            pd = s.pending[-1]
            u = s.units[pd.uid]
            if pd.kind == "follow_up":
                a = Action.make("follow_up", pd.player, uid=pd.uid)
            elif pd.kind == "charge_attack":
                a = Action.make("charge_attack", pd.player, uid=pd.uid)
            elif pd.kind == "casualties":
                a = Action.make("remove_models", pd.player, uid=pd.uid, models=default_casualties(s, u))
            else:
                a = Action.make("decline", pd.player, uid=pd.uid)
            assert rules.check(s, a) is None, rules.check(s, a)
            events += rules.apply(s, a, dice)
        n = sum(int(m.group(1)) for e in events
                for m in [re.search(r"= (\d+) wounds? on " + re.escape(target_name) + r"$", e.text)] if m)
        total += n
        squares += n * n
    mean = total / runs
    sd = math.sqrt(max(squares / runs - mean * mean, 1e-9))
    return mean, sd / math.sqrt(runs)


def test_attack_preview_pays_its_own_fatigue_first():
    """A unit one token from exhaustion: the attack's own fatigue exhausts
    it, so its dice are downgraded, and the preview says so and counts it."""
    m, n = position([{"name": "claws", "player": 0, "unit": "blooded_claws", "captain": "packleader_vrask", "models": 3,
                      "at": [[20, 10], [21.27, 10], [22.54, 10]], "fatigue": 3},
                     {"name": "kirin", "player": 1, "unit": "kirin_wardens", "captain": "shen_the_serene", "models": 2,
                      "at": [[20.5, 11.58], [22.5, 11.58]]}])
    rules, st = m.rules, m.state
    claws = st.units[n["claws"]]
    assert claws.fatigue == 3 and not claws.exhaustion
    a = Action.make("attack", 0, uid=n["claws"], target=n["kirin"], weapon=rules_weapon(st, claws))
    lines = rules.preview(st, a)                 # not yet activated: the preview activates it first
    assert any("exhausted" in ln for ln in lines), lines
    want = expected_in(lines)
    act = Action.make("activate", 0, uid=n["claws"])
    mean, se = sampled_wounds(rules, st, [act, a], "Kirin Wardens")
    assert abs(mean - want) < 4 * se + 0.05, (mean, want, se)


def rules_weapon(st, u):
    from games.dragonbond import stats
    return next(w.name for w, _ in stats.weapons(st, u) if w.type == "melee")


def test_charge_preview_counts_the_models_that_will_fight():
    """A column charge: the preview's expected wounds (the charge roll, the
    models that really reach, the pile-in) agree with the real charges."""
    m, n = position([{"name": "lancers", "player": 0, "unit": "skorpikon_gore_lancers", "captain": "goremaster_khet",
                      "at": [[20, 8], [20, 6], [20, 4]]},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "captain": "packleader_vrask", "models": 1,
                      "at": [[20, 20]]}])
    rules, st = m.rules, m.state
    a = Action.make("charge", 0, uid=n["lancers"], target=n["claws"], weapon="Lances")
    lines = rules.preview(st, a)
    want = expected_in(lines, "Expected wounds, the charge roll included")
    reach = float(re.search(r"reaches it (\d+)%", next(ln for ln in lines if "reaches it" in ln)).group(1)) / 100
    assert 0 < reach < 1
    assert any("models fight" in ln for ln in lines)
    mean, se = sampled_wounds(rules, st, [Action.make("activate", 0, uid=n["lancers"]), a], "Blooded Claws")
    assert abs(mean - want) < 4 * se + 0.05, (mean, want, se)


def test_charge_preview_takes_slow_off_the_distance():
    m, n = position([{"name": "lancers", "player": 0, "unit": "skorpikon_gore_lancers", "captain": "goremaster_khet",
                      "at": [[20, 8], [20, 6], [20, 4]], "slow": 1},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "captain": "packleader_vrask", "models": 1,
                      "at": [[20, 18]]}])
    rules, st = m.rules, m.state
    a = Action.make("charge", 0, uid=n["lancers"], target=n["claws"], weapon="Lances")
    o = describe.charge_outlook(describe.preview_base(st, a), a)
    assert o["slow"] == 4.0                             # half of speed 8
    assert o["reach"] < 0.5
    mean, se = sampled_wounds(rules, st, [Action.make("activate", 0, uid=n["lancers"]), a], "Blooded Claws")
    assert abs(mean - o["expected"]) < 4 * se + 0.05, (mean, o["expected"], se)


def test_ranged_preview_warns_when_hits_are_shared_with_your_own_unit():
    m, n = position([{"name": "reavers", "player": 0, "unit": "skorpikon_reavers", "captain": "sand_hunter_ixi",
                      "at": [[20, 10], [21.7, 10], [23.4, 10], [25.1, 10]]},
                     {"name": "hexers", "player": 0, "unit": "blood_hexers", "captain": "hexer_vol", "models": 1,
                      "at": [[21, 15.73]]},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "captain": "packleader_vrask", "models": 2,
                      "at": [[21, 17], [22.27, 17]]}])
    rules, st = m.rules, m.state
    assert space.engaged_pair(st, st.units[n["hexers"]], st.units[n["claws"]])
    a = Action.make("attack", 0, uid=n["reavers"], target=n["claws"], weapon="Javelins")
    lines = rules.preview(st, a)
    warn = [ln for ln in lines if ln.startswith("Warning:")]
    assert warn and "Blood Hexers (yours!)" in warn[0], lines
    want = expected_in(lines)
    mean, se = sampled_wounds(rules, st, [Action.make("activate", 0, uid=n["reavers"]), a], "Blooded Claws")
    assert abs(mean - want) < 4 * se + 0.05, (mean, want, se)


def test_a_preview_never_turns_a_simulated_roll_into_a_refusal():
    """Damage tokens are rolled when the unit activates; the preview and the
    controller's checks assume blank dice, so no 'waiting for casualties'."""
    m, n = position([{"name": "claws", "player": 0, "unit": "blooded_claws", "captain": "packleader_vrask", "models": 2,
                      "at": [[20, 10], [21.27, 10]], "damage": 3, "wounds": 0},
                     {"name": "kirin", "player": 1, "unit": "kirin_wardens", "captain": "shen_the_serene", "models": 1,
                      "at": [[20.5, 11.58]]}])
    st = m.state
    s = describe.activated_copy(st, n["claws"])
    assert s is not None and not s.pending and s.units[n["claws"]].models
    a = Action.make("attack", 0, uid=n["claws"], target=n["kirin"], weapon="Claws")
    assert not any(ln.startswith("Not allowed") for ln in m.rules.preview(s, a))


def test_computer_reach_chance_counts_slow_against_it():
    m, n = position([{"name": "lancers", "player": 0, "unit": "skorpikon_gore_lancers", "captain": "goremaster_khet",
                      "at": [[20, 8], [20, 6], [20, 4]]},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "models": 1, "at": [[20, 18]]}])
    ai = GreedyAgent(m.rules)
    u = m.state.units[n["lancers"]]
    fast = ai.reach_chance(m.state, u, 9.5)
    u.slow = 1
    slow = ai.reach_chance(m.state, u, 9.5)
    assert slow < fast
    assert slow == pytest.approx(0.0, abs=0.05)        # 9.5" needs 5.5 successes after Slow's 4"
