"""The Dice Wars card catalog: data/dice_wars/*.yaml loaded, validated and
resolved into the cards players hold.

Files (each a mapping id -> entry, types in games/dice_wars/rules/defs.py):
terrain.yaml, units.yaml (unit classes), factions.yaml (faction bonus and
per-class card deltas), veterans.yaml (Challenge VII), cities.yaml,
relics.yaml.  `load_catalog` checks types (engine.core.catalog) and then the
cross-file rules below, and reports every problem at once as
`file:line: field: message`.

A *card* (`UnitCard`) is what a player reads: the class, plus its faction's
delta, plus the veteran delta and replacements (dice_wars.txt § Unit Cards,
§ Challenge VII).  Heroes are colourless: one card each, whatever faction
rolled them.  The design decisions are in docs/games/dice_wars_cards.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.catalog import DataError, check_refs, field_name, line_at, parse_yaml, read_data_text, validate_map
from games.dice_wars.rules.defs import (CityCard, Faction, Relic, Skill, StatDelta, TerrainType, Trait,
                                  UnitClass, Veteran)

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "dice_wars"

# dice_wars.txt § Units: basic d6 1 HP, advanced d8 2 HP, hero d12 3 HP.
DIE_SIDES = {"basic": 6, "advanced": 8, "hero": 12}
TIER_HP = {"basic": 1, "advanced": 2, "hero": 3}
TIERS = ("basic", "advanced", "hero")

FILES: dict[str, tuple[str, type]] = {
    "terrain": ("terrain.yaml", TerrainType),
    "classes": ("units.yaml", UnitClass),
    "factions": ("factions.yaml", Faction),
    "veterans": ("veterans.yaml", Veteran),
    "cities": ("cities.yaml", CityCard),
    "relics": ("relics.yaml", Relic),
}

# Keys inside `When` / movement effects that name terrain ids.
TERRAIN_KEYS = ("self_terrain", "target_terrain", "adjacent_terrain", "pass_terrain")
STAT_FLOOR = {"attack": 0, "defense": 0, "range": 1, "move": 1}
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True)
class UnitCard:
    """A resolved card: class + faction adjust (+ veteran)."""
    id: str
    cls: str
    name: str
    tier: str
    faction: str | None
    veteran: bool
    hp: int
    attack: int | str
    weapon: str
    defense: int
    range: int
    move: int
    trait: Trait | None
    skill: Skill | None
    code: str           # the letters on the tray and the card (unique per class)
    icon: str           # the silhouette on the token (assets/icons)
    source: str

    @property
    def magic(self) -> bool:
        return self.attack == "M"


@dataclass(frozen=True, eq=False)
class Catalog:
    terrain: dict[str, TerrainType]
    classes: dict[str, UnitClass]
    factions: dict[str, Faction]
    veterans: dict[str, Veteran]
    cities: dict[str, CityCard]
    relics: dict[str, Relic]
    _cards: dict = field(default_factory=dict, repr=False, compare=False)
    memo: dict = field(default_factory=dict, repr=False, compare=False)   # values derived from this data

    def card(self, cls: str, faction: str | None, veteran: bool = False) -> UnitCard:
        """The card of class `cls` for `faction` (memoised).  Heroes are
        colourless: their faction is ignored and the card's is None.  A
        basic or advanced class with faction None gives the unadjusted class
        card.  Only advanced classes have veterans."""
        uc = self.classes.get(cls)
        if uc is None:
            raise KeyError(f"unknown unit class {cls!r}")
        if uc.tier == "hero":
            faction = None
        key = (cls, faction, veteran)
        hit = self._cards.get(key)
        if hit is not None:
            return hit
        if veteran and uc.tier != "advanced":
            raise ValueError(f"{cls}: only advanced units have veteran cards "
                             "(dice_wars.txt § Challenge VII)")
        if faction is not None and faction not in self.factions:
            raise KeyError(f"unknown faction {faction!r}")
        attack = uc.attack
        stats = {"defense": uc.defense, "range": uc.range, "move": uc.move}
        deltas = []
        if faction is not None:
            deltas.append(self.factions[faction].adjust.get(cls, StatDelta()))
        vet = self.veterans[cls] if veteran else None
        if vet is not None:
            deltas.append(vet.delta)
        for d in deltas:
            if d.attack and isinstance(attack, int):      # a magic ('M') attack never changes
                attack += d.attack
            for stat in stats:
                amount = getattr(d, stat)
                if amount:
                    stats[stat] += amount
        parts = [p for p in (faction, cls, "veteran" if veteran else None) if p]
        sources = {uc.source} | ({vet.source} if vet else set()) | (
            {self.factions[faction].source} if faction and cls in self.factions[faction].adjust else set())
        card = UnitCard(
            id=":".join(parts), cls=cls, name=vet.name if vet else uc.name, tier=uc.tier,
            faction=faction, veteran=veteran, hp=vet.hp if vet else TIER_HP[uc.tier],
            attack=attack, weapon=uc.weapon, defense=stats["defense"],
            range=stats["range"], move=stats["move"],
            trait=(vet.trait if vet and vet.trait else uc.trait),
            skill=(vet.skill if vet and vet.skill else uc.skill),
            code=uc.code, icon=uc.icon, source="house" if "house" in sources else "rulebook")
        self._cards[key] = card
        return card

    def class_for_face(self, tier: str, face: int) -> str:
        """The class a die of `tier` rolls on `face` (dice_wars.txt § Grab Your Cards)."""
        for cid, uc in self.classes.items():
            if uc.tier == tier and uc.face == face:
                return cid
        raise KeyError(f"no {tier} class on face {face}")

    def classes_of(self, tier: str) -> list[str]:
        """Class ids of a tier, by die face."""
        return sorted((c for c, u in self.classes.items() if u.tier == tier),
                      key=lambda c: self.classes[c].face)

    def all_cards(self) -> list[UnitCard]:
        """The 100 unit cards of the box: every faction's basic and advanced
        card, every faction's veteran card, and the colourless heroes."""
        out = []
        for f in self.factions:
            for tier in ("basic", "advanced"):
                out += [self.card(c, f) for c in self.classes_of(tier)]
            out += [self.card(c, f, veteran=True) for c in self.classes_of("advanced")]
        out += [self.card(c, None) for c in self.classes_of("hero")]
        return out


