"""A synthetic free-measure game for the table UI's tests and frame-time
benchmark: a 6 x 4 ft table, ten terrain pieces, two deployment zones,
three objectives and twelve units (60 models on round and rectangular
bases).  Its rules know one move (every model at most its unit's speed in
a straight line, on the table, off impassable terrain, not on other
bases, the unit in coherency) and ending the turn.  Not a registered game:
`demo_match()` registers it for the process when asked.

    .venv/bin/python -m engine.ui.table_demo            # frame times at 1920x1080
    .venv/bin/python -m engine.ui.table_demo --png x.png
"""
from __future__ import annotations

import copy
import math
import random
import sys
from dataclasses import dataclass, field

from engine.actions import Action
from engine.rules import Event, Illegal, Setup
from engine.table import BaseShape, Foot, Piece, Table, coherent, overlaps
from engine.ui.gameui import (ButtonSpec, CardSpec, Header, HoverInfo, ModelSpec, PoolSpec, TableController,
                              TableView, ZoneSpec)

GAME = "table_demo"
COLORS = ("#E69F00", "#56B4E9")
NAMES = ("Orange", "Blue")
R_MOVE = "table_demo § Movement"


def _blob(rng, cx, cy, rx, ry, n=9) -> tuple:
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.15, 0.15)
        k = rng.uniform(0.78, 1.0)
        pts.append((round(cx + rx * k * math.cos(a), 3), round(cy + ry * k * math.sin(a), 3)))
    return tuple(pts)


def build_table(seed: int = 1) -> Table:
    """72 x 48 inches, ten pieces: woods (block sight, difficult), ruins
    (block sight), rocks (impassable), marsh (difficult), fields (open)."""
    rng = random.Random(seed)
    kinds = [("woods", {"blocking": True, "difficult": True}), ("ruins", {"blocking": True}),
             ("rocks", {"impassable": True, "blocking": True}), ("marsh", {"difficult": True}),
             ("field", {})]
    spots = [(14, 20), (30, 16), (46, 22), (60, 18), (22, 31), (38, 30), (54, 32), (8, 26), (66, 30), (36, 23.5)]
    pieces = []
    for i, (cx, cy) in enumerate(spots):
        t, props = kinds[i % len(kinds)]
        if t == "ruins":
            w, h = rng.uniform(3, 5), rng.uniform(2, 3.5)
            ring = ((cx - w, cy - h), (cx + w, cy - h), (cx + w, cy - h / 3), (cx, cy - h / 3), (cx, cy + h), (cx - w, cy + h))
        else:
            ring = _blob(rng, cx, cy, rng.uniform(2.5, 4.5), rng.uniform(2, 3.5), 10)
        pieces.append(Piece(f"t{i}", t, ring=ring, name=t.capitalize(), properties=dict(props)))
    zones = [Piece("deploy0", "deployment", ring=((0, 0), (72, 0), (72, 12), (0, 12)), name="Orange deployment",
                   properties={"player": 0}),
             Piece("deploy1", "deployment", ring=((0, 36), (72, 36), (72, 48), (0, 48)), name="Blue deployment",
                   properties={"player": 1})]
    for i, (x, y) in enumerate(((18, 24), (36, 24), (54, 24))):
        zones.append(Piece(f"obj{i + 1}", "objective", point=(x, y), name=str(i + 1), properties={"radius": 3}))
    return Table(72, 48, pieces, zones, name="Demo table")


@dataclass
class DemoUnit:
    uid: int
    owner: int
    name: str
    letter: str
    speed: float
    feet: list = field(default_factory=list)      # Foot per model (tag = uid)
    hp: list = field(default_factory=list)
    max_hp: int = 1
    fatigue: int = 0
    moved: bool = False
    blocks: bool = False                          # a big creature that blocks sight


@dataclass
class DemoState:
    table: Table
    units: dict
    current: int = 0
    round: int = 1

    def copy(self) -> "DemoState":
        return DemoState(self.table, {k: copy.copy(u) for k, u in self.units.items()}, self.current, self.round)


