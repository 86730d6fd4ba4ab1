"""Property tests (hypothesis) of Dragonbond movement on random tables:
random terrain (Slow, Damage and Immobilized pieces, blocking ruins,
impassable rocks), two random units, Slow and Immobilized tokens, then a
move, a second move, or a charge with a random roll and its pile-in, all
through the rules (dragonbond.txt § Movement, § Charge [2], § Pile-In,
§ Status Effects, § Entering Terrain):

- no model ends inside another unit's bases, on impassable terrain or off
  the table, and the unit ends in coherency;
- no model's path is longer than what the unit had left, Slow and
  Immobilized counted (the terrain's effect on movement);
- the distance a move reports ("moves 6.2\"") is the length of the longest
  path taken, each path runs from where the model stood to where it
  stands, clear of other units and impassable terrain;
- a charge whose roll covers the distance to a free spot in contact (the
  unit moved straight in, every model's run clear and its end free) ends
  engaged with its target.
"""
import math
import re

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from tiers import examples

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.table.geometry import (OVERLAP, PLACE_GAP, Foot, Piece, Table, coherent, contact_point,
                                   edge_distance)
from engine.table.paths import path_length
from games.dragonbond.rules import movement, setup, space, stats

SETTINGS = settings(max_examples=examples(100), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
CARDS = [("oathguard_halberdiers", "commander_leonise"), ("blooded_claws", "bloodhowler_mag"),
         ("bucentaur_blades", "warden_ilsa"), ("kirin_wardens", "lady_mirei"),
         ("skorpikon_gore_lancers", "lancer_vhorr"), ("ogerron_phalanx", "ogerron_thane")]
KINDS = ["mire", "ember_field", "grasping_roots", "ancient_ruins", "rock"]
BLACK = {0: [10, 10, 10], 1: [1, 10, 10], 2: [5, 10, 10], 3: [5, 1, 10], 4: [5, 5, 10], 5: [5, 5, 1],
         6: [5, 5, 5]}                  # three black dice: blank 10, success 1, double 5


def _polygon(cx, cy, r, sides, turn):
    return tuple((cx + r * math.cos(turn + 2 * math.pi * k / sides), cy + r * math.sin(turn + 2 * math.pi * k / sides))
                 for k in range(sides))


PIECE = st.tuples(st.sampled_from(KINDS), st.floats(4, 44), st.floats(4, 44), st.floats(1.0, 3.5),
                  st.integers(3, 7), st.floats(0, math.pi))
UNIT = st.tuples(st.sampled_from(CARDS), st.integers(1, 7), st.floats(8, 40), st.floats(8, 40), st.booleans())
NEAR = st.tuples(st.sampled_from(CARDS), st.integers(1, 7), st.floats(0, 2 * math.pi), st.floats(3, 16),
                 st.booleans())          # the other unit, at an angle and a distance from the first


def _table(base: Table, pieces) -> Table:
    terrain = []
    for i, (kind, cx, cy, r, sides, turn) in enumerate(pieces):
        props = {"impassable": True} if kind == "rock" else {}
        terrain.append(Piece(f"p{i}", "ancient_ruins" if kind == "rock" else kind,
                             ring=_polygon(cx, cy, r, sides, turn), name=f"{kind} {i}",
                             properties={"blocking": kind in ("ancient_ruins", "rock"), **props}))
    return Table(base.width, base.height, terrain, base.zones, base.name)


def _world(pieces, ours, near, slow, immobilized):
    """A match on a random table, or None when the units cannot stand there."""
    card, n, angle, dist, across = near
    theirs = (card, n, ours[2] + dist * math.cos(angle), ours[3] + dist * math.sin(angle), across)
    units = []
    for name, player, ((card, cap), n, x, y, across) in (("a", 0, ours), ("b", 1, theirs)):
        cat = registry.get("dragonbond").catalog()
        n = min(n, cat.units[card].models)
        pts = setup.formation(cat, card, n, x, y, horizontal=across, per=3)
        units.append({"name": name, "player": player, "unit": card, "captain": cap, "models": n,
                      "at": [list(p) for p in pts]})
    units[0]["slow"], units[0]["immobilized"] = slow, immobilized
    try:
        m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                        options={"position": {"current": 0, "units": units}}), dice=ScriptedDice([], seed=3))
    except ValueError:
        return None
    s = m.state
    s.table = _table(s.table, pieces)
    s.touch()
    feet = [f for u in space.on_table(s) for f in space.feet(s, u)]
    for i, f in enumerate(feet):
        if not s.table.on_table(f) or s.table.blocked_by_impassable(f):
            return None
        if any(edge_distance(f, g) < 0.05 for g in feet[i + 1:]):
            return None
    names = s.options["names"]
    return m, s.units[names["a"]], s.units[names["b"]]


