"""Army lists players choose: one shared mechanism for every game that
builds an army before playing (Dragonbond armies, Warbound decks, Battle
Valor points lists).

A list is a small YAML file, readable and shareable like a BattleScribe
roster::

    game: dragonbond          # the game id
    name: Dawnspire patrol    # shown in the launcher
    faction: dawn             # game fields (ArmyCatalog.fields), if any
    size: skirmish
    entries:                  # what was picked, one mapping per pick
      - {unit: dragon_queen, archetype: sunblade_champion}
      - {unit: oathguard_halberdiers, captain: commander_leonise}

A game opts in by giving its ruleset two methods:

- `army_catalog() -> ArmyCatalog`: what can be picked (`Pick`s, each with
  its `Slot`s such as a captain or a count), the list's own fields (faction,
  size, ...), the limits in words and the key an entry names its pick by;
- `army_problems(army_list) -> [ArmyProblem]`: every way a list breaks the
  game's rules, each a reason with its rule citation and where in the list
  (("entries", 2, "captain")), like an `Illegal`.

This module checks what is common (the shape of the file, known fields,
picks and choices that exist), asks the game for the rest, and reports
everything as `file:line: field: reason (rule)`.  A match receives the
lists as plain data in `Setup.options["armies"]` (one `to_dict()` per
seat, in seat order), so saves replay them.  Shipped lists live in
`data/<game>/lists/*.yaml`; lists players save go under the user data
folder (`<data>/lists/<game>/`).  Headless: the command line, the
launcher, the army builder scene and tests share it.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from engine.core.catalog import DataError, field_name, line_at, load_yaml, parse_yaml, plain
from engine.core.limits import cut

if TYPE_CHECKING:
    from engine.core.game import Game

ROOT = Path(__file__).resolve().parents[2]
TOP_KEYS = ("game", "name", "entries")


@dataclass(frozen=True)
class ArmyProblem:
    """A way a list breaks the rules: words, the rule cited, and where in
    the list's data it is (keys and indexes; () for the whole list).
    `incomplete`: the list lacks something that adding picks can give (too
    few cards, no leader yet); a builder does not refuse a pick for it."""
    reason: str
    rule: str = ""
    where: tuple[str | int, ...] = ()
    incomplete: bool = False

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


@dataclass(frozen=True)
class Option:
    """One value a slot may take: an id, or a whole number (a game size in
    points) that lists write as a number."""
    id: str | int
    name: str
    text: str = ""
    points: int = 0


@dataclass(frozen=True)
class Slot:
    """A choice made for an entry (a captain, an archetype, a count) or
    for the whole list (faction, battle size, the bond).  With `options`
    the value is one of their ids; without, a whole number from `least`
    to `most`.  `text` explains the choice where it is made."""
    key: str
    label: str
    options: tuple[Option, ...] = ()
    required: bool = False
    least: int = 0
    most: int = 0
    text: str = ""

    def option(self, value: object) -> Option | None:
        return next((o for o in self.options if o.id == value), None)


@dataclass(frozen=True)
class Pick:
    """Something that can be added to a list: a unit, a general, a card.
    `group` (e.g. a faction) must match the list's `ArmyCatalog.group_field`
    value when the game has one."""
    id: str
    name: str
    kind: str = ""
    points: int = 0
    group: str = ""
    text: str = ""
    slots: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class ArmyCatalog:
    game: str
    entry_key: str                       # the key naming an entry's pick ("unit", "card")
    picks: tuple[Pick, ...]
    fields: tuple[Slot, ...] = ()        # the list's own fields besides game, name, entries
    group_field: str = ""                # the list field picks' `group` must match
    limits: tuple[str, ...] = ()         # the limits in words, with their rules
    text: str = ""                       # how lists work in this game

    def pick(self, pid: object) -> Pick | None:
        return next((p for p in self.picks if p.id == pid), None)

    def field_slot(self, key: str) -> Slot | None:
        return next((s for s in self.fields if s.key == key), None)

    def picks_for(self, army_list: "ArmyList") -> list[Pick]:
        """The picks this list may add (those of its group)."""
        g = army_list.fields.get(self.group_field) if self.group_field else None
        return [p for p in self.picks if not p.group or g is None or p.group == g]


@dataclass(frozen=True, eq=False)
class ArmyList:
    game: str
    name: str
    fields: dict[str, Any] = field(default_factory=dict)
    entries: tuple[Any, ...] = ()        # plain dicts (as read: shape_problems refuses one that is not)
    path: str = ""                       # the file it came from ("" if built in memory)
    data: Any = field(default=None, repr=False)   # the parsed YAML (line numbers), if loaded

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game, "name": self.name}
        d.update({k: v for k, v in self.fields.items()})
        d["entries"] = [dict(e) if isinstance(e, dict) else e for e in self.entries]
        return d

    def with_changes(self, **kw: Any) -> "ArmyList":
        base: dict[str, Any] = {"game": self.game, "name": self.name, "fields": dict(self.fields),
                "entries": tuple(dict(e) if isinstance(e, dict) else e for e in self.entries), "path": self.path,
                "data": self.data}
        base.update(kw)
        return ArmyList(**base)

    def line_of(self, where: tuple[str | int, ...]) -> int:
        return line_at(self.data, where) if self.data is not None else 0


# ---- reading ------------------------------------------------------------------------------
def from_data(data: Any, name: str = "<list>") -> ArmyList:
    """A list from parsed YAML (or a plain dict); DataError on a wrong shape."""
    problems = []
    if not isinstance(data, dict):
        raise DataError([f"{name}:{getattr(data, 'line', 1)}: (top): an army list is a mapping with "
                         "game, name and entries"])
    for key in TOP_KEYS:
        if key not in data:
            problems.append(f"{name}:{getattr(data, 'line', 1)}: {key}: required field is missing")
    for key in ("game", "name"):
        if key in data and not isinstance(data[key], str):
            problems.append(f"{name}:{line_at(data, (key,))}: {key}: expected text (got {data[key]!r})")
    entries = data.get("entries")
    if "entries" in data and not isinstance(entries, list):
        problems.append(f"{name}:{line_at(data, ('entries',))}: entries: expected a list of picks")
    if problems:
        raise DataError(problems)
    fields = {k: v for k, v in data.items() if k not in TOP_KEYS}
    return ArmyList(data["game"], data["name"], plain(fields), tuple(plain(e) for e in entries or ()),
                    name if name != "<list>" else "", data)


def load_list(path: str | Path) -> ArmyList:
    """Read a list file; DataError (`file:line: field: what`) if it is not one."""
    return from_data(load_yaml(path), str(path))


def parse_list(text: str, name: str = "<list>") -> ArmyList:
    return from_data(parse_yaml(text, name), name)


class ArmyRules(Protocol):
    """A ruleset that plays the shared army lists (`Game.army_lists` true):
    the two methods a game gives to opt in, and what the messages name."""
    @property
    def game_id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def army_lists(self) -> bool: ...
    def army_catalog(self) -> ArmyCatalog: ...
    def army_problems(self, army_list: ArmyList) -> list[ArmyProblem]: ...
    def army_summary(self, army_list: Any) -> str: ...


# ---- checking -----------------------------------------------------------------------------
def _rules(game: str) -> Game:
    from engine.core import registry
    return registry.get(game)


def supports_lists(rules: Game | ArmyRules) -> TypeGuard[ArmyRules]:
    """A game plays the lists when it says so (`army_lists`), and then has their methods."""
    return bool(rules.army_lists)


def shape_problems(army_list: ArmyList, ac: ArmyCatalog) -> list[ArmyProblem]:
    """What every game checks alike: known fields, picks and choices."""
    out: list[ArmyProblem] = []
    for key, value in army_list.fields.items():
        slot = ac.field_slot(key)
        if isinstance(value, (dict, list)):
            out.append(ArmyProblem(f"a name or number was expected, not {cut(value)}", "", (key,)))
        elif slot is None:
            known = ", ".join(TOP_KEYS + tuple(s.key for s in ac.fields))
            out.append(ArmyProblem(f"unknown field (known: {known})", "", (key,)))
        elif slot.options and value is not None and slot.option(value) is None:
            out.append(ArmyProblem(f"unknown {slot.label.lower()} {value!r} (known: "
                                   f"{', '.join(str(o.id) for o in slot.options)})", "", (key,)))
    for slot in ac.fields:
        if slot.required and army_list.fields.get(slot.key) is None:
            out.append(ArmyProblem(f"required field is missing ({slot.label})", "", (slot.key,)))
    if not army_list.entries:
        out.append(ArmyProblem("a list needs at least one entry", "", ("entries",)))
    for i, e in enumerate(army_list.entries):
        where = ("entries", i)
        if not isinstance(e, dict):
            out.append(ArmyProblem(f"expected a mapping such as {{{ac.entry_key}: ...}} (got {e!r})", "", where))
            continue
        pid = e.get(ac.entry_key)
        if pid is None:
            out.append(ArmyProblem(f"each entry names its {ac.entry_key}", "", where))
            continue
        pick = ac.pick(pid)
        if pick is None:
            out.append(ArmyProblem(f"unknown {ac.entry_key} {pid!r}", "", where + (ac.entry_key,)))
            continue
        every = {s.key: s for p in ac.picks for s in p.slots}
        for k, v in e.items():
            if k == ac.entry_key:
                continue
            # a choice another pick offers is the game's to refuse for this one, with its rule
            slot = next((s for s in pick.slots if s.key == k), None) or every.get(k)
            if slot is None:
                out.append(ArmyProblem(f"unknown field for {pick.name}", "", where + (k,)))
                continue
            if isinstance(v, (dict, list)):
                out.append(ArmyProblem(f"a name or number was expected, not {cut(v)}", "", where + (k,)))
                continue
            if slot.options:
                ids = {o.id for p in ac.picks for s in p.slots if s.key == k for o in s.options}
                if v is not None and v not in ids:
                    out.append(ArmyProblem(f"unknown {slot.label.lower()} {v!r}", "", where + (k,)))
            elif not isinstance(v, int) or isinstance(v, bool):
                out.append(ArmyProblem(f"expected a whole number (got {v!r})", "", where + (k,)))
            elif not slot.least <= v <= (slot.most or v):
                out.append(ArmyProblem(f"{slot.label} must be from {slot.least} to {slot.most} (got {v})", "",
                                       where + (k,)))
    return out


def problems_of(army_list: ArmyList, rules: Game | ArmyRules | None = None) -> list[ArmyProblem]:
    """Every problem of a list: the shape first; the game's rules only when
    the shape is sound (its validator may trust ids exist)."""
    if rules is None:
        try:
            rules = _rules(army_list.game)
        except KeyError as e:
            return [ArmyProblem(str(e.args[0]), "", ("game",))]
    if not supports_lists(rules):
        return [ArmyProblem(f"{rules.title} has no army lists", "", ("game",))]
    ac = rules.army_catalog()
    out = shape_problems(army_list, ac)
    # the game judges what is sound: fields and entries with a problem are left out
    bad_fields = {p.where[0] for p in out if len(p.where) == 1 and p.where[0] != "entries"}
    bad_keys = {(p.where[1], p.where[2]) for p in out if len(p.where) == 3}
    bad_entries = {p.where[1] for p in out if len(p.where) == 2 or (len(p.where) == 3 and p.where[2] == ac.entry_key)}
    kept = [i for i in range(len(army_list.entries)) if i not in bad_entries]
    fields = {k: v for k, v in army_list.fields.items() if k not in bad_fields}
    if not kept or any(fields.get(s.key) is None and s.required for s in ac.fields):
        return out            # a required field missing or refused: the shape's problems say it
    sound = army_list.with_changes(
        fields=fields,
        entries=tuple({k: v for k, v in army_list.entries[i].items() if (i, k) not in bad_keys} for i in kept))
    for p in rules.army_problems(sound):
        w = p.where
        if len(w) >= 2 and w[0] == "entries" and isinstance(w[1], int) and w[1] < len(kept):
            p = ArmyProblem(p.reason, p.rule, ("entries", kept[w[1]]) + tuple(w[2:]), p.incomplete)
        out.append(p)
    return out


def describe_problem(army_list: ArmyList, p: ArmyProblem) -> str:
    """`file:line: field: reason (rule)`."""
    name = army_list.path or f"<{army_list.name}>"
    return f"{name}:{army_list.line_of(p.where)}: {field_name(p.where)}: {p}"


def list_problems(army_list: ArmyList, rules: Game | ArmyRules | None = None) -> list[str]:
    return [describe_problem(army_list, p) for p in problems_of(army_list, rules)]


def check_list_file(path: str | Path) -> list[str]:
    """`main.py check LIST.yaml`: every problem as a line, none if legal."""
    try:
        al = load_list(path)
    except DataError as e:
        return list(e.problems)
    return list_problems(al)


def is_list_data(data: Any) -> bool:
    return isinstance(data, dict) and "entries" in data and "game" in data and "actions" not in data


# ---- where lists live ---------------------------------------------------------------------
def shipped_dir(game: str) -> Path:
    return ROOT / "data" / game / "lists"


def user_dir(game: str) -> Path:
    from engine.core.data_folder import default_dir
    return default_dir() / "lists" / game


def list_files(game: str) -> list[Path]:
    """The user's saved lists first (newest first), then the shipped ones."""
    out: list[Path] = []
    try:
        out += sorted(user_dir(game).glob("*.yaml"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        pass
    out += sorted(shipped_dir(game).glob("*.yaml"))
    return out


def available(game: str) -> list[tuple[ArmyList, list[str]]]:
    """Every list a seat could take, with its problems (empty if legal);
    unreadable files come with their error and a placeholder list."""
    out: list[tuple[ArmyList, list[str]]] = []
    for p in list_files(game):
        try:
            al = load_list(p)
        except DataError as e:
            out.append((ArmyList(game, p.stem, path=str(p)), list(e.problems)))
            continue
        if al.game != game:
            continue
        out.append((al, list_problems(al)))
    return out


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return s or "army"


def _scalar(v: object) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    s = str(v)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_ .'-]*", s) and s.lower() not in ("yes", "no", "true", "false", "null",
                                                                          "on", "off", "y", "n"):
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_yaml(army_list: ArmyList, header: str = "") -> str:
    """The list as a readable YAML roster, one line per pick."""
    lines = [f"# {ln}" if ln else "#" for ln in header.splitlines()]
    lines += [f"game: {_scalar(army_list.game)}", f"name: {_scalar(army_list.name)}"]
    lines += [f"{k}: {_scalar(v)}" for k, v in army_list.fields.items() if v is not None]
    lines.append("entries:")
    for e in army_list.entries:
        lines.append("  - {" + ", ".join(f"{k}: {_scalar(v)}" for k, v in e.items() if v is not None) + "}")
    return "\n".join(lines) + "\n"


def save_list(army_list: ArmyList, folder: str | Path | None = None, header: str = "") -> Path:
    """Write the list under the user's folder (atomically); returns the path."""
    from engine.core.data_folder import write_atomic
    folder = Path(folder) if folder is not None else user_dir(army_list.game)
    path = folder / f"{slug(army_list.name)}.yaml"
    write_atomic(path, to_yaml(army_list, header).encode("utf-8"))
    return path


def armies_option(paths: str | Sequence[str | Path], game: str, players: int | None = None) -> list[dict[str, Any]]:
    """`--armies A.yaml,B.yaml`: the lists loaded and checked, as the plain
    data `Setup.options["armies"]` carries; DataError with every problem."""
    rules = _rules(game)
    if not supports_lists(rules):
        raise DataError([f"--armies: {rules.title} has no army lists"])
    if isinstance(paths, str):
        paths = [p for p in paths.split(",") if p.strip()]
    problems: list[str] = []
    out = []
    for given in paths:
        p = Path(str(given).strip())
        if not p.exists() and (shipped_dir(game) / f"{p}.yaml").exists():
            p = shipped_dir(game) / f"{p}.yaml"          # a shipped list by its name
        try:
            al = load_list(p)
        except DataError as e:
            problems += e.problems
            continue
        if al.game != game:
            problems.append(f"{p}:{al.line_of(('game',))}: game: this list is for {al.game!r}, not {game!r}")
            continue
        bad = list_problems(al)
        problems += bad
        out.append(al.to_dict())
    if players is not None and not problems and len(out) != players:
        problems.append(f"--armies: give one list per player ({players}), not {len(out)}")
    if problems:
        raise DataError(problems)
    return out


def armies_options(game: str, armies: str | None, players: int | None = None) -> dict[str, Any]:
    """`--armies A.yaml,B.yaml` as match options (checked; DataError if not legal)."""
    if not armies:
        return {}
    return {"armies": armies_option(armies, game, players)}
