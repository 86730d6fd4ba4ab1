"""The free-measure table half of the view/controller contract
(engine/ui/contract.py holds the rest): TableView, TableController and
the plain data they exchange.  No pygame: controllers stay testable headless."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.ui.contract import Controller, HoverInfo, View


# =====================================================================================
# The free-measure table
# =====================================================================================
#
# A table game's View subclasses TableView and its Controller subclasses
# TableController.  Pointer positions reach the controller as table points
# (x, y) in inches, origin top-left, y down (engine.table.geometry's coordinates).
#
# What the controller configures (override these; defaults in brackets):
#
#   allowance_of(unit) -> float | None
#       How many inches the unit may still move now; None: it may not be
#       dragged now.  [None: nothing moves]
#   make_move_action(unit, positions) -> Action | None
#       The game's move Action for the unit's models standing at
#       positions {model key: (x, y, facing)} (every model of the unit,
#       moved or not).  The screen submits it; when the rules refuse, the
#       reason shows in the hint bar and nothing changes.  [None]
#   sight(viewer, target) -> bool
#       Line of sight between two units.  [Table.line_of_sight between
#       their bases with `sight_blockers` in the way]
#   sight_blockers(viewer, target) -> list[Foot]
#       Bases that block sight between these two units.  [none]
#   sight_note(viewer, target, sight) -> str
#       Extra words for the hover ("in range 12\"", "charge reach 9\"").  [""]
#   move_obstacles(unit, radius) -> engine.table.paths.Obstacles | None
#       What a model of this unit must go around (for the path preview).
#       [the other units' bases, impassable terrain, difficult terrain
#       counted `difficult_factor` times]
#   unit_name(unit) -> str, click_unit(unit, model), click_point(pt),
#   target_hover(unit, info)
#       Selection and targeting hooks (see the methods).
#   placement_feet(pt) -> list[Foot] | None, placement_problem(pt, feet) -> str
#       Deployment: the bases a click at pt would put down (drawn as ghosts
#       following the pointer, hatched red with the reason when refused);
#       click_point(pt) then builds the deploy Action.  [None: no ghosts]
#   overlay_shapes() -> list[OverlayShape]
#       The game's own aids drawn over the table this frame: lines and
#       outlines in inches (a charge lane, a wheel's arc, the edge a charge
#       contacts, the ghost of a formation change, scenery built in the
#       game), each with an optional label.  [none]
#
# What the tools give every table game (the screen drives them):
#   the ruler (right-drag, or R then left-drag: from the nearest base edge
#   of the model under the pointer, edge to edge when it ends on another
#   model), hovering a unit from the selected one (edge distance, sight
#   line, blockers marked), the reach area of the selected unit, and
#   dragging: a whole unit (drag any of its models), or Shift-drag one
#   model to arrange a formation that Enter commits; the wheel turns what
#   is dragged.  Every drop builds `make_move_action` and the rules judge.

@dataclass(frozen=True)
class ModelSpec:
    """One model on its base.  `key` is stable across states (glides, drags)."""
    key: Any
    unit: Any                       # its unit's key: selection, cards, highlights
    owner: int                      # player index (-1: nobody's)
    foot: Any                       # engine.table.geometry.Foot: base shape, centre (inches), facing (degrees)
    color: str                      # player colour "#RRGGBB"
    label: str = ""                 # 1-2 letters: the unit's letter or icon
    hp: int = 0                     # wounds left, as pips (max_hp 0: none drawn)
    max_hp: int = 0
    fatigue: int = 0                # dark pips (fatigue, exhaustion)
    leader: bool = False            # captain, general, champion: a star on the base
    badge: str = ""                 # small corner letter (faction)
    statuses: int = 0               # status markers on the unit
    spent: bool = False             # done for now (drawn dimmer)
    arc: float = 0.0                # arc of vision in degrees shown when selected (0: none)
    icon: str = ""                  # a silhouette from assets/icons (named by the game's data: engine/core/faces.py)
    figures: int = 0                # figures on the base, drawn in ranks and files (0 or 1: one emblem)


@dataclass(frozen=True)
class ZoneSpec:
    """A scenario area: a deployment zone (tinted in its player's colour),
    an objective (a numbered marker with its control radius) or any area."""
    key: Any
    kind: str                       # deploy | objective | area
    ring: tuple = ()                # outline in inches (deploy, area)
    point: tuple | None = None      # centre (objective)
    radius: float = 0.0             # control radius in inches (objective)
    color: str = "#FFFFFF"
    label: str = ""                 # "1" on an objective, "Orange deployment"


@dataclass(frozen=True)
class PieceStyle:
    """How a terrain piece reads.  Patterns carry the type without colour:
    hatch = blocks sight, dots = difficult, cross = impassable."""
    name: str
    color: str
    patterns: tuple = ()            # empty: from the piece's flags


@dataclass(frozen=True)
class OverlayShape:
    """A line (or, `closed`, an outline) the board draws over the table:
    points in inches, a colour "#RRGGBB", a width in pixels, dashed or
    not, `fill` (a closed shape tinted inside) and a label at its end."""
    points: tuple
    color: str = "#FFFFFF"
    width: int = 2
    closed: bool = False
    dashed: bool = False
    fill: bool = False
    label: str = ""


@dataclass
class PoolSpec:
    """The dice a commit would roll, for the tray: dice as (sides, colour
    name or "#RRGGBB"), with upgrades/downgrades already counted, and the
    odds in words."""
    title: str
    dice: list = field(default_factory=list)             # [(10, "black"), (10, "white"), ...]
    upgrades: int = 0
    downgrades: int = 0
    odds: list[str] = field(default_factory=list)


TERRAIN_COLORS = (("wood", "#4E6B3A"), ("forest", "#4E6B3A"), ("ruin", "#8A8172"), ("rock", "#7D7468"),
                  ("hill", "#8C8A5A"), ("water", "#3F6F8F"), ("lake", "#3F6F8F"), ("river", "#3F6F8F"),
                  ("marsh", "#5F7355"), ("swamp", "#5F7355"), ("building", "#8A6F5A"), ("house", "#8A6F5A"),
                  ("wall", "#6E6A66"), ("field", "#9A9050"), ("crop", "#9A9050"), ("road", "#A89C84"))


class TableView(View):
    """What a table game draws.  Subclass per game."""
    space = "table"

    def table(self):                                     # engine.table.geometry.Table (static: size, terrain, zones)
        raise NotImplementedError

    def piece_style(self, piece) -> PieceStyle:
        k = (piece.type or "").lower()
        col = next((c for w, c in TERRAIN_COLORS if w in k), "#7A7A6A")
        return PieceStyle(piece.name or (piece.type or "terrain").replace("_", " ").capitalize(), col)

    def zones(self, state=None) -> list[ZoneSpec]: return []   # scenario areas (redrawn when they change)
    def markers(self, state) -> list[ZoneSpec]: return []   # objectives that change (holder's colour)
    def models(self, state) -> list[ModelSpec]: return []
    def point_info(self, state, pt) -> HoverInfo:           # terrain and zones under a table point
        return HoverInfo()

    def model_info(self, state, m: ModelSpec) -> HoverInfo:
        return HoverInfo(title=str(m.unit))


class TableController(Controller):
    """Selection and the shared table tools.  Subclass per game; override
    the hooks listed above.  Headless (no pygame): tests drive it with
    table points."""

    difficult_factor = 2.0          # how much an inch of difficult terrain costs (path preview)
    pick_slop = 0.1                 # inches: a click this near a base picks it (the screen sets it per zoom)
    ruler_key = "r"                 # toggles the ruler tool (left-drag measures)
    drag_note = "Drag to move the unit (Shift: one model) · right-drag measures"    # hover text on a movable unit

    def __init__(self, match, view):
        self.match = match
        self.view = view
        self.rules = match.rules
        self.sel = None             # selected unit key
        self.tool = ""              # "" | "ruler"
        self.message = ""
        self.message_rule = ""
        self.ruler = None           # table_tools.Ruler being drawn
        self.drag = None            # _Drag in progress
        self.formation: dict = {}   # model key -> (x, y, facing): a formation being arranged (Shift-drag)
        self.hovering = None        # ModelSpec under the pointer
        self.pointer = None         # the table point under the pointer
        self._models = None
        self._units = None
        self._sight: dict = {}
        self._reach: dict = {}
        self._obst: dict = {}
        self._hover_cache: dict = {}
        self._table = None
        self._pick_index = None     # table_tools.PickIndex over models()

    # --- hooks a game overrides ---------------------------------------------------------
    def allowance_of(self, unit) -> float | None:
        return None

    def make_move_action(self, unit, positions: dict):
        return None

    def sight_blockers(self, viewer, target) -> list:
        return []

    def sight(self, viewer, target) -> bool:
        return self.table().line_of_sight(self.feet(viewer), self.feet(target), self.sight_blockers(viewer, target))

    def sight_note(self, viewer, target, sight) -> str:
        return ""

    def move_obstacles(self, unit, radius: float):
        from engine.table.paths import Obstacles
        t = self.table()
        circles = [(m.foot.x, m.foot.y, m.foot.r if m.foot.round else m.foot.shape.radius)
                   for m in self.models() if m.unit != unit]
        return Obstacles(radius, t.width, t.height, circles=circles, polygons=list(t.impassable),
                         difficult=list(t.difficult), difficult_factor=self.difficult_factor)

    def unit_name(self, unit) -> str:
        return str(unit)

    def overlay_shapes(self) -> list:
        return []

    def click_unit(self, unit, model):
        """A click on a model of another unit than the selected one's
        (an attack target, say): return an Action/Choice, True (handled) or
        None (the default: select it)."""
        return None

    def click_point(self, pt):
        """A click on the table away from any model: Action/Choice/True/None
        (None: clear the selection)."""
        return None

    def placement_feet(self, pt):
        """The bases a click at `pt` would place (deployment), or None."""
        return None

    def placement_problem(self, pt, feet) -> str:
        """Why those bases may not go there ("" when they may)."""
        return ""

    def target_hover(self, unit, info: HoverInfo) -> None:
        """Add the odds or the refusal for acting on `unit` from the
        selected one (info.preview / info.illegal / info.pool)."""

    # --- state ----------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def actor(self) -> int:
        try:
            return self.rules.to_act(self.state)
        except Exception:  # noqa: BLE001
            return -1

    def table(self):
        if self._table is None:
            self._table = self.view.table()
        return self._table

    def models(self) -> list[ModelSpec]:
        if self._models is None:
            self._models = list(self.view.models(self.state))
        return self._models

    def units(self) -> dict:
        if self._units is None:
            out: dict = {}
            for m in self.models():
                out.setdefault(m.unit, []).append(m)
            self._units = out
        return self._units

    def unit_models(self, unit) -> list[ModelSpec]:
        return self.units().get(unit, [])

    def feet(self, unit) -> list:
        return [m.foot for m in self.unit_models(unit)]

    def owner_of(self, unit) -> int:
        ms = self.unit_models(unit)
        return ms[0].owner if ms else -1

    def reset(self) -> None:
        """After every state change: caches go, a drag or formation is dropped."""
        self._models = self._units = None
        self._sight.clear()
        self._reach.clear()
        self._obst.clear()
        self._hover_cache.clear()
        self.drag = None
        self.formation = {}
        self.hovering = None
        self.message = self.message_rule = ""
        if self.sel is not None and self.sel not in self.units():
            self.sel = None

    def signature(self):
        d = self.drag
        return (self.sel, self.tool, self.message, d.unit if d else None, d.single if d else None,
                tuple(sorted(self.formation)) if self.formation else ())

    def selected(self):
        return self.sel

    def highlights(self) -> dict:
        """Rings to draw: unit key (or one model's key) -> attack | charge |
        skill | target | select | illegal.  [none]"""
        return {}

    def pick(self, pt) -> ModelSpec | None:
        if pt is None:
            return None
        models = self.models()
        index = getattr(self, "_pick_index", None)
        if index is None or index.models is not models:
            from engine.ui.boards.table_tools import PickIndex
            index = self._pick_index = PickIndex(models)      # again after each state change (a new list)
        return index.pick(pt[0], pt[1], self.pick_slop)

    def movable(self, unit) -> bool:
        return unit is not None and self.owner_of(unit) == self.actor() and self.allowance_of(unit) is not None

    # --- clicks and hover ---------------------------------------------------------------------
    def click(self, pt, button: int = 1):
        self.message = self.message_rule = ""
        self.ruler = None
        m = self.pick(pt)
        if m is None:
            r = self.click_point(pt)
            if r is None:
                self.sel = None
            return r
        if self.sel is not None and m.unit != self.sel:
            r = self.click_unit(m.unit, m)
            if r is not None:
                return r
        self.sel = None if m.unit == self.sel else m.unit
        return None

    def hover(self, pt) -> HoverInfo:
        m = self.pick(pt)
        self.hovering = m
        self.pointer = pt
        if m is None:
            info = self.view.point_info(self.state, pt)
            feet = self.placement_feet(pt) if pt is not None else None
            if feet:
                why = self.placement_problem(pt, feet)
                if why:
                    info.illegal = why
            return info
        key = (m.key, self.signature())
        hit = self._hover_cache.get(key)
        if hit is not None:
            return _copy_info(hit)
        info = self.view.model_info(self.state, m)
        self._hover_cache[key] = info
        if len(self._hover_cache) > 256:
            self._hover_cache.clear()
            self._hover_cache[key] = info
        if self.sel is not None and m.unit != self.sel and self.drag is None:
            s = self.sight_of(self.sel, m.unit)
            if s is not None:
                info.lines.append(s.words(self.piece_name))
                if s.note:
                    info.lines.append(s.note)
            self.target_hover(m.unit, info)
        elif self.movable(m.unit):
            info.lines.append(self.drag_note)
        return _copy_info(info)

    def piece_name(self, piece) -> str:
        return self.view.piece_style(piece).name

    def sight_of(self, viewer, target):
        """The Sight drawn from `viewer` to `target` (cached until the state changes)."""
        from engine.ui.boards.table_tools import Sight, group_nearest, sight_line
        key = (viewer, target)
        if key in self._sight:
            return self._sight[key]
        va, ta = self.feet(viewer), self.feet(target)
        if not va or not ta:
            return None
        d, pa, pb = group_nearest(va, ta)
        visible = bool(self.sight(viewer, target))
        blockers = self.sight_blockers(viewer, target)
        line, pieces, feet = sight_line(va, ta, self.table().blocking, blockers, visible)
        s = Sight(viewer, target, visible, d, (pa, pb), line, pieces, feet)
        s.note = self.sight_note(viewer, target, s)
        self._sight[key] = s
        return s

    def shown_sight(self):
        """The sight line to draw now (selected unit -> hovered unit), or None."""
        h = self.hovering
        if self.sel is None or h is None or h.unit == self.sel or self.drag is not None or self.ruler is not None:
            return None
        return self.sight_of(self.sel, h.unit)

    def reach(self, unit):
        """The unit's reach area (shapely), or None when it may not move now."""
        if unit in self._reach:
            return self._reach[unit]
        from engine.ui.boards.table_tools import reach_area
        allow = self.allowance_of(unit) if self.owner_of(unit) == self.actor() else None
        geom = None
        if allow:
            t = self.table()
            geom = reach_area(self.feet(unit), allow, t, t.impassable)
        self._reach[unit] = geom
        return geom

    # --- the ruler -------------------------------------------------------------------------------
    def measure_begin(self, pt) -> None:
        from engine.ui.boards.table_tools import Ruler
        m = self.pick(pt)
        self.ruler = Ruler(tuple(pt), tuple(pt), m.foot if m else None, None, m.key if m else None)

    def measure_to(self, pt) -> None:
        if self.ruler is None:
            self.measure_begin(pt)
        r = self.ruler
        r.end = tuple(pt)
        m = self.pick(pt)
        if m is not None and m.key != r.from_key:
            r.to_foot, r.to_key = m.foot, m.key
        else:
            r.to_foot, r.to_key = None, None

    def measure_clear(self) -> bool:
        had = self.ruler is not None
        self.ruler = None
        return had

    # --- dragging ---------------------------------------------------------------------------------
    def can_grab(self, pt) -> bool:
        m = self.pick(pt)
        return m is not None and self.movable(m.unit)

    def drag_begin(self, pt, single: bool = False) -> bool:
        """Grab the model under pt: its whole unit, or with `single` that
        model alone (a formation).  False when nothing movable is there."""
        m = self.pick(pt)
        if m is None or not self.movable(m.unit):
            return False
        if self.formation and any(k not in {x.key for x in self.unit_models(m.unit)} for k in self.formation):
            self.formation = {}             # a formation of another unit is dropped
        self.sel = m.unit
        self.ruler = None
        ms = self.unit_models(m.unit)
        single = single and len(ms) > 1
        start = {}
        for x in ms:
            if x.key in self.formation:
                fx, fy, ff = self.formation[x.key]
                start[x.key] = x.foot.moved(fx, fy, ff)
            else:
                start[x.key] = x.foot
        if single:
            start = {m.key: start[m.key]}
        self.drag = _Drag(m.unit, m.key, single, tuple(pt), start, {k: (f.x, f.y, f.facing) for k, f in start.items()})
        self.message = self.message_rule = ""
        self._preview()
        return True

    def drag_to(self, pt) -> None:
        d = self.drag
        if d is None:
            return
        from engine.ui.boards.table_tools import place_group
        d.to = tuple(pt)
        d.now = place_group(d.start, d.anchor, d.to, d.turn)
        self._preview()

    def drag_turn(self, degrees: float) -> None:
        d = self.drag
        if d is None:
            return
        from engine.ui.boards.table_tools import place_group
        d.turn = (d.turn + degrees) % 360.0
        d.now = place_group(d.start, d.anchor, d.to or d.anchor, d.turn)
        self._preview()

    def drag_cancel(self) -> bool:
        had = self.drag is not None
        self.drag = None
        return had

    def drag_end(self):
        """Drop: a whole unit builds the move Action now; one model joins
        the formation (Enter commits it).  Returns Action | True | None."""
        d = self.drag
        self.drag = None
        if d is None:
            return None
        moved = any(math.hypot(x - d.start[k].x, y - d.start[k].y) > 1e-3 or abs(f - d.start[k].facing) > 1e-3
                    for k, (x, y, f) in d.now.items())
        if not moved:
            return None
        if d.single:
            self.formation.update(d.now)
            self.message = "Formation: drag more models (Shift), Enter moves the unit as shown, Esc puts them back."
            return True
        positions = self.positions(d.unit, d.now)
        self.formation = {}
        return self.commit(d.unit, positions)

    def positions(self, unit, moved: dict) -> dict:
        """Every model of the unit: moved ones where they go, the rest where they stand."""
        out = {}
        for m in self.unit_models(unit):
            if m.key in moved:
                out[m.key] = tuple(moved[m.key])
            elif m.key in self.formation:
                out[m.key] = tuple(self.formation[m.key])
            else:
                out[m.key] = (m.foot.x, m.foot.y, m.foot.facing)
        return out

    def commit(self, unit, positions: dict):
        try:
            action = self.make_move_action(unit, positions)
        except Exception as e:  # noqa: BLE001 - a move the game cannot even express
            action, self.message = None, f"Not a move: {e}"
        if action is None:
            self.message = self.message or "That unit cannot move now."
            return True
        return action

    def commit_formation(self):
        if not self.formation:
            return None
        unit = next((m.unit for m in self.models() if m.key in self.formation), None)
        if unit is None:
            self.formation = {}
            return None
        pos = self.positions(unit, {})
        self.formation = {}
        return self.commit(unit, pos)

    def _obstacles(self, unit, radius: float):
        key = (unit, round(radius, 4))
        if key not in self._obst:
            try:
                self._obst[key] = self.move_obstacles(unit, radius)
            except Exception:  # noqa: BLE001 - the preview does without
                self._obst[key] = None
        return self._obst[key]

    def _preview(self) -> None:
        """Paths and lengths of the dragged models, from where they stand in the state."""
        from engine.ui.boards.table_tools import leg
        d = self.drag
        allow = self.allowance_of(d.unit) or 0.0
        base = {m.key: m.foot for m in self.unit_models(d.unit)}
        legs = []
        show = dict(self.formation)
        show.update(d.now)
        for k, (x, y, f) in show.items():
            start = base.get(k)
            if start is None:
                continue
            r = start.r if start.round else start.shape.radius
            obst = self._obstacles(d.unit, r) if (k == d.grab or len(show) <= 12) else None
            legs.append(leg(k, start, x, y, f, obst, allow + 3.0))
        d.legs = legs
        d.allowance = allow
        worst = max((lg.length for lg in legs), default=0.0)
        d.longest = worst
        bad = next((lg for lg in legs if lg.blocked), None)
        if bad is not None:
            d.problem = bad.blocked
        elif worst > allow + 1e-6:
            from engine.ui.boards.table_tools import fmt_in
            d.problem = f"{fmt_in(worst)} is more than its {fmt_in(allow)} move"
        else:
            d.problem = ""

    def move_overlay(self) -> tuple:
        """(legs, allowance, problem, grabbed model key) for the board to draw."""
        d = self.drag
        if d is not None:
            return d.legs, d.allowance, d.problem, d.grab
        if not self.formation:
            return [], 0.0, "", None
        legs = self.shown_moves()
        unit = next((m.unit for m in self.models() if m.key in self.formation), None)
        allow = (self.allowance_of(unit) or 0.0) if unit is not None else 0.0
        return legs, allow, "", None

    def shown_placement(self) -> tuple[list, str]:
        """(bases, refusal) to draw at the pointer while placing a unit."""
        pt = self.pointer
        if pt is None or self.drag is not None or self.hovering is not None:
            return [], ""
        try:
            feet = self.placement_feet(pt)
            if not feet:
                return [], ""
            return list(feet), self.placement_problem(pt, feet)
        except Exception:  # noqa: BLE001 - a preview must never break the screen
            return [], ""

    def shown_moves(self) -> list:
        """MoveLegs to draw: the drag in progress and the formation being arranged."""
        if self.drag is not None:
            return self.drag.legs
        if not self.formation:
            return []
        from engine.ui.boards.table_tools import leg
        base = {m.key: m.foot for m in self.models()}
        return [leg(k, base[k], x, y, f) for k, (x, y, f) in self.formation.items() if k in base]

    # --- keys -----------------------------------------------------------------------------------
    def key(self, name: str, mods: frozenset = frozenset()):
        if name == self.ruler_key:
            self.tool = "" if self.tool == "ruler" else "ruler"
            self.ruler = None
            self.message = "Ruler: drag on the table to measure (R again to stop)." if self.tool else ""
            return True
        if name in ("return", "enter") and self.formation:
            return self.commit_formation()
        return None

    def cancel(self) -> bool:
        self.message = self.message_rule = ""
        if self.drag is not None:
            self.drag = None
            return True
        if self.ruler is not None:
            self.ruler = None
            return True
        if self.formation:
            self.formation = {}
            return True
        if self.tool:
            self.tool = ""
            return True
        if self.sel is not None:
            self.sel = None
            return True
        return False

    def hint(self) -> str:
        if self.tool == "ruler":
            return "Ruler: drag on the table to measure from a base edge; R or Esc to stop."
        if self.drag is not None:
            d = self.drag
            from engine.ui.boards.table_tools import fmt_in
            what = "the model" if d.single else self.unit_name(d.unit)
            s = f"Moving {what}: {fmt_in(d.longest)} of {fmt_in(d.allowance)} · wheel turns · Esc cancels"
            return s + (f" · {d.problem}" if d.problem else "")
        if self.formation:
            return "Arrange the formation (Shift-drag models) · Enter moves the unit as shown · Esc puts them back"
        if self.sel is not None and self.movable(self.sel):
            return (f"Drag {self.unit_name(self.sel)} within the green area to move it (Shift: one model) · "
                    "hover an enemy for distance and sight · right-drag measures")
        return "Click one of your units · right-drag (or R) measures · hover anything for details"

    def help_lines(self) -> list[str]:
        return ["Table: drag a unit to move it (Shift-drag one model, Enter commits the formation), "
                "the wheel turns what you drag.  Right-drag or R: ruler from the nearest base edge.  "
                "Hover an enemy with a unit selected: distance edge to edge and line of sight."]


def _copy_info(h: HoverInfo) -> HoverInfo:
    return HoverInfo(list(h.lines), h.title, list(h.preview), h.illegal, h.rule, h.pool)


@dataclass
class _Drag:
    unit: Any
    grab: Any
    single: bool
    anchor: tuple
    start: dict                     # model key -> Foot where the drag began
    now: dict                       # model key -> (x, y, facing)
    to: tuple | None = None
    turn: float = 0.0
    legs: list = field(default_factory=list)
    allowance: float = 0.0
    longest: float = 0.0
    problem: str = ""