def _apply(m, a, dice=()):
    """Submit through the rules; every decision that follows is answered
    (opportunity attacks and reactions declined, our pile-in and
    casualties taken).  Returns the events, or None when refused."""
    rules, s = m.rules, m.state
    if rules.check(s, a) is not None:
        return None
    d = ScriptedDice(list(dice), seed=7)
    events = list(rules.apply(s, a, d))
    for _ in range(20):
        if not s.pending or s.phase == "over":
            break
        pd = s.pending[-1]
        if pd.kind == "follow_up":
            b = Action.make("follow_up", pd.player, uid=pd.uid)
        elif pd.kind == "casualties":
            from games.dragonbond.rules.wounds import default_casualties
            b = Action.make("remove_models", pd.player, uid=pd.uid, models=default_casualties(s, s.units[pd.uid]))
        else:
            b = Action.make("decline", pd.player, uid=pd.uid)
        assert rules.check(s, b) is None, rules.check(s, b)
        events += rules.apply(s, b, d)
    return events


def _where_nothing_overlaps(s):
    feet = [(u.uid, f) for u in space.on_table(s) for f in space.feet(s, u)]
    for i, (uid, f) in enumerate(feet):
        assert s.table.on_table(f), f
        assert not s.table.blocked_by_impassable(f), f
        for vid, g in feet[i + 1:]:
            assert edge_distance(f, g) >= -OVERLAP, (uid, vid, f, g)
    for u in space.on_table(s):
        assert coherent(space.feet(s, u)), u.uid


def _moves_are_their_paths(s, u, events, limits):
    """Each move event of u: distance = its longest path, in the text too;
    paths from start to end, clear; none longer than its limit."""
    through = stats.has(s, u, "agile") or stats.has(s, u, "flying")
    ob = space.obstacles(s, u, through, stats.has(s, u, "flying"))
    seen = 0
    for e in events:
        if e.kind != "move" or e.data.get("uid") != u.uid:
            continue
        paths = e.data["paths"]
        far = max(path_length(p) for p in paths)
        assert abs(far - e.data["distance"]) < 0.01, (far, e.data["distance"])
        said = re.search(r"(\d+\.\d)\"", e.text)
        assert said and abs(float(said.group(1)) - e.data["distance"]) <= 0.051, e.text
        for p, a, b in zip(paths, e.data["from"], e.data["to"]):
            assert math.hypot(p[0][0] - a[0], p[0][1] - a[1]) < 0.002 and \
                math.hypot(p[-1][0] - b[0], p[-1][1] - b[1]) < 0.002, (p, a, b)
            for (x0, y0), (x1, y1) in zip(p, p[1:]):
                assert ob.clear(x0, y0, x1, y1) or math.hypot(x1 - x0, y1 - y0) < 0.01, (p, e.text)
        if " piles in " in e.text or " consolidates " in e.text:
            assert far <= movement.FOLLOW + 0.01, e.text          # 2 inches more (§ Pile-In)
            continue
        assert far <= limits[seen] + 0.01, (far, limits[seen], e.text)
        seen += 1
    return seen


@SETTINGS
@given(st.lists(PIECE, max_size=6), UNIT, NEAR, st.integers(0, 2), st.sampled_from([0, 0, 0, 1]),
       st.floats(0, 2 * math.pi), st.floats(0.1, 1.4), st.floats(0, 2 * math.pi), st.floats(0.1, 1.0))
def test_moves_stay_legal_within_allowance_and_report_their_paths(pieces, ours, theirs, slow, immobilized,
                                                                    angle, share, angle2, share2):
    world = _world(pieces, ours, theirs, slow, immobilized)
    assume(world is not None)
    m, u, t = world
    s = m.state
    assert _apply(m, Action.make("activate", 0, uid=u.uid)) is not None
    limits, events = [], []
    for ang, k in ((angle, share), (angle2, share2)):
        left = movement.left(s, u)
        if left <= 1e-6:
            break
        v = left * k
        to = [[round(m_.x + v * math.cos(ang), 3), round(m_.y + v * math.sin(ang), 3)] for m_ in u.models]
        ev = _apply(m, Action.make("move", 0, uid=u.uid, to=to))
        if ev is None:
            continue
        limits.append(left)
        events += ev
        _where_nothing_overlaps(s)
    n = _moves_are_their_paths(s, u, events, limits)
    assert n == len(limits)
    if immobilized:
        assert not limits                       # an immobilized unit does not move (§ Status Effects)


def _free_contact(s, u, t, allowance):
    """True when the unit moved straight in along its nearest model's line
    until that model touches the target is a legal end: every run clear,
    every end free, within the distance (with room for rounding)."""
    sh = space.shape_of(s.catalog, u.card)
    through = stats.has(s, u, "agile") or stats.has(s, u, "flying")
    ob = space.obstacles(s, u, through, stats.has(s, u, "flying"))
    reach = space.REACH if stats.has(s, u, "reach") else 0.0
    tf = space.feet(s, t)
    lead = min(u.models, key=lambda m_: min(math.hypot(g.x - m_.x, g.y - m_.y) - g.r for g in tf))
    g = min(tf, key=lambda g: math.hypot(g.x - lead.x, g.y - lead.y))
    cx, cy = contact_point(sh, lead.x, lead.y, g, gap=reach + PLACE_GAP)
    dx, dy = cx - lead.x, cy - lead.y
    if math.hypot(dx, dy) > allowance - 0.01:
        return False
    others = [f for v in space.on_table(s) if v.uid != u.uid for f in space.feet(s, v)]
    for m_ in u.models:
        x, y = m_.x + dx, m_.y + dy
        f = Foot(sh, x, y)
        if not ob.clear(m_.x, m_.y, x, y) or not s.table.on_table(f) or s.table.blocked_by_impassable(f):
            return False
        if any(edge_distance(f, h) < 0.0 for h in others):
            return False
    return True