# ---- loading -----------------------------------------------------------------
def load_catalog(root: Path = DATA_DIR) -> Catalog:
    """Load and check the catalog under `root`: a new catalog each call
    (the ruleset keeps the one a game is set up with: engine/core/game.py
    Game.catalog).  Raises DataError listing every problem found."""
    return _load(Path(root).resolve())


def _load(root: Path) -> Catalog:
    problems: list[str] = []
    raw: dict[str, Any] = {}
    defs: dict[str, dict] = {}
    for what, (fname, model) in FILES.items():
        try:
            data = parse_yaml(read_data_text(root / fname, fname), fname)
            raw[what] = data
            defs[what] = validate_map(model, data, fname, what)
        except DataError as e:
            problems.extend(e.problems)
    _Checker(raw, defs, problems).run()
    if problems:
        raise DataError(problems)
    return Catalog(**{what: defs[what] for what in FILES})


class _Checker:
    """Cross-checks between entries and files.  Each check runs only when
    the files it needs validated, so one broken file does not hide the
    problems of the others."""

    def __init__(self, raw: dict[str, Any], defs: dict[str, dict], problems: list[str]):
        self.raw, self.defs, self.problems = raw, defs, problems

    def add(self, what: str, loc: tuple, msg: str) -> None:
        fname = FILES[what][0]
        self.problems.append(f"{fname}:{line_at(self.raw[what], loc)}: {field_name(loc)}: {msg}")

    def has(self, *whats: str) -> bool:
        return all(w in self.defs for w in whats)

    def run(self) -> None:
        if self.has("classes"):
            self.check_classes()
        if self.has("classes", "factions"):
            self.check_factions()
        if self.has("classes", "veterans"):
            self.check_veterans()
        if self.has("cities"):
            self.check_cities()
        if self.has("relics"):
            self.check_relics()
        if self.has("terrain"):
            terrain = self.defs["terrain"]
            for what in ("classes", "factions", "veterans", "cities", "relics"):
                if what in self.raw and what in self.defs:
                    self.check_terrain_refs(what, self.raw[what], (), terrain)

    # -- units.yaml ----------------------------------------------------------
    def check_classes(self) -> None:
        classes: dict[str, UnitClass] = self.defs["classes"]
        faces: dict[tuple[str, int], str] = {}
        icons: dict[tuple[str, str], str] = {}
        for cid, uc in classes.items():
            sides = DIE_SIDES[uc.tier]
            if not 1 <= uc.face <= sides:
                self.add("classes", (cid, "face"),
                         f"face {uc.face} is not on a d{sides} ({uc.tier} faces are 1-{sides})")
            elif (uc.tier, uc.face) in faces:
                self.add("classes", (cid, "face"),
                         f"d{sides} face {uc.face} is already rolled by {faces[uc.tier, uc.face]}")
            else:
                faces[uc.tier, uc.face] = cid
            for attr in ("code", "icon"):      # every class its own face (engine/core/faces.py)
                value = getattr(uc, attr)
                if (attr, value.lower()) in icons:
                    self.add("classes", (cid, attr), f"{attr} {value!r} is already used by {icons[attr, value.lower()]}")
                else:
                    icons[attr, value.lower()] = cid
            for stat, floor in STAT_FLOOR.items():
                value = getattr(uc, stat)
                if isinstance(value, int) and value < floor:
                    self.add("classes", (cid, stat), f"{stat} must be at least {floor} (got {value})")
            # dice_wars.txt § Unit Cards: traits and skills; advanced and
            # heroes have both, a basic card at least one.
            if uc.tier == "basic" and uc.trait is None and uc.skill is None:
                self.add("classes", (cid,), "a basic class needs a trait or a skill")
            if uc.tier != "basic":
                for part in ("trait", "skill"):
                    if getattr(uc, part) is None:
                        self.add("classes", (cid,), f"{uc.tier} classes need a {part}")
            if uc.attack == "M" and not _magic_flavour(uc.trait, uc.skill):
                self.add("classes", (cid, "attack"),
                         "attack 'M' (magic) needs magic flavour: a trait modifying magic rolls, "
                         "ley-line travel, or a skill making magic attacks")
            if uc.skill is not None:
                self.check_skill("classes", (cid, "skill"), uc.skill)
            if uc.trait is not None:
                self.check_trait("classes", (cid, "trait"), uc.trait)
        for tier in TIERS:
            sides = DIE_SIDES[tier]
            missing = [f for f in range(1, sides + 1) if (tier, f) not in faces]
            if missing:
                self.add("classes", (), f"no {tier} class is rolled on d{sides} face(s) "
                         + ", ".join(map(str, missing)))

    # -- factions.yaml -------------------------------------------------------
    def check_factions(self) -> None:
        classes: dict[str, UnitClass] = self.defs["classes"]
        factions: dict[str, Faction] = self.defs["factions"]
        raw = self.raw["factions"]
        letters: dict[str, str] = {}
        for fid, fac in factions.items():
            if not COLOR_RE.match(fac.color):
                self.add("factions", (fid, "color"), f"colour must be #RRGGBB (got {fac.color!r})")
            if len(fac.letter) != 1:
                self.add("factions", (fid, "letter"), f"letter must be one character (got {fac.letter!r})")
            elif fac.letter in letters:
                self.add("factions", (fid, "letter"), f"letter {fac.letter!r} is already used by {letters[fac.letter]}")
            else:
                letters[fac.letter] = fid
            self.check_trait("factions", (fid, "bonus"), fac.bonus)
            total = 0
            for cid, delta in fac.adjust.items():
                loc = (fid, "adjust", cid)
                if cid not in classes:
                    check_refs(self.problems, "factions.yaml", raw, loc, [cid], classes, "class")
                    continue
                uc = classes[cid]
                if uc.tier == "hero":
                    self.add("factions", loc, f"{cid} is a hero: heroes are colourless and have no faction card")
                    continue
                if uc.attack == "M" and delta.attack:
                    self.add("factions", loc + ("attack",), f"{cid} attacks with magic ('M'): its attack cannot change")
                total += sum(getattr(delta, s) for s in STAT_FLOOR)
                self.check_stats("factions", loc, uc, [delta])
            if total:
                self.add("factions", (fid, "adjust"),
                         f"a faction's card deltas must balance (as many +1s as -1s), these sum to {total:+d}")

    # -- veterans.yaml -------------------------------------------------------
    def check_veterans(self) -> None:
        classes: dict[str, UnitClass] = self.defs["classes"]
        veterans: dict[str, Veteran] = self.defs["veterans"]
        factions: dict[str, Faction] = self.defs.get("factions", {})
        for vid, vet in veterans.items():
            if vid not in classes:
                check_refs(self.problems, "veterans.yaml", self.raw["veterans"], (vid,), [vid], classes, "class")
                continue
            uc = classes[vid]
            if uc.tier != "advanced":
                self.add("veterans", (vid,), f"{vid} is a {uc.tier} class: only advanced classes "
                         "have veterans (dice_wars.txt § Challenge VII)")
                continue
            if vet.hp < TIER_HP["advanced"]:
                self.add("veterans", (vid, "hp"), f"a veteran keeps at least {TIER_HP['advanced']} HP")
            if uc.attack == "M" and vet.delta.attack:
                self.add("veterans", (vid, "delta", "attack"), f"{vid} attacks with magic ('M'): its attack cannot change")
            for fid, fac in [(None, None)] + list(factions.items()):
                deltas = ([fac.adjust[vid]] if fac and vid in fac.adjust else []) + [vet.delta]
                if self.check_stats("veterans", (vid, "delta"), uc, deltas, f" on the {fid} card" if fid else ""):
                    break
            if vet.skill is not None:
                self.check_skill("veterans", (vid, "skill"), vet.skill)
            if vet.trait is not None:
                self.check_trait("veterans", (vid, "trait"), vet.trait)
        for cid, uc in classes.items():
            if uc.tier == "advanced" and cid not in veterans:
                self.add("veterans", (), f"advanced class {cid} has no veteran card")

    def check_stats(self, what: str, loc: tuple, uc: UnitClass, deltas: list[StatDelta], where: str = "") -> bool:
        """A problem (and True) when class stats plus deltas fall below the floors."""
        for stat, floor in STAT_FLOOR.items():
            value = getattr(uc, stat)
            if not isinstance(value, int):
                continue
            value += sum(getattr(d, stat) for d in deltas)
            if value < floor:
                self.add(what, loc, f"{stat} would be {value}{where}, below {floor}")
                return True
        return False

    # -- cities.yaml / relics.yaml -------------------------------------------
    def check_cities(self) -> None:
        sigils: dict[str, str] = {}
        for cid, city in self.defs["cities"].items():
            if city.sigil in sigils:
                self.add("cities", (cid, "sigil"), f"sigil {city.sigil!r} is already used by {sigils[city.sigil]}")
            sigils.setdefault(city.sigil, cid)
            if city.trait is None and city.skill is None:
                self.add("cities", (cid,), "a city needs a trait or a skill")
            if city.near < 0:
                self.add("cities", (cid, "near"), "near must be 0 or more")
            if city.skill is not None:
                self.check_skill("cities", (cid, "skill"), city.skill)
            if city.trait is not None:
                self.check_trait("cities", (cid, "trait"), city.trait)

    def check_relics(self) -> None:
        raw = self.raw["relics"]
        for rid, relic in self.defs["relics"].items():
            if relic.trait is None and relic.skill is None:
                self.add("relics", (rid,), "a relic needs a trait or a skill (dice_wars.txt § Using Relics)")
            if relic.skill is not None:
                self.check_skill("relics", (rid, "skill"), relic.skill)
            if relic.trait is not None:
                self.check_trait("relics", (rid, "trait"), relic.trait)
            self.check_skill("relics", (rid, "spell"), relic.spell, spell=True)
            # A spell is cast by discarding the relic, "instantly", by the
            # player and not by a unit: no check, no range, no caster to move.
            spell_raw = raw[rid].get("spell") if isinstance(raw[rid], dict) else None
            if isinstance(spell_raw, dict):
                for key in ("check", "greater"):
                    if key in spell_raw:
                        self.add("relics", (rid, "spell", key),
                                 "a spell is cast instantly with no check, so it has no check or greater result")
            sp = relic.spell
            if sp.range is not None:
                self.add("relics", (rid, "spell", "range"),
                         "a spell has no casting unit to measure from: it reaches the whole map (omit range)")
            if sp.target == "self" or sp.affects == "self":
                self.add("relics", (rid, "spell", "target"), "a spell has no casting unit: it cannot target self")
            for i, fx in enumerate(sp.effects):
                if fx.kind in ("hurl", "teleport", "swap", "pull"):
                    self.add("relics", (rid, "spell", "effects", i),
                             f"{fx.kind} moves or pulls toward the casting unit, and a spell has none")

    # -- shared --------------------------------------------------------------
    def check_trait(self, what: str, loc: tuple, trait: Trait) -> None:
        for i, fx in enumerate(trait.effects):
            if fx.kind == "aura" and fx.range < 1:
                self.add(what, loc + ("effects", i, "range"), "an aura's range is at least 1")
            if fx.kind == "on_death" and (fx.radius < 1 or fx.damage < 1):
                self.add(what, loc + ("effects", i), "on_death needs radius and damage of at least 1")
            if fx.kind == "extra_damage" and fx.amount < 1:
                self.add(what, loc + ("effects", i, "amount"), "extra damage is at least 1")

    def check_skill(self, what: str, loc: tuple, skill: Skill, spell: bool = False) -> None:
        c = skill.check
        if not spell:
            # dice_wars.txt § Skill Check: 2d6, "rolling a 2 means the skill fails".
            if not 3 <= c.minimum <= 12:
                self.add(what, loc + ("check", "minimum"), f"minimum must be 3-12 on 2d6 (got {c.minimum})")
            if c.greater is not None and not c.minimum < c.greater <= 12:
                self.add(what, loc + ("check", "greater"),
                         f"greater must be above the minimum and at most 12 (got {c.greater})")
        if skill.greater is not None and c.greater is None and not spell:
            self.add(what, loc + ("greater",), "a greater result needs check.greater")
        if c.greater is not None and skill.greater is None:
            self.add(what, loc + ("check", "greater"), "check.greater without a greater result")
        if skill.range is not None and skill.range < 0:
            self.add(what, loc + ("range",), "range must be 0 or more (omit it for anywhere on the map)")
        if skill.target == "self" and skill.range not in (None, 0):
            self.add(what, loc + ("range",), "a skill targeting its user has range 0")
        if skill.target != "self" and skill.range == 0:
            self.add(what, loc + ("range",), "range 0 only reaches the user: target self")
        if skill.radius < 0:
            self.add(what, loc + ("radius",), "radius must be 0 or more")
        for key, fxs in (("effects", skill.effects), ("greater", skill.greater or [])):
            if key == "effects" and not fxs:
                self.add(what, loc + ("effects",), "a skill needs at least one effect")
            for i, fx in enumerate(fxs):
                floc = loc + (key, i)
                if fx.kind == "hurl" and not skill.carry:
                    self.add(what, floc, "hurl needs carry: true (the adjacent ally it throws)")
                if fx.kind == "hurl" and skill.target not in ("enemy", "unit"):
                    self.add(what, floc, "hurl lands behind a unit: target enemy or unit")
                if fx.kind == "teleport" and skill.target not in ("hex", "empty_hex"):
                    self.add(what, floc, "teleport needs a hex target (hex or empty_hex)")
                if fx.kind == "teleport" and fx.who == "carried" and not skill.carry:
                    self.add(what, floc, "teleporting the carried ally needs carry: true")
                if fx.kind == "swap" and skill.target not in ("ally", "enemy", "unit"):
                    self.add(what, floc, "swap needs a unit target")
                if fx.kind in ("heal", "damage", "pull") and getattr(fx, "amount", getattr(fx, "hexes", 1)) < 1:
                    self.add(what, floc, f"{fx.kind} amount must be at least 1")
                if fx.kind == "condition" and fx.amount == 0:
                    self.add(what, floc + ("amount",), "a condition of 0 does nothing")
        if skill.carry and not any(fx.kind in ("hurl", "teleport") for fx in skill.effects):
            self.add(what, loc + ("carry",), "carry: true needs a hurl or teleport effect")

    def check_terrain_refs(self, what: str, data: Any, loc: tuple, terrain: dict) -> None:
        """Every terrain id named in a When or a movement effect exists."""
        if isinstance(data, dict):
            for key, value in data.items():
                if key in TERRAIN_KEYS and isinstance(value, list):
                    for i, t in enumerate(value):
                        check_refs(self.problems, FILES[what][0], self.raw[what], loc + (key, i),
                                   [t], terrain, "terrain")
                else:
                    self.check_terrain_refs(what, value, loc + (key,), terrain)
        elif isinstance(data, list):
            for i, item in enumerate(data):
                self.check_terrain_refs(what, item, loc + (i,), terrain)


