"""Dragonbond rules through a Match: refusals with their rules, and the
topics the golden scripts do not walk through."""
import pytest

from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Illegal, Setup
from games.dragonbond.rules import space, stats
from tiers import ROOT


def position(units, current=0, mode="control", dice=(), players=2, **extra):
    spec = {"current": current, "units": units, **extra}
    m = Match(Setup("dragonbond", players, seed=3, scenario="valerna_crossing",
                    options={"mode": mode, "position": spec}), dice=ScriptedDice(list(dice), seed=3))
    names = m.state.options["names"]
    return m, names


def act(m, names, kind, player, **params):
    for k in ("uid", "target", "second"):
        if isinstance(params.get(k), str):
            params[k] = names[params[k]]
    return m.submit(Action.make(kind, player, **params), autosave=False)


def refused(m, names, kind, player, **params):
    with pytest.raises(Illegal) as e:
        act(m, names, kind, player, **params)
    return e.value


def row(x, y, n, step):
    return [[x + i * step, y] for i in range(n)]


FAR_ENEMY = {"name": "far", "player": 1, "unit": "blood_hexers", "centre": [40, 4]}


def test_exhausted_units_may_not_run_charge_or_use_powers():
    m, n = position([{"name": "kirin", "player": 0, "unit": "kirin_wardens", "captain": "lady_mirei",
                      "centre": [10, 40], "fatigue": 3, "exhaustion": 1},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "centre": [10, 30]}, FAR_ENEMY])
    act(m, n, "activate", 0, uid="kirin")
    e = refused(m, n, "run", 0, uid="kirin", to=[[p[0], p[1] - 2] for p in
                                                [[m.state.units[n["kirin"]].models[i].x,
                                                  m.state.units[n["kirin"]].models[i].y] for i in range(3)]])
    assert "exhausted" in e.reason and e.rule == "dragonbond.txt § Actions"
    e = refused(m, n, "charge", 0, uid="kirin", target="claws", weapon="Glaives")
    assert "exhausted" in e.reason
    e = refused(m, n, "power", 0, uid="kirin", power="Binding Light", target="claws")
    assert "exhausted" in e.reason and e.rule == "dragonbond.txt § Powers [X]:"


