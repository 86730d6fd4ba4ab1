"""The UberDrakes catalog: data/uberdrakes/*.yaml loaded, validated and
cross-checked (types by engine.core.catalog, then the rules below), every
problem reported at once as `file:line: field: message`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.catalog import DataError, field_name, line_at, parse_yaml, read_data_text, validate, validate_map
from games.uberdrakes.rules.defs import (DamageOption, Dragon, Economy, Element, Item, Movement, Rider, RiderClass,
                                   StockCard, TerrainType)

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "uberdrakes"

FILES: dict[str, tuple[str, type]] = {
    "terrain": ("terrain.yaml", TerrainType),
    "elements": ("elements.yaml", Element),
    "dragons": ("dragons.yaml", Dragon),
    "movement": ("movement.yaml", Movement),
    "items": ("items.yaml", Item),
    "stock": ("stock.yaml", StockCard),
    "rider_classes": ("rider_classes.yaml", RiderClass),
    "riders": ("riders.yaml", Rider),
    "damage": ("damage.yaml", DamageOption),
}
SINGLE = {"economy": ("economy.yaml", Economy)}

# What the rules implement: data naming anything else is refused at load.
KNOWN_SPELLS = {
    "rocket_power", "heat_wave", "fire_breath", "furnace", "river_flow", "acid_rain", "deep_freeze", "hailstorm",
    "camouflage", "tunnel", "regrowth", "sandstorm", "blowback", "windblast", "take_to_the_skies", "cyclone",
    "time_warp", "thunderbolt", "flash", "supercharge", "blink", "plate_armor", "alchemical_craft", "the_claw"}
KNOWN_ITEMS = {
    "dragon_lance", "long_bow", "rest_potion", "hide_shield", "rage_potion", "rocket_booster", "blink_scroll",
    "hookshot", "ancient_urn", "alchemists_fire", "merchants_portal", "warp_scroll", "monks_handbook",
    "invigorating_potion", "dimensional_gem", "elemental_mask"}
KNOWN_DAMAGE = {"exhaust", "shove", "spin", "plunder"}
GENERAL_IDS = ("forward", "rotate", "turn_left", "turn_right", "strafe", "backward")
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True, eq=False)
class Catalog:
    terrain: dict[str, TerrainType]
    elements: dict[str, Element]
    dragons: dict[str, Dragon]
    movement: dict[str, Movement]
    items: dict[str, Item]
    stock: dict[str, StockCard]
    rider_classes: dict[str, RiderClass]
    riders: dict[str, Rider]
    damage: dict[str, DamageOption]
    economy: Economy
    spells: dict = field(default_factory=dict)        # spell id -> (dragon id, Spell)
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # values derived from this data

    def __post_init__(self):
        for did, d in self.dragons.items():
            for sp in d.spells:
                self.spells[sp.id] = (did, sp)

    @property
    def general(self) -> list[str]:
        return [m for m, d in self.movement.items() if d.kind == "general"]

    @property
    def cards(self) -> list[str]:
        return [m for m, d in self.movement.items() if d.kind == "card"]

    @property
    def hoard_items(self) -> list[str]:
        return [i for i, d in self.items.items() if d.hoard]

    def movement_deck(self) -> list[str]:
        return [m for m, d in self.movement.items() if d.kind == "card" for _ in range(d.count)]

    def treasure_deck(self) -> list[str]:
        return [i for i, d in self.items.items() for _ in range(d.treasures)]

    def dragon_of_element(self, element: str) -> str:
        return next(d for d, x in self.dragons.items() if x.element == element)

    def spell(self, sid: str):
        return self.spells[sid][1]


def load_catalog(root: Path = DATA_DIR) -> Catalog:
    """The catalog under `root`, checked: a new one each call (the ruleset
    keeps the one a game is set up with: engine/core/game.py
    Game.catalog)."""
    return _load(Path(root).resolve())


def _read(root: Path, fname: str, problems: list[str]):
    try:
        data = parse_yaml(read_data_text(root / fname, fname), fname)
    except DataError as e:
        problems.extend(e.problems)
        return None
    if data is None:
        problems.append(f"{fname}:1: (top): the file is empty")
    return data


def _load(root: Path) -> Catalog:
    problems: list[str] = []
    raw: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for what, (fname, model) in FILES.items():
        data = _read(root, fname, problems)
        if data is None:
            continue
        raw[what] = data
        try:
            defs[what] = validate_map(model, data, fname, what)
        except DataError as e:
            problems.extend(e.problems)
    for what, (fname, model) in SINGLE.items():
        data = _read(root, fname, problems)
        if data is None:
            continue
        raw[what] = data
        try:
            defs[what] = validate(model, data, fname)
        except DataError as e:
            problems.extend(e.problems)
    _Checker(raw, defs, problems).run()
    if problems:
        raise DataError(problems)
    return Catalog(**{w: defs[w] for w in list(FILES) + list(SINGLE)})


class _Checker:
    def __init__(self, raw: dict, defs: dict, problems: list[str]):
        self.raw, self.defs, self.problems = raw, defs, problems

    def add(self, what: str, loc: tuple, msg: str) -> None:
        fname = (FILES.get(what) or SINGLE[what])[0]
        self.problems.append(f"{fname}:{line_at(self.raw[what], loc)}: {field_name(loc)}: {msg}")

    def has(self, *whats: str) -> bool:
        return all(w in self.defs for w in whats)

    def run(self) -> None:
        if self.has("elements"):
            self.check_elements()
        if self.has("terrain", "elements"):
            self.check_terrain()
        if self.has("dragons", "elements"):
            self.check_dragons()
        if self.has("movement"):
            self.check_movement()
        if self.has("items"):
            self.check_items()
        if self.has("stock", "items"):
            self.check_stock()
        if self.has("rider_classes", "items"):
            self.check_classes()
        if self.has("riders", "rider_classes", "elements"):
            self.check_riders()
        if self.has("damage"):
            for did in self.defs["damage"]:
                if did not in KNOWN_DAMAGE:
                    self.add("damage", (did,), f"no rules for damage {did!r} (known: {', '.join(sorted(KNOWN_DAMAGE))})")
        if self.has("economy"):
            for name, value in self.defs["economy"]:
                if isinstance(value, int) and value < 0:
                    self.add("economy", (name,), f"must be 0 or more (got {value})")
            if self.defs["economy"].max_fatigue < 1:
                self.add("economy", ("max_fatigue",), "must be at least 1")

    def check_elements(self) -> None:
        orders: dict[int, str] = {}
        for eid, e in self.defs["elements"].items():
            if not COLOR_RE.match(e.color):
                self.add("elements", (eid, "color"), f"colour must be #RRGGBB (got {e.color!r})")
            if e.order in orders:
                self.add("elements", (eid, "order"), f"order {e.order} is already {orders[e.order]}'s")
            orders[e.order] = eid
        if sorted(orders) != list(range(len(orders))):
            self.add("elements", (), "orders must be 0, 1, 2, ... without gaps")
        if len(orders) != 6:
            self.add("elements", (), f"there are six elements (found {len(orders)})")

    def check_terrain(self) -> None:
        elements = self.defs["elements"]
        seen_el: dict[str, str] = {}
        for tid, t in self.defs["terrain"].items():
            if not COLOR_RE.match(t.color):
                self.add("terrain", (tid, "color"), f"colour must be #RRGGBB (got {t.color!r})")
            if t.kind == "mountain" and not 1 <= t.mountain <= 4:
                self.add("terrain", (tid, "mountain"), f"a mountain gives +1 to +4 (got {t.mountain})")
            if t.kind != "mountain" and t.mountain:
                self.add("terrain", (tid, "mountain"), "only mountains give a combat bonus")
            if t.kind == "element":
                if t.element not in elements:
                    self.add("terrain", (tid, "element"), f"unknown element {t.element!r}")
                elif t.element in seen_el:
                    self.add("terrain", (tid, "element"), f"{t.element} already has the space {seen_el[t.element]}")
                else:
                    seen_el[t.element] = tid
            elif t.element is not None:
                self.add("terrain", (tid, "element"), "only element spaces name an element")
        for e in elements:
            if e not in seen_el:
                self.add("terrain", (), f"no element space for {e}")

    def check_dragons(self) -> None:
        elements = self.defs["elements"]
        owner: dict[str, str] = {}
        by_element: dict[str, str] = {}
        for did, d in self.defs["dragons"].items():
            if d.element not in elements:
                self.add("dragons", (did, "element"), f"unknown element {d.element!r}")
            elif d.element in by_element:
                self.add("dragons", (did, "element"), f"{by_element[d.element]} is already the {d.element} dragon")
            else:
                by_element[d.element] = did
            if not COLOR_RE.match(d.color):
                self.add("dragons", (did, "color"), f"colour must be #RRGGBB (got {d.color!r})")
            ult = [i for i, s in enumerate(d.spells) if s.ultimate]
            if len(ult) != 1:
                self.add("dragons", (did, "spells"), f"a dragon has exactly one Ultimate spell (found {len(ult)})")
            if len(d.spells) - len(ult) != 3:
                self.add("dragons", (did, "spells"), "a dragon has three standard spells "
                         f"(found {len(d.spells) - len(ult)})")
            for i, sp in enumerate(d.spells):
                loc = (did, "spells", i)
                if sp.id not in KNOWN_SPELLS:
                    self.add("dragons", loc + ("id",), f"no rules for spell {sp.id!r}")
                if sp.id in owner:
                    self.add("dragons", loc + ("id",), f"spell {sp.id!r} is already {owner[sp.id]}'s")
                owner[sp.id] = did
                if sp.cost < 0:
                    self.add("dragons", loc + ("cost",), "a cost is 0 or more")
                if sp.cost_max is not None and sp.cost_max < sp.cost:
                    self.add("dragons", loc + ("cost_max",), f"must be at least cost ({sp.cost})")
        for e in elements:
            if e not in by_element:
                self.add("dragons", (), f"no dragon of element {e}")

    def check_movement(self) -> None:
        moves = self.defs["movement"]
        for mid, m in moves.items():
            if not m.steps:
                self.add("movement", (mid, "steps"), "a movement needs at least one step")
            if m.kind == "card" and m.count < 1:
                self.add("movement", (mid, "count"), "a movement card has at least one copy in the deck")
            if m.kind == "general" and m.count:
                self.add("movement", (mid, "count"), "general movement actions are on the hoard card, not in the deck")
            if m.kind == "general" and mid not in GENERAL_IDS:
                self.add("movement", (mid,), f"no rules for general action {mid!r} (known: {', '.join(GENERAL_IDS)})")
            if m.slots < 1:
                self.add("movement", (mid, "slots"), "at least one use per round")
        for g in GENERAL_IDS:
            if g not in moves:
                self.add("movement", (), f"the general movement action {g!r} is missing")
        slots = sum(m.slots for m in moves.values() if m.kind == "general")
        if slots != 7:
            self.add("movement", (), f"the hoard card has seven general movement actions (found {slots})")

    def check_items(self) -> None:
        items = self.defs["items"]
        hoard = [i for i, d in items.items() if d.hoard]
        if len(hoard) != 8:
            self.add("items", (), f"the hoard tracker shows eight items (found {len(hoard)})")
        for iid, it in items.items():
            if it.use in ("sell",):
                if not it.sell:
                    self.add("items", (iid, "sell"), "a gemstone needs a sell value")
            elif it.use == "passive":
                if it.equip is None:
                    self.add("items", (iid, "equip"), "equipment needs an equip bonus")
            elif iid not in KNOWN_ITEMS:
                self.add("items", (iid,), f"no rules for item {iid!r}")
            if it.hoard and it.price is None:
                self.add("items", (iid, "price"), "a hoard item needs a village price")
            if it.hoard and it.use in ("sell", "passive"):
                self.add("items", (iid, "use"), "hoard items are used, not sold or equipped")
            if it.equip is not None and it.use != "passive":
                self.add("items", (iid, "use"), "equipment is passive")
            if it.rarity == "equipment" and it.use != "passive":
                self.add("items", (iid, "rarity"), "an equipment card is used passively")
            if it.treasures < 0:
                self.add("items", (iid, "treasures"), "0 or more copies")
        if sum(it.treasures for it in items.values()) < 10:
            self.add("items", (), "the treasure deck needs at least 10 cards")

    def check_stock(self) -> None:
        items = self.defs["items"]
        for sid, s in self.defs["stock"].items():
            if not s.offers:
                self.add("stock", (sid, "offers"), "a stock card offers something")
            for i, o in enumerate(s.offers):
                if o != "treasure" and (o not in items or not items[o].hoard):
                    self.add("stock", (sid, "offers", i), f"{o!r} is not a hoard item or 'treasure'")
                if s.offers.count(o) > 1 and s.offers.index(o) != i:
                    self.add("stock", (sid, "offers", i), f"{o!r} is offered twice")
        if len(self.defs["stock"]) < 3:
            self.add("stock", (), "three villages need at least three stock cards")

    def check_classes(self) -> None:
        items = self.defs["items"]
        for cid, c in self.defs["rider_classes"].items():
            r = c.reward
            if r.kind == "item":
                if r.item not in items or not items[r.item].hoard:
                    self.add("rider_classes", (cid, "reward", "item"), f"{r.item!r} is not a hoard item")
            elif r.item is not None:
                self.add("rider_classes", (cid, "reward", "item"), "only item rewards name an item")
            if r.amount < 1:
                self.add("rider_classes", (cid, "reward", "amount"), "a reward gives at least 1")

    def check_riders(self) -> None:
        elements = self.defs["elements"]
        classes = self.defs["rider_classes"]
        grid: dict[tuple[str, str], str] = {}
        totals = {e: 0 for e in elements}
        for rid, r in self.defs["riders"].items():
            if r.element not in elements:
                self.add("riders", (rid, "element"), f"unknown element {r.element!r}")
            if r.cls not in classes:
                self.add("riders", (rid, "cls"), f"unknown rider class {r.cls!r}")
            if (r.element, r.cls) in grid:
                self.add("riders", (rid,), f"{grid[r.element, r.cls]} is already the {r.element} {r.cls}")
            grid[r.element, r.cls] = rid
            if not r.bonus:
                self.add("riders", (rid, "bonus"), "a rider gives an elemental bonus against some dragon")
            for e, amount in r.bonus.items():
                if e not in elements:
                    self.add("riders", (rid, "bonus", e), f"unknown element {e!r}")
                    continue
                if amount < 1:
                    self.add("riders", (rid, "bonus", e), "a bonus is at least +1")
                totals[e] += amount
        for e in elements:
            for c in classes:
                if (e, c) not in grid:
                    self.add("riders", (), f"no {e} {c} rider: the deck is six elements x six classes")
        if len(set(totals.values())) > 1:
            self.add("riders", (), "elemental bonuses are unbalanced: "
                     + ", ".join(f"{e} {t:+d}" for e, t in totals.items()))


__all__ = ["Catalog", "DATA_DIR", "load_catalog", "KNOWN_SPELLS", "KNOWN_ITEMS", "GENERAL_IDS", "scenario_words"]


def scenario_words(cat: Catalog, scenario_id: str) -> tuple:
    """The launcher's name (the id in words) and line for the one board (board.SCENARIOS)."""
    if scenario_id == "standard":
        return None, ("The rulebook's board: three villages (Merkezi in the centre), two pickup spaces, the element "
                      "spaces around the portals.")
    return None, None