UNIT_TYPES = [  # name, letter, base, models, speed, hp
    ("Spearmen", "S", BaseShape.round_mm(32), 8, 6.0, 1),
    ("Archers", "A", BaseShape.round_mm(25), 7, 6.0, 1),
    ("Guards", "G", BaseShape.round_mm(40), 5, 5.0, 2),
    ("Riders", "R", BaseShape.rect_mm(25, 50), 3, 9.0, 2),
    ("Skirmishers", "K", BaseShape.round_mm(28), 6, 7.0, 1),
    ("Ogre", "O", BaseShape.round_mm(60), 1, 7.0, 6),
]


def build_units(table: Table, seed: int = 1) -> dict:
    rng = random.Random(seed)
    units: dict = {}
    placed: list = []
    uid = 0
    for owner in (0, 1):
        y0, y1 = (2.0, 10.0) if owner == 0 else (38.0, 46.0)
        facing = 90.0 if owner == 0 else 270.0
        for k, (name, letter, shape, n, speed, hp) in enumerate(UNIT_TYPES):
            for tries in range(400):
                cx = rng.uniform(4, 68)
                cy = rng.uniform(y0, y1)
                step = shape.width + 0.35 if shape.round else shape.width + 0.2
                cols = min(n, 4)
                feet = []
                for i in range(n):
                    x = cx + (i % cols - (cols - 1) / 2) * step
                    y = cy + (i // cols) * ((shape.depth + 0.3) * (1 if owner == 0 else -1))
                    feet.append(Foot(shape, round(x, 3), round(y, 3), facing, tag=uid))
                if all(table.on_table(f) for f in feet) and not any(overlaps(f, g) for f in feet for g in placed) \
                        and not any(table.blocked_by_impassable(f) for f in feet) and coherent(feet):
                    break
            placed.extend(feet)
            units[uid] = DemoUnit(uid, owner, name, letter, speed, feet, [hp] * n, hp, blocks=(letter == "O"))
            uid += 1
    return units


class DemoRules:
    game_id = GAME
    title = "Table demo (synthetic)"
    min_players = 2
    max_players = 2
    ui_module = "engine.ui.table_demo"

    def options(self):
        return []

    def scenarios(self):
        return ["skirmish"]

    def initial_state(self, setup: Setup, dice):
        table = build_table(setup.seed or 1)
        return DemoState(table, build_units(table, setup.seed or 1)), [Event("setup", "Armies deployed.", depth=0)]

    def to_act(self, state) -> int:
        return state.current

    def legal_actions(self, state):
        return [Action.make("end_turn", state.current)]

    def check(self, state, action):
        if action.player != state.current:
            return Illegal(f"It is {NAMES[state.current]}'s turn.", R_MOVE)
        if action.kind == "end_turn":
            return None
        if action.kind != "move":
            return Illegal(f"Unknown action {action.kind}.")
        u = state.units.get(action["uid"])
        if u is None or u.owner != action.player:
            return Illegal("Not one of your units.", R_MOVE)
        if u.moved:
            return Illegal(f"The {u.name} have already moved this turn.", R_MOVE)
        to = action["to"]
        if len(to) != len(u.feet):
            return Illegal("Every model of the unit needs a place.", R_MOVE)
        new = []
        for (i, x, y, f), old in zip(to, u.feet):
            foot = old.moved(x / 100, y / 100, float(f))
            d = math.hypot(foot.x - old.x, foot.y - old.y)
            if d > u.speed + 1e-6:
                return Illegal(f"A model would move {d:.1f}\" but the {u.name} move {u.speed:g}\".", R_MOVE)
            if not state.table.on_table(foot):
                return Illegal("Every model must stay on the table.", R_MOVE)
            t = state.table.blocked_by_impassable(foot)
            if t is not None:
                return Illegal(f"A model would stand on impassable {t.name.lower()}.", R_MOVE)
            new.append(foot)
        for v in state.units.values():
            if v.uid == u.uid:
                continue
            for a in new:
                for b in v.feet:
                    if overlaps(a, b):
                        return Illegal(f"A model would stand on the {v.name}.", R_MOVE)
        if not coherent(new):
            return Illegal("The unit must end its move in coherency (each model within 1\" of another).", R_MOVE)
        return None

    def apply(self, state, action, dice):
        if action.kind == "end_turn":
            for u in state.units.values():
                u.moved = False
            state.current = 1 - state.current
            if state.current == 0:
                state.round += 1
            return [Event("turn", f"{NAMES[state.current]} to play.", depth=0)]
        u = state.units[action["uid"]]
        u.feet = [old.moved(x / 100, y / 100, float(f)) for (i, x, y, f), old in zip(action["to"], u.feet)]
        u.moved = True
        u.fatigue += 1
        return [Event("move", f"{NAMES[u.owner]}'s {u.name} move.", R_MOVE, depth=0)]

    def outcome(self, state):
        return None

    def clone(self, state):
        return state.copy()

    def fingerprint(self, state) -> str:
        return repr([(u.uid, u.moved, [(round(f.x, 2), round(f.y, 2)) for f in u.feet]) for u in state.units.values()]
                    + [state.current, state.round])

    def describe(self, state, action) -> str:
        if action.kind == "move":
            u = state.units.get(action["uid"])
            return f"{NAMES[action.player]} moves the {u.name if u else 'unit'}"
        return f"{NAMES[action.player]} ends the turn"

    def preview(self, state, action):
        return []

    def player_name(self, state, p):
        return NAMES[p] if 0 <= p < 2 else f"Player {p + 1}"

    def hidden_from_others(self, state, p):
        return False

    def in_setup(self, state):
        return False

    def invariants(self, state):
        return []


# --- view ----------------------------------------------------------------------------------

class DemoView(TableView):
    def __init__(self, match):
        self.match = match

    def table(self):
        return self.match.state.table

    def zones(self, state=None):
        out = []
        for z in self.match.state.table.zones:
            if z.type == "deployment":
                p = z.properties.get("player", 0)
                out.append(ZoneSpec(z.id, "deploy", ring=z.ring, color=COLORS[p], label=z.name))
            elif z.type == "objective":
                out.append(ZoneSpec(z.id, "objective", point=z.point, radius=z.properties.get("radius", 3),
                                    color="#DDDDDD", label=z.name))
        return out

    def player_color(self, state, p):
        return COLORS[p] if 0 <= p < 2 else "#FFFFFF"

    def models(self, state):
        out = []
        for u in state.units.values():
            for i, f in enumerate(u.feet):
                out.append(ModelSpec((u.uid, i), u.uid, u.owner, f, COLORS[u.owner], u.letter, u.hp[i], u.max_hp,
                                     u.fatigue if i == 0 else 0, leader=(i == 0 and len(u.feet) > 1),
                                     spent=u.moved, arc=90.0 if not f.round else 0.0))
        return out

    def header(self, state):
        return Header(f"{NAMES[state.current]} — turn", COLORS[state.current],
                      [f"Round {state.round}", "Drag a unit to move it; E ends the turn"])

    def card(self, state, key):
        u = state.units.get(key)
        if u is None:
            return None
        f = u.feet[0]
        return CardSpec(u.name, f"{NAMES[u.owner]}'s · {len(u.feet)} models on {f.shape} bases", COLORS[u.owner],
                        label=u.letter, hp=sum(u.hp), max_hp=u.max_hp * len(u.feet),
                        stats=[("Speed", f'{u.speed:g}"'), ("Models", str(len(u.feet))), ("Fatigue", str(u.fatigue))],
                        sections=[("note", "Moved" if u.moved else "Ready", "")])

    def summary(self, state):
        return [(COLORS[p], f"{NAMES[p]}: {sum(1 for u in state.units.values() if u.owner == p)} units") for p in (0, 1)]

    def point_info(self, state, pt):
        t = state.table
        lines = []
        title = f'{pt[0]:.1f}", {pt[1]:.1f}"'
        for p in t.terrain:
            if p.contains_point(*pt):
                flags = [w for w, on in (("blocks sight", p.blocking), ("difficult", p.difficult),
                                         ("impassable", p.impassable)) if on]
                title = p.name
                lines.append(", ".join(flags) if flags else "open ground")
        for z in t.zones:
            if z.ring and z.contains_point(*pt):
                lines.append(z.name)
        return HoverInfo(lines=lines, title=title)

    def model_info(self, state, m):
        u = state.units[m.unit]
        return HoverInfo(title=f"{NAMES[u.owner]}'s {u.name}",
                         lines=[f'{len(u.feet)} models · speed {u.speed:g}"' + (" · moved" if u.moved else "")])


class DemoController(TableController):
    def allowance_of(self, unit):
        u = self.state.units.get(unit)
        if u is None or u.moved or u.owner != self.state.current:
            return None
        return u.speed

    def make_move_action(self, unit, positions):
        u = self.state.units[unit]
        to = []
        for i in range(len(u.feet)):
            x, y, f = positions[(unit, i)]
            to.append((i, int(round(x * 100)), int(round(y * 100)), int(round(f)) % 360))
        return Action.make("move", u.owner, uid=unit, to=to)

    def sight_blockers(self, viewer, target):
        return [f for u in self.state.units.values() if u.blocks and u.uid not in (viewer, target) for f in u.feet]

    def unit_name(self, unit):
        u = self.state.units.get(unit)
        return f"the {u.name}" if u else "the unit"

    def highlights(self):
        if self.sel is None or self.owner_of(self.sel) != self.actor():
            return {}
        return {u: "target" for u, ms in self.units().items()
                if ms and ms[0].owner != self.actor() and self.sight_of(self.sel, u).distance <= 12}

    def target_hover(self, unit, info):
        s = self.sight_of(self.sel, unit)
        if s.distance <= 12:
            info.pool = PoolSpec("Shooting (demo)", [(10, "black"), (10, "grey"), (10, "white")], 1, 0,
                                 ["2+ hits: 61%", "a critical: 24%"])

    def buttons(self):
        return [ButtonSpec("End turn", "end_turn", "E")]

    def press(self, command):
        if command == "end_turn":
            return Action.make("end_turn", self.actor())
        return None

    def key(self, name, mods=frozenset()):
        r = super().key(name, mods)
        if r is not None:
            return r
        if name == "e":
            return self.press("end_turn")
        return None


def make_view(match):
    return DemoView(match)


def make_controller(match, view):
    return DemoController(match, view)


# --- registration, a match, the benchmark --------------------------------------------------------

def register() -> None:
    from engine import registry
    registry.load_all()
    if GAME not in registry._games:
        registry.register(DemoRules())


def unregister() -> None:
    from engine import registry
    registry._games.pop(GAME, None)


def demo_match(seed: int = 1, seats=("human", "human")):
    from engine.match import Match
    register()
    return Match(Setup(GAME, 2, seed=seed, scenario="skirmish", seats=tuple(seats)))


def main(argv: list[str]) -> int:
    import os
    import statistics
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if "--png" in argv:
        from engine.ui.render import render_png
        out = argv[argv.index("--png") + 1]
        m = demo_match()
        render_png(m, out, select=0, hover=None)
        print(out)
        return 0
    from engine.ui.bench import frame_times
    frames = 400
    for full in (False, True):
        times = sorted(frame_times(demo_match(), frames=frames, full=full))
        print(f"{'full repaint' if full else 'as the app draws'}: frame p50 {statistics.median(times):.2f} ms, "
              f"p95 {times[int(len(times) * 0.95) - 1]:.2f} ms, max {times[-1]:.2f} ms over {frames} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