@SETTINGS
@given(st.lists(PIECE, max_size=6), UNIT, NEAR, st.integers(0, 1), st.integers(0, 6))
def test_charges_stay_legal_and_arrive_when_the_roll_covers_the_distance(pieces, ours, theirs, slow, roll):
    world = _world(pieces, ours, theirs, slow, 0)
    assume(world is not None)
    m, u, t = world
    s = m.state
    assume(not space.in_combat_with(s, u))
    w = next((w.name for w, _ in stats.weapons(s, u) if w.type == "melee"), None)
    assume(w is not None)
    assert _apply(m, Action.make("activate", 0, uid=u.uid)) is not None
    a = Action.make("charge", 0, uid=u.uid, target=t.uid, weapon=w)
    assume(m.rules.check(s, a) is None)             # in sight, not exhausted
    sp = stats.speed(s, u)
    exhausted_after = stats.exhausted(u) or u.fatigue + 2 > stats.card(u).stamina
    assume(not exhausted_after)                     # the roll is three black dice, as forced
    allowance = max(0.0, sp + roll - (sp / 2.0 if u.slow else 0.0))
    covers = _free_contact(s, u, t, allowance)
    event(f"the roll covers the distance: {covers}")
    events = _apply(m, a, BLACK[roll])
    assert events is not None
    assert any(f"= {allowance:g}\"" in e.text for e in events if e.kind == "ruling"), [e.text for e in events]
    _where_nothing_overlaps(s)
    charged = [e for e in events if e.kind == "move" and e.data.get("uid") == u.uid]
    assert charged, [e.text for e in events]
    assert _moves_are_their_paths(s, u, charged, [allowance]) == 1
    if covers and u.alive and t.alive and u.models and t.models:
        assert space.engaged_models(s, u, t), [e.text for e in events]


def _wall(i, x0, y0, x1, y1):
    return Piece(f"w{i}", "ancient_ruins", ring=((x0, y0), (x1, y0), (x1, y1), (x0, y1)), name=f"Wall {i}",
                 properties={"impassable": True})


def test_coherency_wins_over_contact():
    """dragonbond.txt § Unit Coherency ("Units must be in coherency at the
    end of any movement that they make") over § Charge [2] ("move the unit
    that distance or until it reaches base-to-base contact"): two
    Gore-Lancers 0.5" apart with a wall between them; the left one alone
    could reach the Duelist 8.9" away with a 9" charge, but the right one,
    boxed in, can only go round the wall's far end.  It goes its full 9"
    round, the left one as near the target as keeps it within 1", and the
    charge falls short (docs/games/dragonbond.md, "The charge's move")."""
    units = [{"name": "lancers", "player": 0, "unit": "skorpikon_gore_lancers", "captain": "lancer_vhorr",
              "models": 2, "at": [[20, 10], [22.5, 10]]},
             {"name": "duel", "player": 1, "unit": "oathguard_duelists", "captain": "ser_tavin", "models": 1,
              "at": [[20, 20.55]]}]
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                    options={"position": {"current": 0, "units": units}}), dice=ScriptedDice([], seed=3))
    s = m.state
    s.table = Table(s.table.width, s.table.height, [_wall(0, 21.15, 8.0, 21.35, 19.5), _wall(1, 21.35, 11.6, 26, 11.8)],
                    s.table.zones, s.table.name)
    s.touch()
    n = s.options["names"]
    u, t = s.units[n["lancers"]], s.units[n["duel"]]
    assert 8.9 < space.distance(s, u, t) < 9.0 - PLACE_GAP
    assert _apply(m, Action.make("activate", 0, uid=u.uid)) is not None
    events = _apply(m, Action.make("charge", 0, uid=u.uid, target=t.uid, weapon="Lances"), BLACK[1])
    texts = [e.text for e in events]
    assert 'Charge distance: speed 8 + 1 = 9"; the target is 8.9" away' in texts, texts
    assert any(x.startswith("The charge falls short") for x in texts), texts
    move = next(e for e in events if e.kind == "move")
    left, right = move.data["paths"]
    assert len(right) > 2 and 8.9 < path_length(right) <= 9.0      # the full distance round the wall
    _where_nothing_overlaps(s)
    a, b = space.feet(s, u)
    assert edge_distance(a, b) <= 1.0 + 1e-6                          # in coherency
    assert not space.engaged_models(s, u, t)
    assert left[-1][1] - left[0][1] > 3.0                             # the left one still closed in