def _magic_flavour(trait: Trait | None, skill: Skill | None) -> bool:
    """A magic ('M') attacker must read as a spellcaster: its trait touches
    magic rolls, ley lines or skill checks on ley lines, or its skill casts
    magic attacks."""
    if trait is not None:
        for fx in trait.effects:
            if fx.kind == "modifier" and (fx.stat == "magic" or "ley_line" in (fx.when.self_terrain or [])):
                return True
            if fx.kind == "movement" and fx.ley_line_travel:
                return True
    if skill is not None:
        for sfx in list(skill.effects) + list(skill.greater or []):
            if sfx.kind == "attack" and sfx.magic:
                return True
    return False


__all__ = ["Catalog", "UnitCard", "DATA_DIR", "DIE_SIDES", "TIER_HP", "load_catalog", "scenario_words"]


# What each scenario (board.SCENARIOS) is, for the launcher (rules.scenario_text)
SCENARIO_TEXT = {
    "balanced": "The rulebook's suggested square of tiles 1-9: every corner alike, a river down the middle; fair "
                "for 2 or 4 players (measured), not for 3: the seat between the other two is flanked.",
    "shuffled": "Challenge III: tiles shuffled and turned at random from the match dice, the Dark Tower (5) "
                "in the centre.",
    "hinterland": "Challenge IV: the Hinterland tiles; holding 5/4/3 tiles (2/3/4 players) for three of "
                  "your phases wins by Dominion.",
    "hinterland_shuffled": "Challenges III and IV together: the Hinterland tiles shuffled and turned.",
}


def scenario_words(cat: Catalog, scenario_id: str) -> tuple:
    """The launcher's name (the id in words) and line for a scenario (rules.scenario_title, scenario_text)."""
    return None, SCENARIO_TEXT.get(scenario_id)