def test_wait_needs_a_move_and_special_actions_need_a_fresh_activation():
    m, n = position([{"name": "duel", "player": 0, "unit": "oathguard_duelists", "at": row(10, 40, 4, 1.5)},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="duel")
    e = refused(m, n, "wait", 0, uid="duel")
    assert e.rule == "dragonbond.txt § Wait [0]"
    act(m, n, "move", 0, uid="duel", to=row(10, 38, 4, 1.5))
    e = refused(m, n, "rest", 0, uid="duel")
    assert e.rule == "dragonbond.txt § Special Actions"
    e = refused(m, n, "move", 0, uid="duel", to=row(10, 30.9, 4, 1.5))
    assert "7.00\" left" in e.reason
    act(m, n, "move", 0, uid="duel", to=row(10, 31, 4, 1.5))       # the rest of its 9"
    assert m.state.turn.used == pytest.approx(1.0)
    act(m, n, "wait", 0, uid="duel")
    assert m.state.current == 1


def test_coherency_and_no_moving_through_units():
    m, n = position([{"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "at": row(10, 40, 4, 1.5),
                      "models": 4},
                     {"name": "wall", "player": 1, "unit": "ogerron_phalanx", "at": row(9, 37, 3, 2.0)},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="hal")
    e = refused(m, n, "move", 0, uid="hal", to=[[10, 40], [11.5, 40], [13, 40], [16, 40]])
    assert e.rule == "dragonbond.txt § Unit Coherency"
    # straight ahead is through the Ogerron Phalanx; going round is longer than 6"
    e = refused(m, n, "move", 0, uid="hal", to=row(10, 34, 4, 1.5))
    assert "No path" in e.reason and "through another unit" in e.reason
    e = refused(m, n, "move", 0, uid="hal", to=row(9, 37.5, 4, 1.5))
    assert "would stand on" in e.reason
    lines = m.rules.preview(m.state, Action.make("move", 0, uid=n["hal"], to=row(10, 34, 4, 1.5)))
    assert any("too far" in ln for ln in lines)


def test_agile_units_move_through_others():
    m, n = position([{"name": "kirin", "player": 0, "unit": "kirin_wardens", "at": row(10, 40, 3, 2.1)},
                     {"name": "wall", "player": 1, "unit": "ogerron_phalanx", "at": row(9, 36, 3, 2.0)},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="kirin")
    act(m, n, "move", 0, uid="kirin", to=row(10, 32, 3, 2.1))


def test_moving_away_provokes_an_opportunity_attack_and_disengage_does_not():
    units = [{"name": "duel", "player": 0, "unit": "oathguard_duelists", "models": 1, "at": [[20, 14]]},
             {"name": "claws", "player": 1, "unit": "blooded_claws", "models": 1, "at": [[20, 15.27]]}, FAR_ENEMY]
    m, n = position(units, dice=[10, 10])
    act(m, n, "activate", 0, uid="duel")
    act(m, n, "move", 0, uid="duel", to=[[20, 10]])
    assert m.state.pending[-1].kind == "oa" and m.state.pending[-1].player == 1
    act(m, n, "opportunity_attack", 1, uid="claws", target="duel", weapon="Claws")
    act(m, n, "decline", 0, uid="duel")                   # no Riposte
    assert m.state.units[n["duel"]].models[0].y == pytest.approx(10)
    m, n = position(units)
    act(m, n, "activate", 0, uid="duel")
    act(m, n, "disengage", 0, uid="duel", to=[[20, 10]])
    assert not m.state.pending and m.state.units[n["duel"]].fatigue == 1
    assert m.state.current == 1


def test_flanked_units_make_no_opportunity_attacks():
    m, n = position([{"name": "duel", "player": 0, "unit": "oathguard_duelists", "models": 1, "at": [[20, 14]]},
                     {"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "models": 1, "at": [[21.27, 15.27]]},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "models": 1, "at": [[20, 15.27]]},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="duel")
    act(m, n, "move", 0, uid="duel", to=[[18, 10]])
    assert not m.state.pending
    assert any("flanked and cannot make an opportunity attack" in e.text for le in m.log for e in le.events)


def test_pile_in_after_a_move_and_consolidation_after_the_attack():
    m, n = position([{"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "captain": "sergeant_aldric",
                      "at": row(20, 10, 5, 1.5)},
                     {"name": "ogres", "player": 1, "unit": "ogerron_phalanx", "at": [[20, 14.5]], "models": 1},
                     FAR_ENEMY], dice=[10] * 10)
    act(m, n, "activate", 0, uid="hal")
    # the left model steps into reach (Reach: engaged at 1"); the others may pile in 2"
    act(m, n, "move", 0, uid="hal", to=row(20, 12.0, 5, 1.5))
    pd = m.state.pending[-1]
    assert (pd.kind, pd.what) == ("follow_up", "pile_in")
    before = [(mm.x, mm.y) for mm in m.state.units[n["hal"]].models]
    act(m, n, "follow_up", 0, uid="hal")
    hal, ogres = m.state.units[n["hal"]], m.state.units[n["ogres"]]
    after = [(mm.x, mm.y) for mm in hal.models]
    assert after != before
    assert len(space.engaged_models(m.state, hal, ogres)) > 1
    act(m, n, "attack", 0, uid="hal", target="ogres", weapon="Halberds")
    if m.state.pending and m.state.pending[-1].kind == "reaction":
        act(m, n, "decline", 1, uid="ogres")
    if m.state.pending and m.state.pending[-1].kind == "follow_up":
        assert m.state.pending[-1].what == "consolidate"
        e = refused(m, n, "follow_up", 0, uid="hal", to=[[mm.x + 5, mm.y] for mm in hal.models])
        assert e.rule in ("dragonbond.txt § Performing an Attack", "dragonbond.txt § Unit Coherency")
        act(m, n, "skip_follow_up", 0, uid="hal")


def test_a_failed_charge_moves_the_full_distance():
    m, n = position([{"name": "duel", "player": 0, "unit": "oathguard_duelists", "at": row(2, 6, 4, 1.5)},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "at": row(2, 26, 4, 1.5)},
                     FAR_ENEMY], dice=[10, 10, 10])
    act(m, n, "activate", 0, uid="duel")
    act(m, n, "charge", 0, uid="duel", target="claws", weapon="Twin Blades")
    duel = m.state.units[n["duel"]]
    assert [round(mm.y, 2) for mm in duel.models] == [15.0] * 4          # 9" straight ahead, no dice
    assert any("The charge falls short" in e.text for le in m.log for e in le.events)
    assert m.state.current == 1 and duel.fatigue == 2


def test_coordinated_move_and_run():
    m, n = position([{"name": "a", "player": 0, "unit": "oathguard_duelists", "at": row(2, 40, 4, 1.5)},
                     {"name": "b", "player": 0, "unit": "bucentaur_blades", "at": row(12, 40, 3, 2.1)},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="a")
    act(m, n, "coordinated", 0, uid="a", second="b")
    act(m, n, "move", 0, uid="b", to=row(12, 33, 3, 2.1))
    e = refused(m, n, "move", 0, uid="b", to=row(12, 32, 3, 2.1))
    assert "already made its coordinated move" in e.reason
    act(m, n, "move", 0, uid="a", to=row(2, 32, 4, 1.5))
    assert m.state.current == 1
    assert m.state.units[n["a"]].fatigue == 0 == m.state.units[n["b"]].fatigue
    m, n = position([{"name": "a", "player": 0, "unit": "oathguard_duelists", "at": row(2, 40, 4, 1.5)}, FAR_ENEMY])
    act(m, n, "activate", 0, uid="a")
    e = refused(m, n, "run", 0, uid="a", to=row(2, 21.9, 4, 1.5))
    assert "18.00\" left" in e.reason
    act(m, n, "run", 0, uid="a", to=row(2, 22, 4, 1.5))
    assert m.state.units[n["a"]].fatigue == 1 and m.state.current == 1


def test_mounted_generals_cannot_be_targeted():
    m, n = position([{"name": "emp", "player": 1, "unit": "blood_emperor", "at": [[20, 20]]},
                     {"name": "naga", "player": 1, "unit": "nagasha", "at": [[20, 20]]},
                     {"name": "duel", "player": 0, "unit": "oathguard_duelists", "models": 1, "at": [[22.6, 20]]}],
                    bonds=[["emp", "naga"]], mounted=["emp"])
    act(m, n, "activate", 0, uid="duel")
    e = refused(m, n, "attack", 0, uid="duel", target="emp", weapon="Twin Blades")
    assert e.rule == "dragonbond.txt § The Dragonriding Keyword"


def test_the_combined_power_pays_on_both_cards():
    m, n = position([{"name": "emp", "player": 1, "unit": "blood_emperor", "archetype": "tyrant", "at": [[20, 20]]},
                     {"name": "naga", "player": 1, "unit": "nagasha", "archetype": "venom_queen", "at": [[20, 20]]},
                     {"name": "duel", "player": 0, "unit": "oathguard_duelists", "models": 1, "at": [[20, 27]]}],
                    current=1, bonds=[["emp", "naga"]], mounted=["emp"], dice=[10, 10, 3, 3])
    act(m, n, "activate", 1, uid="naga")
    act(m, n, "power", 1, uid="naga", power="combined", target="duel")
    s = m.state
    assert s.units[n["emp"]].fatigue == 1 and s.units[n["naga"]].fatigue == 1
    assert len(s.units[n["duel"]].damage) == 2          # Blood Rain, the Emperor's half
    assert any("Blood Rain" in e.text for le in m.log for e in le.events)


def test_powers_heal_and_cost():
    m, n = position([{"name": "kirin", "player": 0, "unit": "kirin_wardens", "captain": "shen_the_serene",
                      "at": row(10, 40, 3, 2.1)},
                     {"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "at": row(10, 36, 5, 1.5),
                      "wounds": 1, "exhaustion": 1},
                     FAR_ENEMY])
    act(m, n, "activate", 0, uid="kirin")
    e = refused(m, n, "power", 0, uid="kirin", power="Warding Light", target="far")
    assert "friendly" in e.reason
    act(m, n, "power", 0, uid="kirin", power="Warding Light", target="hal")
    hal = m.state.units[n["hal"]]
    assert hal.wounds == 0 and hal.exhaustion == 0          # heal 2: a wound, then a fatigue token
    assert m.state.units[n["kirin"]].fatigue == 1


def test_reaction_riposte_and_captain_sacrifice():
    m, n = position([{"name": "duel", "player": 0, "unit": "oathguard_duelists", "captain": "blademistress_corvina",
                      "models": 2, "at": [[20, 14], [21.3, 14]]},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "captain": "packleader_vrask",
                      "models": 2, "at": [[20, 15.27], [21.3, 15.27]]}, FAR_ENEMY],
                    current=1, dice=[1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6])
    act(m, n, "activate", 1, uid="claws")
    act(m, n, "attack", 1, uid="claws", target="duel", weapon="Claws")
    assert m.state.pending[-1].kind == "reaction"
    act(m, n, "use_reaction", 0, uid="duel", power="Riposte")
    duel = m.state.units[n["duel"]]
    # 2 claws x 1 grey, sharp: four successes; the Duelists defend with white+2 upgrades
    assert any("Riposte" in e.text for le in m.log for e in le.events)
    if m.state.pending and m.state.pending[-1].kind == "casualties":
        act(m, n, "remove_models", 0, uid="duel", models=[0])       # the captain falls
        assert not duel.captain_alive and duel.sacrificed
        claws = m.state.units[n["claws"]]
        assert len(claws.damage) == 1                               # Parting Cut


def test_setup_flow_bond_edge_deploy():
    m = Match(Setup("dragonbond", 2, seed=9, scenario="valerna_crossing"))
    s = m.state
    assert s.phase == "bond"
    rules = m.rules
    legal = rules.legal_actions(s)
    assert {a.kind for a in legal} == {"declare_bond"}
    bond = next(a for a in legal if a.get("dragon") is not None and a.get("mounted"))
    m.submit(bond, autosave=False)
    while s.phase == "bond":
        m.submit(rules.legal_actions(s)[0], autosave=False)
    assert s.phase == "edge"
    m.submit(Action.make("choose_edge", s.current, edge="north", first=True), autosave=False)
    assert {p.edge for p in s.players} == {"north", "south"}
    first = s.current
    u = next(u for u in s.units.values() if u.owner == first and not u.deployed and u.riding is None)
    bad = Action.make("deploy", first, uid=u.uid, to=[[24, 24]] * u.size)
    assert "deployment zone" in str(rules.check(s, bad))
    while s.phase == "deploy":
        m.submit(rules.legal_actions(s)[0], autosave=False)
    assert s.phase == "battle" and s.round == 1
    rider = next(u for u in s.units.values() if u.riding is not None)
    assert stats.card(rider).kind == "general"


def test_armies_are_checked_at_setup():
    bad = {"faction": "dawn", "size": "battle", "units": [
        {"unit": "oathguard_halberdiers", "captain": "commander_leonise"},
        {"unit": "oathguard_halberdiers", "captain": "commander_leonise"},
        {"unit": "dragon_queen", "archetype": "sovereign"}]}
    with pytest.raises(ValueError, match="Duplicates"):
        Match(Setup("dragonbond", 2, seed=1, scenario="valerna_crossing",
                    options={"armies": [bad, "blood_vanguard"]}))


def test_preview_and_describe():
    m, n = position([{"name": "duel", "player": 0, "unit": "oathguard_duelists", "at": row(2, 10, 4, 1.5)},
                     {"name": "claws", "player": 1, "unit": "blooded_claws", "at": row(2, 22.26, 4, 1.5)}])
    act(m, n, "activate", 0, uid="duel")
    a = Action.make("charge", 0, uid=n["duel"], target=n["claws"], weapon="Twin Blades")
    lines = m.rules.preview(m.state, a)
    assert any("reaches it" in ln for ln in lines) and any("Expected wounds" in ln for ln in lines)
    assert "charges" in m.rules.describe(m.state, a)
    far = Action.make("move", 0, uid=n["duel"], to=row(2, 30, 4, 1.5))
    lines = m.rules.preview(m.state, far)
    assert lines[0].startswith("Not allowed") and any("too far" in ln for ln in lines)


def test_every_citation_names_a_section_of_the_rulebook():
    import re
    root = ROOT
    text = (root / "assets" / "rules" / "dragonbond.txt").read_text(encoding="utf-8").splitlines()
    heads = {ln.strip() for ln in text}
    cites = set()
    for py in (root / "games" / "dragonbond").rglob("*.py"):
        cites |= set(re.findall(r'"dragonbond\.txt § ([^"]+)"', py.read_text(encoding="utf-8")))
    missing = [c for c in cites if c not in heads]
    assert cites and not missing, missing
