"""Dragonbond input: drags, clicks, keys and buttons -> the Action meant.

Built on the shared table tools (engine/ui/table_contract.py TableController):
dragging a unit builds its move (activating it first when it is not yet:
"activate, then move" is one gesture), clicking an enemy attacks it (the
weapon asked when several can), modes for the special actions (run,
charge, coordinated move, disengage) and powers, buttons for every
decision asked of a player.  When nothing legal matches, the action the
gesture meant goes to the rules' `check` and its refusal shows; a chained
activation is tried on a copy of the state first, so a refused gesture
changes nothing.  No pygame: keys arrive as names.
"""
from __future__ import annotations

from engine.core.actions import Action
import math

from engine.table.geometry import CONTACT, OVERLAP, PLACE_GAP, Foot, contact_point, edge_distance, slide_into
from engine.ui.commands import Command, Do, Pick
from engine.ui.contract import ButtonSpec, Choice, HoverInfo, TraySpec
from engine.ui.table_contract import PoolSpec, TableController
from games.dragonbond.rules import combat, describe, dicepool, modifiers, movement, powers, setup, space, stats
from games.dragonbond.ui import overlay
from games.dragonbond.ui.view import dice_words

SPECIAL_KEYS = {"n": "run", "c": "charge", "o": "coordinated", "g": "disengage"}
DIGITS = "123456789"
SNAP = 0.5                   # inches: a drop on an enemy base or this near one is meant to touch it

# One key, one meaning: P is the computer's pace on the match screen (engine/ui/scenes/
# match_screen.py cycle_pace) whenever the controller leaves it, and Dice Wars' auto-deploy;
# here it is auto-place while deploying and nothing else, so a power has its own key.
AUTO_PLACE_KEY = "P"
POWER_KEY = "S"


def _attack_mode(command) -> bool:
    """A button that picks a weapon to attack with (Pick("mode", "attack:<weapon>"))."""
    return isinstance(command, Pick) and command.what == "mode" and command.value.startswith("attack:")


def _split(reason) -> tuple[str, str]:
    if reason is None:
        return "", ""
    if isinstance(reason, tuple):
        return reason[0], reason[1] if len(reason) > 1 else ""
    return str(reason), ""


class DragonbondController(TableController):
    difficult_factor = 1.0           # no difficult ground: hazards give status tokens instead

    def __init__(self, match, view):
        super().__init__(match, view)
        self.mode = ""               # "" | run | disengage | charge | coordinated | attack:<weapon> | power:<key>
        self.casualties: set = set()
        self.deploy_sel = None       # the unit picked from the tray (deployment)
        self._hl = None
        self._btn = None
        self._after: dict = {}       # uid -> the state after activating it (a copy), for checks
        self._okc: dict = {}         # action -> (legal, reason, rule)
        self._tinfo: dict = {}       # (sel, mode, target) -> hover additions
        self._drag_seen = None       # (drag, terrain it enters): the last one asked

    # --- state ----------------------------------------------------------------------------
    def unit(self, uid):
        return self.state.units.get(uid) if uid is not None else None

    def pend(self):
        st = self.state
        return st.pending[-1] if st.pending else None

    def name(self, uid) -> str:
        u = self.unit(uid)
        return stats.name(self.state, u) if u is not None else "unit"

    def reset(self) -> None:
        super().reset()
        st = self.state
        self._hl = None
        self._btn = None
        self._after.clear()
        self._okc.clear()
        self._tinfo.clear()
        self.casualties = set()
        pd = self.pend()
        if pd is not None:
            self.sel = pd.uid if (self.unit(pd.uid) and self.unit(pd.uid).models) else self.sel
            self.mode = ""
        elif st.phase == "battle" and st.turn is not None:
            t = st.turn
            if self.sel not in (t.uid, t.second) or self.unit(self.sel) is None:
                self.sel = t.uid
            if self.mode in ("run", "disengage", "charge", "coordinated") and (t.mode or t.moved or t.acted):
                self.mode = ""
            if self.mode.startswith(("attack:", "power:")) and t.acted:
                self.mode = ""
            if self.mode == "dismount" and (self.unit(t.uid) is None or self.unit(t.uid).rider is None):
                self.mode = ""
        elif st.phase == "battle" and self.mode:
            u = self.unit(self.sel)
            if u is None or u.owner != self.actor():
                self.mode = ""
        else:
            self.mode = ""
        if st.phase == "deploy":
            mine = [u.uid for u in setup.to_deploy(st, self.actor())]
            if self.deploy_sel not in mine:
                self.deploy_sel = mine[0] if mine else None
        else:
            self.deploy_sel = None
        if self.sel is not None and self.sel not in self.units():
            self.sel = None

    def signature(self):
        return super().signature() + (self.mode, tuple(sorted(self.casualties)), self.deploy_sel)

    def battle_turn(self) -> bool:
        """The player to act is taking a turn (no decision waiting)."""
        st = self.state
        return st.phase == "battle" and not st.pending and self.actor() == st.current

    def can_act_with(self, uid) -> bool:
        """The unit may be the one acting now (activated, or activatable)."""
        st = self.state
        u = self.unit(uid)
        if not self.battle_turn() or u is None or u.owner != self.actor() or not u.models or u.riding is not None:
            return False
        t = st.turn
        return t is None or uid in (t.uid, t.second)

    # --- the table tools' hooks ------------------------------------------------------------------
    def allowance_of(self, uid):
        st = self.state
        u = self.unit(uid)
        if st.phase != "battle" or u is None or not u.models or u.owner != self.actor():
            return None
        pd = self.pend()
        if pd is not None:
            return movement.FOLLOW if (pd.kind == "follow_up" and pd.uid == uid) else None
        if not self.can_act_with(uid):
            return None
        t = st.turn
        fresh = t is None or (t.mode == "" and not t.moved and not t.acted and uid == t.uid)
        if self.mode in ("charge", "coordinated") and fresh:
            return None
        if fresh:
            if u.immobilized or (self.mode == "run" and stats.exhausted(u)):
                return None
            lim = self._fresh_allowance(uid, self.mode if self.mode in ("run", "disengage") else "move")
            return lim if lim is not None and lim > 1e-9 else None
        if t is not None:
            if movement.movement_open(st, u) is not None or movement.held(st, u, "immobilized"):
                return None
            if t.mode not in ("", "act", "coordinated", "run", "disengage"):
                return None
        if movement.held(st, u, "immobilized"):
            return None
        lim = movement.left(st, u)
        return lim if lim > 1e-9 else None

    def _fresh_allowance(self, uid, kind: str):
        """How far a unit not yet moving may go with a move, run or
        disengage, as the rules will count it: activated first (Slow, start
        of turn), the special action's fatigue paid (exhaustion slows), the
        mode set (a run doubles speed)."""
        key = ("allowance", uid, kind)
        if key not in self._after:
            st = self.state
            base = self._activated(uid) if st.turn is None else st
            lim = None
            if base is not None:
                u = base.units[uid]
                a = Action.make(kind, self.actor(), uid=uid, to=[[m.x, m.y] for m in u.models])
                s = describe.after_costs(base, a)
                if kind != "move" and s.turn is not None:
                    s.turn.mode = kind
                lim = movement.left(s, s.units[uid])
            self._after[key] = lim
        return self._after[key]

    def make_move_action(self, uid, positions):
        st = self.state
        u = self.unit(uid)
        p = self.actor()
        pts = [[round(positions[(uid, m.mid)][0], 3), round(positions[(uid, m.mid)][1], 3)] for m in u.models]
        pd = self.pend()
        t = st.turn
        kind = "move"
        if (t is None or (t.mode == "" and not t.moved and not t.acted)) and self.mode in ("run", "disengage"):
            kind = self.mode
        if kind != "disengage":
            pts = [list(x) for x in self.snap(u, pts)[0]]
        if pd is not None and pd.kind == "follow_up":
            return Action.make("follow_up", p, uid=uid, to=pts)
        return self.chain(uid, Action.make(kind, p, uid=uid, to=pts))

    def snap(self, u, pts) -> tuple[list, object]:
        """(end positions, the enemy unit touched or None): a drop on an
        enemy base, or within SNAP of one, slides along the drag until the
        nearest bases just touch (§ Engaged: base-to-base contact; a drop by
        hand can hardly land within the 0.05" that is contact).  A unit that
        starts touching an enemy is left as dropped."""
        st = self.state
        sh = space.shape_of(self.state.catalog, u.card)
        start = [(m.x, m.y) for m in u.models]
        far = max((math.hypot(x - sx, y - sy) for (sx, sy), (x, y) in zip(start, pts)), default=0.0)
        if far < 1e-6 or len(start) != len(pts):
            return pts, None
        xs = [p[0] for p in start + list(pts)]
        ys = [p[1] for p in start + list(pts)]
        room = SNAP + 4.0                           # the largest base's radius and then some
        enemy = [(v, f) for v in space.enemies(st, u) for f in space.feet(st, v)
                 if min(xs) - room <= f.x <= max(xs) + room and min(ys) - room <= f.y <= max(ys) + room]
        if not enemy:
            return pts, None

        def at(t):
            return [(sx + t * (x - sx), sy + t * (y - sy)) for (sx, sy), (x, y) in zip(start, pts)]

        def gap(t):
            return min((edge_distance(Foot(sh, x, y), f), v.uid) for x, y in at(t) for v, f in enemy)

        if gap(0.0)[0] <= CONTACT:
            return pts, None
        end, who = gap(1.0)
        if -OVERLAP <= end <= CONTACT:
            return pts, self.unit(who)
        if end < -OVERLAP:
            lo, hi = 0.0, 1.0                       # back along the drag to contact
        elif end <= SNAP:
            lo, hi = 1.0, 1.0 + (end + 0.2) / far    # on to contact
            if gap(hi)[0] >= PLACE_GAP:
                return pts, None
        else:
            return pts, None
        for _ in range(40):
            mid = (lo + hi) / 2
            if gap(mid)[0] >= PLACE_GAP:
                lo = mid
            else:
                hi = mid
        return [(round(x, 3), round(y, 3)) for x, y in at(lo)], self.unit(gap(lo)[1])

    def sight(self, viewer, target) -> bool:
        a, b = self.unit(viewer), self.unit(target)
        return space.line_of_sight(self.state, a, b)

    def sight_blockers(self, viewer, target):
        return space.blockers(self.state, self.unit(viewer), self.unit(target))

    def sight_note(self, viewer, target, sight) -> str:
        u, t = self.unit(viewer), self.unit(target)
        if u is None or t is None or u.owner == t.owner:
            return ""
        bits = []
        for w, _ in stats.weapons(self.state, u):
            if w.type == "ranged":
                bits.append(f"{w.name} {'in' if sight.distance <= w.range + 1e-9 else 'out of'} range ({w.range:g}\")")
        if space.engaged_pair(self.state, u, t):
            bits.append("engaged")
        return " · ".join(bits)

    def move_obstacles(self, uid, radius: float):
        u = self.unit(uid)
        return space.obstacles(self.state, u, False, False) if u is not None else None

    def unit_name(self, uid) -> str:
        return self.name(uid)

    # --- chaining an activation -------------------------------------------------------------------
    def chain(self, uid, action):
        """The action, preceded by activating the unit when no unit is
        activated yet.  The pair is tried on a copy of the state: when the
        second is refused nothing is submitted (the reason shows)."""
        st = self.state
        if st.phase != "battle" or st.pending or st.turn is not None or action.kind == "activate":
            return action
        act = Action.make("activate", self.actor(), uid=uid)
        bad = self.rules.check(st, act)
        if bad is not None:
            self.message, self.message_rule = bad.reason, bad.rule
            return True
        clone = self._activated(uid)
        if clone is None:
            return [act, action]        # the rules judge the action after the real activation
        if clone.pending:
            self.message = "Activated: its start-of-turn effects need a decision first."
            return act
        bad = self.rules.check(clone, action)
        if bad is not None:
            self.message, self.message_rule = bad.reason, bad.rule
            return True
        return [act, action]

    def _activated(self, uid):
        """A copy of the state with `uid` activated (None: it cannot be),
        its rolls assumed blank (describe.activated_copy): a simulated roll
        never decides what is allowed."""
        if uid not in self._after:
            try:
                self._after[uid] = describe.activated_copy(self.state, uid)
            except Exception:  # noqa: BLE001 - the rules will judge for real
                self._after[uid] = None
        return self._after[uid]

    def _ok(self, uid, action) -> tuple[bool, str, str]:
        """Is the action legal now (after activating the unit if needed)?"""
        if action in self._okc:
            return self._okc[action]
        st = self.state
        if st.turn is None and st.phase == "battle" and not st.pending:
            act = Action.make("activate", self.actor(), uid=uid)
            first = self.rules.check(st, act)
            if first is not None:
                r = (False, first.reason, first.rule)
            else:
                clone = self._activated(uid)
                bad = self.rules.check(clone, action) if clone is not None and not clone.pending else None
                r = (bad is None, bad.reason if bad else "", bad.rule if bad else "")
        else:
            bad = self.rules.check(st, action)
            r = (bad is None, bad.reason if bad else "", bad.rule if bad else "")
        self._okc[action] = r
        return r

    # --- what a click on another unit means ----------------------------------------------------------
    def target_actions(self, target) -> list:
        """The actions (before any activation) the current mode makes of a
        click on unit `target` from the selected unit, legal or not."""
        st = self.state
        uid = self.sel
        u, t = self.unit(uid), self.unit(target)
        p = self.actor()
        if u is None or t is None:
            return []
        if self.mode == "charge":
            return [Action.make("charge", p, uid=uid, target=target, weapon=w.name)
                    for w, _ in stats.weapons(st, u) if w.type == "melee"]
        if self.mode == "coordinated":
            return [Action.make("coordinated", p, uid=uid, second=target)] if t.owner == p else []
        if self.mode.startswith("power:"):
            return [Action.make("power", p, uid=uid, power=self.mode[6:], target=target)]
        if t.owner == p:
            return []
        ws = [w for w, _ in stats.weapons(st, u)]
        if self.mode.startswith("attack:"):
            ws = [w for w in ws if w.name == self.mode[7:]]
        engaged = space.engaged_pair(st, u, t)
        ws.sort(key=lambda w: (w.type != "melee") if engaged else (w.type == "melee"))
        return [Action.make("attack", p, uid=uid, target=target, weapon=w.name) for w in ws]

    def click_unit(self, target, model):
        st = self.state
        pd = self.pend()
        if pd is not None:
            return None
        if self.sel is None or not self.can_act_with(self.sel):
            return None
        t = self.unit(target)
        if t is None:
            return None
        if t.owner == self.actor() and self.mode not in ("coordinated",) and not self.mode.startswith("power:"):
            return None                           # select another of my units
        cands = self.target_actions(target)
        if not cands:
            return None
        ok, first_bad = [], None
        for a in cands:
            good, reason, rule = self._ok(self.sel, a)
            if good:
                ok.append(a)
            elif first_bad is None:
                first_bad = (reason, rule)
        if not ok:
            self.message, self.message_rule = first_bad or ("Not possible now.", "")
            return True
        if len(ok) == 1:
            self.mode = ""
            return self.chain(self.sel, ok[0])
        labels = [self.rules.describe(st, a) for a in ok]      # each names its weapon
        self.mode = ""
        return Choice("Which weapon?" if ok[0].kind in ("attack", "charge") else "Which?",
                      [self.chain(self.sel, a) for a in ok], labels)

    def click(self, pt, button: int = 1):
        st = self.state
        pd = self.pend()
        m = self.pick(pt)
        if pd is not None and pd.kind == "casualties" and m is not None and m.unit == pd.uid:
            mid = m.key[1]
            if mid in self.casualties:
                self.casualties.discard(mid)
            elif len(self.casualties) < pd.n:
                self.casualties.add(mid)
            else:
                self.message = f"{pd.n} model{'s' if pd.n > 1 else ''} chosen already: click one again to put it back."
            self._btn = None
            return None
        if st.phase == "deploy":
            self.message = self.message_rule = ""
            if m is None:
                return self.click_point(pt)
        return super().click(pt, button)

    def click_point(self, pt):
        st = self.state
        if st.phase == "deploy" and self.deploy_sel is not None:
            u = self.unit(self.deploy_sel)
            pts = self._formation(u, pt)
            a = Action.make("deploy", self.actor(), uid=u.uid, to=[list(p) for p in pts])
            bad = self.rules.check(st, a)
            if bad is not None:
                self.message, self.message_rule = bad.reason, bad.rule
                return True
            return a
        if self.mode == "dismount":
            a = self._dismount_at(pt)
            if a is None:
                return True
            bad = self.rules.check(st, a)
            if bad is not None:
                self.message, self.message_rule = bad.reason, bad.rule
                return True
            return a
        if self.mode:
            self.mode = ""
            return True
        return None

    def _dismount_at(self, pt):
        """The dismount that sets the general down touching the dragon at
        the point of its base nearest `pt` (§ Dismounting: "wherever you
        wish, as long as it is in base-to-base contact with the dragon")."""
        t = self.state.turn
        d = self.unit(t.uid) if t is not None else None
        if d is None or d.rider is None or not d.models:
            return None
        g = self.unit(d.rider)
        dragon = space.feet(self.state, d)[0]
        x, y = contact_point(space.shape_of(self.state.catalog, g.card), pt[0], pt[1], dragon, gap=0.001)
        return Action.make("dismount", self.actor(), uid=d.uid, to=[round(x, 3), round(y, 3)])

    # --- deployment ghosts -----------------------------------------------------------------------------
    def _formation(self, u, pt):
        st = self.state
        z = setup.zone_of(st, u.owner)
        horizontal = True
        if z is not None:
            horizontal = (z.bbox[2] - z.bbox[0]) >= (z.bbox[3] - z.bbox[1])     # ranks along the zone
        pts = setup.formation(self.state.catalog, u.card, u.size, pt[0], pt[1], horizontal=horizontal)
        if z is None:
            return pts
        # pressed by the zone's edge (the ghost is centred on the pointer): slid in when that is legal
        sh = space.shape_of(self.state.catalog, u.card)
        shift = slide_into([Foot(sh, x, y) for x, y in pts], z.bbox)
        if shift is None or shift == (0.0, 0.0):
            return pts
        moved = [(x + shift[0], y + shift[1]) for x, y in pts]
        return moved if setup.deploy_problem(st, u, moved) is None else pts

    def placement_feet(self, pt):
        st = self.state
        if self.mode == "dismount":
            a = self._dismount_at(pt)
            if a is None:
                return None
            g = self.unit(self.unit(a["uid"]).rider)
            return [Foot(space.shape_of(self.state.catalog, g.card), a["to"][0], a["to"][1])]
        if st.phase != "deploy" or self.deploy_sel is None:
            return None
        u = self.unit(self.deploy_sel)
        if u is None:
            return None
        sh = space.shape_of(self.state.catalog, u.card)
        return [Foot(sh, x, y) for x, y in self._formation(u, pt)]

    def placement_problem(self, pt, feet) -> str:
        if self.mode == "dismount":
            a = self._dismount_at(pt)
            bad = self.rules.check(self.state, a) if a is not None else None
            return bad.reason if bad is not None else ""
        u = self.unit(self.deploy_sel)
        if u is None:
            return ""
        bad = setup.deploy_problem(self.state, u, [(f.x, f.y) for f in feet])
        return _split(bad)[0]

    def tray(self) -> list[TraySpec]:
        st = self.state
        if st.phase != "deploy":
            return []
        col = self.view.player_color(st, self.actor())
        return [TraySpec(u.uid, stats.card(u).code, stats.name(st, u), col,
                         "star" if stats.card(u).kind != "unit" else "circle", u.uid == self.deploy_sel,
                         stats.card(u).icon)
                for u in setup.to_deploy(st, self.actor())]

    def click_tray(self, key) -> None:
        self.deploy_sel = key
        self.message = ""

    # --- highlights and hover ----------------------------------------------------------------------------
    def highlights(self) -> dict:
        key = (self.sel, self.mode, tuple(sorted(self.casualties)))
        if self._hl is not None and self._hl[0] == key:
            return self._hl[1]
        out: dict = {}
        st = self.state
        pd = self.pend()
        if st.phase == "battle":
            if pd is not None:
                if pd.kind == "oa" and pd.target in st.units:
                    out[pd.target] = "attack"
                elif pd.kind == "casualties":
                    for mid in self.casualties:
                        out[(pd.uid, mid)] = "illegal"
                elif pd.kind == "follow_up" and pd.target in st.units:
                    out[pd.target] = "target"
            elif self.sel is not None and self.can_act_with(self.sel):
                u = self.unit(self.sel)
                t = st.turn
                for v in space.on_table(st):
                    if v.uid == u.uid:
                        continue
                    if self.mode == "charge":
                        if v.owner != u.owner and space.line_of_sight(st, u, v):
                            out[v.uid] = "charge"
                    elif self.mode == "coordinated":
                        if v.owner == u.owner and v.riding is None:
                            out[v.uid] = "target"
                    elif self.mode.startswith("power:"):
                        if powers.power_problem(st, u, self.mode[6:], v.uid) is None:
                            out[v.uid] = "skill"
                    elif v.owner != u.owner and (t is None or not t.acted):
                        ws = [w for w, _ in stats.weapons(st, u)]
                        if self.mode.startswith("attack:"):
                            ws = [w for w in ws if w.name == self.mode[7:]]
                        if any(combat.target_problem(st, u, v, w) is None for w in ws):
                            out[v.uid] = "attack"
        self._hl = (key, out)
        return out

    def target_hover(self, target, info: HoverInfo) -> None:
        key = (self.sel, self.mode, target)
        hit = self._tinfo.get(key)
        if hit is None:
            extra = HoverInfo()
            self._target_hover(target, extra)
            hit = self._tinfo[key] = (extra.preview, extra.illegal, extra.rule, extra.pool)
        info.preview, info.illegal, info.rule, info.pool = list(hit[0]), hit[1], hit[2], hit[3]

    def _target_hover(self, target, info: HoverInfo) -> None:
        st = self.state
        if self.sel is None or not self.can_act_with(self.sel):
            return
        u, t = self.unit(self.sel), self.unit(target)
        if t is None or (t.owner == u.owner and self.mode != "coordinated" and not self.mode.startswith("power:")):
            return
        cands = self.target_actions(target)
        if not cands:
            return
        good = None
        for a in cands:
            ok, reason, rule = self._ok(self.sel, a)
            if ok:
                good = a
                break
        if good is None:
            _, reason, rule = self._ok(self.sel, cands[0])
            info.illegal, info.rule = reason, rule
            return
        info.preview = [self.rules.describe(st, good)]
        try:
            lines = list(self.rules.preview(st, good))
        except Exception as e:  # noqa: BLE001 - a preview must never break hovering
            lines = [f"(no preview: {e})"]
        info.preview += [ln for ln in lines if not ln.startswith("Not allowed")][:8]
        if good.kind == "attack":
            info.pool = self.pool_of(u, t, good["weapon"], action=good)
        elif good.kind == "charge":
            info.pool = self.charge_pool(u, t, [ln for ln in lines if ln.startswith("Target")], good)

    def charge_pool(self, u, t, odds, action=None):
        """The charge roll: three black dice (their successes add to speed),
        with the charge's upgrades and downgrades, on the position the
        charge meets (activated, its fatigue paid: describe.after_costs)."""
        st = self.state
        if action is not None:
            st = describe.after_costs(describe.preview_base(st, action), action)
            u, t = st.units[u.uid], st.units[t.uid]
        up, down, _ = modifiers.roll_mods(st, u, "charge", {"other": t, "charging": True})
        pool = dicepool.modify([3, 3, 3], up, down, state=st)
        return PoolSpec("Charge roll: each success adds 1\" of speed",
                        [(10, dicepool.ACTION_NAMES[x - 1]) for x in sorted(pool, reverse=True)], up, down, odds)

    def pool_of(self, u, t, wname: str, charging: bool = False, action=None):
        """The attack dice for the tray: tiers after upgrades and downgrades,
        odds, on the position the attack meets (after its own costs)."""
        st = self.state
        if action is not None:
            st = describe.after_costs(describe.preview_base(st, action), action)
            u, t = st.units[u.uid], st.units[t.uid]
        w, _ = stats.weapon(st, u, wname)
        if w is None:
            return None
        pool = combat.attack_pool(st, u, t, w, charging)
        if not pool:
            return None
        roll = "melee_attack" if w.type == "melee" else "ranged_attack"
        up, down, _ = modifiers.roll_mods(st, u, roll, {"other": t, "charging": charging, "weapon": w.name})
        if charging:
            up += 2
        odds = []
        try:
            lines = combat.preview_lines(st, u, t, w, charging)
            odds = [ln for ln in lines if ln.startswith(("Expected", "Wounds", "Kills"))]
        except Exception:  # noqa: BLE001
            pass
        n = combat.fighting_models(st, u, t, w)
        title = f"{w.name}{' (charge)' if charging else ''}: {len(pool)} action dice, {n} model{'s' if n != 1 else ''}"
        return PoolSpec(title, [(10, dicepool.ACTION_NAMES[x - 1]) for x in sorted(pool, reverse=True)],
                        up, down, odds)

    # --- buttons ------------------------------------------------------------------------------------------
    def buttons(self) -> list[ButtonSpec]:
        if self._btn is not None and self._btn[0] == (self.sel, self.mode, tuple(sorted(self.casualties))):
            return self._btn[1]
        out = self._buttons()
        keyed = []
        for i, b in enumerate(out):
            if not b.key and i < len(DIGITS) and isinstance(b.command, Do):
                b = ButtonSpec(b.label, b.command, DIGITS[i], b.enabled, b.active, b.tip, b.cost)
            keyed.append(b)
        self._btn = ((self.sel, self.mode, tuple(sorted(self.casualties))), keyed)
        return keyed

    def _legal(self):
        return self.match.legal_actions()

    def _buttons(self) -> list[ButtonSpec]:
        st = self.state
        p = self.actor()
        out: list[ButtonSpec] = []
        if st.phase == "over":
            return out
        pd = self.pend()
        if pd is not None:
            return self._decision_buttons(pd)
        if st.phase in ("bond", "edge"):
            for a in self._legal():
                if a.kind == "declare_bond":
                    d = a.get("dragon")
                    label = "No Dragonbond" if d is None else (f"Bond: {stats.card(self.unit(d)).name}"
                                                               + (", mounted" if a.get("mounted") else ""))
                    from games.dragonbond.rules.army import BOND_TEXT, MOUNT_TEXT
                    tip = (BOND_TEXT if d is None else
                           (MOUNT_TEXT if a.get("mounted") else BOND_TEXT.split(" Whether")[0]))
                    out.append(ButtonSpec(label, Do(a), tip=tip))
                    continue
                elif a.kind == "choose_edge":
                    label = f"{a['edge'].capitalize()}, deploy {'first' if a['first'] else 'second'}"
                else:
                    label = self.rules.describe(st, a)
                out.append(ButtonSpec(label, Do(a), tip=self.rules.describe(st, a)))
            return out
        if st.phase == "deploy":
            u = self.unit(self.deploy_sel)
            out.append(ButtonSpec("Auto-place", "auto_deploy", AUTO_PLACE_KEY, u is not None,
                                  tip="Place the chosen unit in a free spot of your zone"))
            return out
        t = st.turn
        u = self.unit(self.sel)
        mine = u is not None and self.can_act_with(self.sel)
        if t is None:
            if mine:
                out.append(ButtonSpec("Activate", "activate", "Enter", True,
                                      tip="Start this unit's turn (dragging it or attacking does so too)"))
                out.extend(self._action_buttons(u, fresh=True))
            out.append(ButtonSpec("Pass the round", "pass_round", "", True,
                                  tip=f"Give up your remaining {st.players[p].turns} turns this round"))
            return out
        au = self.unit(t.uid)
        if t.mode == "coordinated":
            out.append(ButtonSpec("End turn", "end_turn", "E", True, tip="Both units have had their chance to move"))
            return out
        if au is not None and au.models:
            fresh = t.mode == "" and not t.moved and not t.acted
            out.extend(self._action_buttons(au, fresh=fresh))
            if not t.acted and t.mode in ("", "act"):
                ok = t.moved
                out.append(ButtonSpec("Wait", "wait", "W", ok, cost="0",
                                      tip="Take no action after moving" if ok else "Only a unit that has moved may wait"))
            if au.rider is not None:
                out.append(ButtonSpec("Dismount…", "dismount", "", True, self.mode == "dismount",
                                      tip="The general steps off for half the speed: click where, touching the "
                                          "dragon (§ Dismounting)"))
            elif movement.mount_problem(st, au) is None:
                out.append(ButtonSpec("Mount", "mount", "", True, tip="The general climbs onto the bonded dragon"))
        bad = self.rules.check(st, Action.make("end_turn", p))
        out.append(ButtonSpec("End turn", "end_turn", "E", bad is None, tip=bad.reason if bad else "Hand over"))
        return out

    def _action_buttons(self, u, fresh: bool) -> list[ButtonSpec]:
        st = self.state
        out = []
        t = st.turn
        acted = t is not None and (t.acted or t.mode not in ("", "act"))
        for w, _ in stats.weapons(st, u):
            what = "melee" if w.type == "melee" else f'{w.range:g}"'
            out.append(ButtonSpec(f"Attack: {w.name}", Pick("mode", f"attack:{w.name}"),
                                  "A" if not out else "", not acted, self.mode == f"attack:{w.name}",
                                  tip=(f"{w.name} ({what}, {dice_words(w.dice)} a model): then click a red-ringed enemy"
                                       if not acted else "The unit has already acted"), cost="1"))
        for key, pw, _part in powers.action_powers(st, u):
            label = "Combined power" if key == powers.COMBINED else key
            bad = powers.power_problem(st, u, key, None) if pw is not None and pw.target == "self" else None
            cost = "" if pw is None else ("E" if pw.cost == "E" else str(pw.cost))
            out.append(ButtonSpec(f"Power: {label}", Pick("power", key), POWER_KEY if not any(isinstance(b.command, Pick) and b.command.what == "power" for b in out) else "",
                                  not acted and (bad is None or pw.target != "self"),
                                  self.mode == f"power:{key}", tip=(pw.text if pw is not None else "The combined power of rider and dragon")
                                  if not acted else "The unit has already acted", cost=cost))
        if fresh:
            ex = stats.exhausted(u)
            engaged = bool(space.in_combat_with(st, u))
            others = [v for v in space.on_table(st) if v.owner == u.owner and v.uid != u.uid and v.riding is None]
            specs = [("Run", "run", "N", not ex and not u.immobilized,
                      "Exhausted units may not run" if ex else "Move up to twice its speed, then nothing else", "1"),
                     ("Charge", "charge", "C", not ex and not u.immobilized,
                      "Exhausted units may not charge" if ex else "Roll 3 black dice for extra speed and attack, "
                      "upgrading 2 melee dice", "2"),
                     ("Coordinated move", "coordinated", "O", bool(others),
                      "Move this unit and another; neither acts", "0"),
                     ("Rest", "rest", "T", True, "Remove a fatigue token; nothing else", "-1"),
                     ("Disengage", "disengage", "G", engaged,
                      "Move away from combat without opportunity attacks" if engaged else "Not engaged", "1")]
            for label, mode, key, ok, tip, cost in specs:
                out.append(ButtonSpec(label, Pick("special", mode), key, ok, self.mode == mode, tip, cost))
        return out

    def _decision_buttons(self, pd) -> list[ButtonSpec]:
        st = self.state
        out = []
        u = self.unit(pd.uid)
        if pd.kind == "oa":
            for w, _ in stats.weapons(st, u):
                if w.type == "melee":
                    out.append(ButtonSpec(f"Opportunity attack: {w.name}", Pick("oa", w.name), "Y" if not out else "",
                                          tip=f"{stats.name(st, u)} strikes {self.name(pd.target)} before it acts"))
            out.append(ButtonSpec("Decline", "decline", "N"))
        elif pd.kind == "reaction":
            from games.dragonbond.rules import flow
            for pw, _ in flow.reaction_powers(st, pd.uid, pd.what):
                out.append(ButtonSpec(f"React: {pw.name}", Pick("react", pw.name), "Y" if not out else "", tip=pw.text,
                                      cost="E" if pw.cost == "E" else str(pw.cost)))
            out.append(ButtonSpec("Decline", "decline", "N"))
        elif pd.kind == "casualties":
            n = len(self.casualties)
            out.append(ButtonSpec(f"Remove chosen {n}/{pd.n}", "remove_chosen", "Enter", n == pd.n,
                                  tip="Click models of the unit to choose them"))
            out.append(ButtonSpec("Remove our suggestion", "remove_default", "Y",
                                  tip="Ordinary models before the captain, farthest from the enemy, keeping coherency"))
        elif pd.kind == "charge_attack":
            out.append(ButtonSpec(f"Charge attack: {pd.what}", "charge_attack", "Y",
                                  tip=f"{stats.name(st, u)} strikes {self.name(pd.target)}, upgrading two melee "
                                      "attack dice (§ Charge [2]: it may)"))
            out.append(ButtonSpec("Do not strike", "decline", "N"))
        elif pd.kind == "follow_up":
            what = "Pile in" if pd.what == "pile_in" else "Consolidate"
            out.append(ButtonSpec(f"{what} (auto)", "follow_up", "Y",
                                  tip="Models not yet engaged move up to 2\" into contact (or drag them yourself)"))
            out.append(ButtonSpec("Hold position", "skip_follow_up", "N"))
        return out

    def press(self, command: Command):
        st = self.state
        p = self.actor()
        self.message = self.message_rule = ""
        self._btn = None
        if isinstance(command, Do):
            return command.action
        if command == "auto_deploy":
            u = self.unit(self.deploy_sel)
            if u is None:
                return None
            for pts in setup.deploy_spots(st, u):
                a = Action.make("deploy", p, uid=u.uid, to=[list(x) for x in pts])
                if self.rules.check(st, a) is None:
                    return a
            self.message = "No free spot for this unit in your zone: place it by hand."
            return True
        pd = self.pend()
        if pd is not None:
            return self._decide(pd, command)
        if command == "pass_round":
            return self._refusal_or(Action.make("pass_round", p))
        if command == "end_turn":
            return self._refusal_or(Action.make("end_turn", p))
        uid = st.turn.uid if st.turn is not None else self.sel
        u = self.unit(uid)
        if u is None or not self.can_act_with(uid):
            self.message = "Select one of your units first."
            return True
        if command == "activate":
            return self._refusal_or(Action.make("activate", p, uid=uid))
        if command == "wait":
            return self._refusal_or(Action.make("wait", p, uid=uid))
        if command == "mount":
            return self._refusal_or(Action.make("mount", p, uid=uid))
        if command == "dismount":
            # the general is set down where the player chooses (§ Dismounting): a click around the dragon
            spots = movement.dismount_spots(st, u)
            bad = self.rules.check(st, Action.make("dismount", p, uid=uid, to=list(spots[0]) if spots else None))
            if bad is not None and not any(self.rules.check(st, Action.make("dismount", p, uid=uid, to=list(x))) is None
                                           for x in spots):
                self.message, self.message_rule = bad.reason, bad.rule
                return True
            self.mode = "" if self.mode == "dismount" else "dismount"
            self._hl = self._btn = None
            return True
        if isinstance(command, Pick) and command.what == "mode":
            mode = command.value
            self.mode = "" if self.mode == mode else mode
            self._hl = None
            return True
        if isinstance(command, Pick) and command.what == "power":
            key = command.value
            kind = "self" if key != powers.COMBINED and powers.find(st, u, key)[0] is not None and \
                powers.find(st, u, key)[0].target == "self" else "other"
            if kind == "self":
                return self._chain_or_refuse(uid, Action.make("power", p, uid=uid, power=key, target=uid))
            self.mode = "" if self.mode == f"power:{key}" else f"power:{key}"
            self._hl = None
            return True
        if isinstance(command, Pick) and command.what == "special":
            mode = command.value
            if mode == "rest":
                return self._chain_or_refuse(uid, Action.make("rest", p, uid=uid))
            self.mode = "" if self.mode == mode else mode
            self._hl = None
            if mode in ("run", "disengage") and self.mode:
                self.message = ("Run: drag the unit up to twice its speed." if mode == "run"
                                else "Disengage: drag the unit away from the fight.")
            return True
        return None

    def _refusal_or(self, action):
        bad = self.rules.check(self.state, action)
        if bad is not None:
            self.message, self.message_rule = bad.reason, bad.rule
            return True
        return action

    def _chain_or_refuse(self, uid, action):
        r = self.chain(uid, action)
        if isinstance(r, Action) and r.kind != "activate":
            return self._refusal_or(r)
        return r

    def _decide(self, pd, command):
        p = self.actor()
        st = self.state
        if isinstance(command, Pick) and command.what == "oa":
            return self._refusal_or(Action.make("opportunity_attack", p, uid=pd.uid, target=pd.target,
                                                weapon=command.value))
        if isinstance(command, Pick) and command.what == "react":
            return self._refusal_or(Action.make("use_reaction", p, uid=pd.uid, power=command.value))
        if command == "decline":
            return self._refusal_or(Action.make("decline", p, uid=pd.uid))
        if command == "remove_chosen":
            return self._refusal_or(Action.make("remove_models", p, uid=pd.uid, models=sorted(self.casualties)))
        if command == "remove_default":
            from games.dragonbond.rules.wounds import default_casualties
            return self._refusal_or(Action.make("remove_models", p, uid=pd.uid,
                                                models=default_casualties(st, self.unit(pd.uid))))
        if command == "follow_up":
            return self._refusal_or(Action.make("follow_up", p, uid=pd.uid))
        if command == "charge_attack":
            return self._refusal_or(Action.make("charge_attack", p, uid=pd.uid))
        if command == "skip_follow_up":
            return self._refusal_or(Action.make("skip_follow_up", p, uid=pd.uid))
        return None

    # --- keys ---------------------------------------------------------------------------------------------
    def key(self, name: str, mods: frozenset = frozenset()):
        r = super().key(name, mods)
        if r is not None:
            return r
        st = self.state
        specs = self.buttons()
        for b in specs:
            if b.key and b.key.lower() == name.lower() or (b.key == "Enter" and name in ("return", "enter")):
                if not b.enabled:
                    self.message = b.tip or "Not available now."
                    return True
                if _attack_mode(b.command) and self.mode.startswith("attack:"):
                    # A again: the next weapon (the last one: attack mode off)
                    attacks = [x.command.value for x in specs if _attack_mode(x.command)]
                    i = attacks.index(self.mode) if self.mode in attacks else -1
                    if 0 <= i < len(attacks) - 1:
                        self.mode = attacks[i + 1]
                        self._hl = self._btn = None
                        return True
                    return self.press(Pick("mode", self.mode))
                return self.press(b.command)
        if name == "tab" and st.phase == "battle":
            self.next_unit()
            return True
        return None

    def next_unit(self) -> None:
        st = self.state
        mine = sorted(u.uid for u in space.on_table(st) if u.owner == self.actor() and u.riding is None)
        if not mine:
            return
        self.sel = mine[(mine.index(self.sel) + 1) % len(mine)] if self.sel in mine else mine[0]
        self.mode = ""
        self._hl = self._btn = None

    def cancel(self) -> bool:
        if self.mode and self.drag is None and self.ruler is None:
            self.mode = ""
            self._hl = self._btn = None
            self.message = ""
            return True
        if self.casualties:
            self.casualties = set()
            self._btn = None
            return True
        if self.state.turn is not None and self.sel == self.state.turn.uid and self.drag is None \
                and self.ruler is None and not self.formation and not self.tool:
            return False                      # the activated unit stays selected
        return super().cancel()

    # --- the table aids (overlay.py) ---------------------------------------------------------------------
    def drag_terrain(self) -> list:
        """Terrain the move being dragged (or arranged) will enter, as the
        rules will read it off the models' paths (movement.terrain_entered)."""
        legs = self.shown_moves()
        unit = self.drag.unit if self.drag is not None else next(
            (m.unit for m in self.models() if m.key in self.formation), None)
        u = self.unit(unit)
        if not legs or u is None or not u.models:
            return []
        key = (self.state.version, unit, tuple((lg.key, tuple(lg.path)) for lg in legs))
        last = self._drag_seen
        if last is None or last[0] != key:
            try:
                entered = movement.terrain_entered(self.state, u, [lg.path for lg in legs])
            except Exception:  # noqa: BLE001 - an aid must never break the screen
                entered = []
            self._drag_seen = last = (key, entered)
        return last[1]

    def drag_contact(self):
        """The enemy unit the whole unit being dragged will be set touching
        when dropped here (`snap`), or None."""
        d = self.drag
        u = self.unit(d.unit) if d is not None and not d.single else None
        if u is None or not u.models or self.mode == "disengage":
            return None
        key = (self.state.version, d.unit, d.to, d.turn)
        last = getattr(self, "_contact_seen", None)
        if last is None or last[0] != key:
            pts = [tuple(d.now.get((u.uid, m.mid), (m.x, m.y))[:2]) for m in u.models]
            try:
                last = (key, self.snap(u, pts)[1])
            except Exception:  # noqa: BLE001 - an aid must never break the screen
                last = (key, None)
            self._contact_seen = last
        return last[1]

    def charge_plan(self, target):
        """(end positions, arrives, label, terrain entered) of the charge on
        `target` for the median roll, as the rules will plan it; None when
        no charge on it is legal now."""
        key = ("charge plan", self.sel, target)
        if key in self._after:
            return self._after[key]
        out = None
        good = next((a for a in self.target_actions(target) if self._ok(self.sel, a)[0]), None)
        if good is not None:
            try:
                o = describe.charge_outlook(describe.preview_base(self.state, good), good)
                dist = dicepool.success_dist(self.state.catalog, tuple(o["pool"]))
                run, k = 0.0, dist[-1][0]
                for kk, p in dist:
                    run += p
                    if run >= 0.5:
                        k = kk
                        break
                n = o["fighters"].get(k, 0)
                allowance = max(0.0, o["speed"] + k - o["slow"])
                label = (f"median roll, {k} success{'es' if k != 1 else ''} ({allowance:g}\"): "
                         + (f"{n} model{'s' if n != 1 else ''} fight" if n else "falls short"))
                s = o["state"]
                su = s.units[self.sel]
                pts = o["plans"][k]
                paths = movement.model_paths(s, su, pts, allowance + 1e-6)
                entered = movement.terrain_entered(s, su, paths) if isinstance(paths, list) else []
                out = (pts, bool(n), label, entered, s)
            except Exception:  # noqa: BLE001 - an aid must never break the screen
                out = None
        self._after[key] = out
        return out

    def overlay_shapes(self) -> list:
        st = self.state
        if st.phase != "battle":
            return []
        if self.drag is not None or self.formation:
            u = self.unit(self.drag.unit if self.drag is not None else self.sel)
            return overlay.terrain_shapes(st, u, self.drag_terrain()) if u is not None else []
        h = self.hovering
        if self.mode == "charge" and h is not None and self.sel is not None and h.unit != self.sel:
            t = self.unit(h.unit)
            if t is not None and t.owner != self.actor():
                plan = self.charge_plan(h.unit)
                if plan is not None:
                    pts, arrives, label, entered, s = plan
                    su = s.units[self.sel]
                    return overlay.charge_shapes(s, su, pts, arrives, label) + overlay.terrain_shapes(s, su, entered)
        return []

    # --- a lesson's pointer (engine/ui/scenes/tutorial.py) -------------------------------------------------
    def lesson_pointer(self, a: Action):
        """What the coach rings for a step's action, one control at a time:
        the unit first (the coach rings it until it is selected), then the
        button that starts the action (a special action's, a weapon's when
        the unit has several, a power's), then its target or the spot to
        drag to (the centre of the models' end positions); a decision's
        button in the panel."""
        from engine.core.lessons import Pointer
        k = a.kind
        uid = a.get("uid")
        u = self.unit(uid)
        if k == "activate":
            return Pointer(units=(uid,), buttons=("activate",))
        if k in ("move", "run", "disengage"):
            first = () if k == "move" or self.mode == k else (Pick("special", k),)
            if first:
                return Pointer(units=(uid,), buttons=first)
            return Pointer(units=(uid,), points=self._centre(a.get("to")))
        if k == "follow_up":
            if a.get("to") is None:
                return Pointer(buttons=("follow_up",))
            return Pointer(points=self._centre(a.get("to")), buttons=("follow_up",))
        if k == "attack":
            ws = [w.name for w, _ in stats.weapons(self.state, u)] if u is not None else []
            pick = len(ws) > 1 and self.mode != f"attack:{a['weapon']}"
            return Pointer(units=(uid, a["target"]), buttons=(Pick("mode", f"attack:{a['weapon']}"),) if pick else ())
        if k == "charge":
            if self.mode != "charge":
                return Pointer(units=(uid,), buttons=(Pick("special", "charge"),))
            return Pointer(units=(uid, a["target"]))
        if k == "coordinated":
            if self.mode != "coordinated":
                return Pointer(units=(uid,), buttons=(Pick("special", "coordinated"),))
            return Pointer(units=(uid, a["second"]))
        if k == "power":
            key = a["power"]
            if self.mode != f"power:{key}" or a.get("target") in (None, uid):
                return Pointer(units=(uid,), buttons=(Pick("power", key),))
            return Pointer(units=(uid, a["target"]))
        if k == "rest":
            return Pointer(units=(uid,), buttons=(Pick("special", "rest"),))
        if k == "dismount":
            if self.mode != "dismount":
                return Pointer(units=(uid,), buttons=("dismount",))
            return Pointer(units=(uid,), points=(tuple(a["to"]),))
        if k in ("wait", "mount"):
            return Pointer(units=(uid,), buttons=(k,))
        if k in ("end_turn", "pass_round"):
            return Pointer(buttons=(k,))
        if k == "opportunity_attack":
            return Pointer(buttons=(Pick("oa", a["weapon"]),))
        if k == "use_reaction":
            return Pointer(buttons=(Pick("react", a["power"]),))
        if k in ("decline", "charge_attack", "skip_follow_up"):
            return Pointer(buttons=(k,))
        if k == "remove_models":
            from games.dragonbond.rules.wounds import default_casualties
            if u is not None and sorted(a["models"]) == sorted(default_casualties(self.state, u)):
                return Pointer(buttons=("remove_default",))
            return Pointer(points=tuple((m.x, m.y) for m in u.models if m.mid in a["models"]) if u else (),
                           buttons=("remove_chosen",))
        return None

    @staticmethod
    def _centre(to) -> tuple:
        """The centre of a move's end positions, as a ring to drag towards."""
        if not isinstance(to, (list, tuple)) or not to:
            return ()
        pts = [p for p in to if isinstance(p, (list, tuple)) and len(p) == 2]
        if not pts:
            return ()
        return ((sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)),)

    # --- words -----------------------------------------------------------------------------------------------
    def hint(self) -> str:
        st = self.state
        base = super().hint()
        if self.drag is not None or self.formation:
            u = self.unit(self.drag.unit if self.drag is not None else self.sel)
            entered = self.drag_terrain() if u is not None else []
            if entered:
                base += " · enters " + ", ".join(overlay.effect_words(st, u, p) for p in entered)
            touched = self.drag_contact()
            if touched is not None:
                problem = self.drag.problem if self.drag is not None else ""
                if problem.startswith("no room there"):     # the enemy's base itself: the drop slides back to it
                    base = base.replace(f" · {problem}", "")
                base += f" · drops into base contact with {self.name(touched.uid)}"
            return base
        if self.tool:
            return base
        if st.phase == "over":
            return ""
        who = st.players[self.actor()].name if 0 <= self.actor() < len(st.players) else "?"
        pd = self.pend()
        if pd is not None:
            u = self.name(pd.uid)
            if pd.kind == "oa":
                return f"{who}: {u} may strike {self.name(pd.target)} first (Y) or let it go (N)"
            if pd.kind == "reaction":
                return f"{who}: {u} may react (Y) or not (N)"
            if pd.kind == "casualties":
                return (f"{who}: click {pd.n} model{'s' if pd.n > 1 else ''} of {u} to remove "
                        f"({len(self.casualties)} chosen), Enter removes them · Y takes our suggestion")
            if pd.kind == "follow_up":
                return f"{who}: {u} may move 2\" into the fight: Y automatic, drag the models, or N to hold"
            if pd.kind == "charge_attack":
                return f"{who}: {u} reached {self.name(pd.target)}: strike with the charge (Y) or not (N)"
        if st.phase == "bond":
            return f"{who}: declare your Dragonbond with the buttons on the right"
        if st.phase == "edge":
            return f"{who}: pick your table edge and whether to deploy first"
        if st.phase == "deploy":
            if self.deploy_sel is not None:
                return (f"{who}: click inside your zone to set up {self.name(self.deploy_sel)} (ghosts show where) · "
                        "P places it for you")
            return f"{who}: choose a unit to deploy from the list on the right"
        if self.mode == "charge":
            return "Charge: click an enemy in sight (red double ring); Esc cancels"
        if self.mode == "coordinated":
            return "Coordinated move: click your second unit; Esc cancels"
        if self.mode.startswith("power:"):
            return f"{self.mode[6:]}: click a purple-ringed unit; Esc cancels"
        if self.mode.startswith("attack:"):
            return f"Attack with {self.mode[7:]}: click a red-ringed enemy (A: next weapon); Esc cancels"
        if self.mode == "run":
            return "Run: drag the unit up to twice its speed; Esc cancels"
        if self.mode == "dismount":
            return "Dismount: click where the general steps off, touching the dragon (the ghost shows it); Esc cancels"
        if self.mode == "disengage":
            return "Disengage: drag the unit away; Esc cancels"
        t = st.turn
        if t is None:
            if self.sel is not None and self.can_act_with(self.sel):
                return (f"{who}: drag {self.name(self.sel)} to activate and move it, click a red ring to attack, "
                        "or choose an action (right) · Tab next unit")
            n = st.players[self.actor()].turns
            return f"{who}: click a unit to activate ({n} turn{'s' if n != 1 else ''} left) · Tab next unit"
        au = self.unit(t.uid)
        if t.acted and t.mode == "act" and not t.moved_first and au is not None and au.models \
                and movement.movement_open(st, au) is None and movement.left(st, au) > 0.05:
            left = movement.left(st, au)          # what settle() leaves open: a move after the action
            return (f"{who}: {self.name(t.uid)} has acted: drag it to move after the action "
                    f"({left:.1f}\" left), or end the turn (E)")
        if t.acted or t.mode not in ("", "act", "coordinated"):
            return f"{who}: {self.name(t.uid)} is done: end the turn (E)"
        return base

    def help_lines(self) -> list[str]:
        return super().help_lines() + [
            "Dragonbond: drag a unit to activate and move it · click a red-ringed enemy to attack (A cycles "
            "weapons) · N run · C charge · O coordinated move · T rest · G disengage · S power · W wait · "
            "E end turn · Enter activate · Tab next unit · Y/N answer a decision · 1-9 the setup choices · "
            "P auto-place while deploying (at other times P is the computer's pace, as in every game)"]


def make_controller(match, view) -> DragonbondController:
    return DragonbondController(match, view)
