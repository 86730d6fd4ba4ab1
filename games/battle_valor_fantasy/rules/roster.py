"""Army list files in the shared roster format (engine/core/army_lists.py)
read as the typed `ArmyList` the game plays (`read`), and judged by the army
rules with each problem's place in the file (`judge`).  The ruleset's list
hooks for the shared mechanism (what a list may hold, the shared checks)
are in list_hooks.py.

    game: battle_valor_fantasy
    name: Marchwardens of Aldmoor
    points: 500                     # the game size it is built for
    race: human                     # the General's race
    general: Marshal Edric Vane     # the General: free, never upgraded
    limitations: playtest           # built to the playtest limitations (optional)
    entries:                        # one line per unit or character
      - {unit: infantry, stands: 10, experience: regular, weapon: pole, armour: light, shields: 1, command: 1}
      - {unit: cavalry, mount: horses, stands: 4, experience: veteran, weapon: pole, armour: heavy, command: 1}
      - {unit: wizard, experience: veteran, with: 1}

An entry holds ids and whole numbers only (the shared format), so
`command` and `shields` are 0 or 1, and a character names the unit it
starts with by that unit's entry number (`with: 0` or none: on its own).
A unit is called by its experience and troop ("Veteran Infantry", "Regular
Crossbows", "Elite Cavalry on Horses"), numbered when a list repeats one
("Levy Infantry 2").  Decisions: docs/games/battle_valor_fantasy.md
§ Army lists.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from engine.core.catalog import DataError, load_yaml
from games.battle_valor_fantasy.rules.army import Problem, army_points, validate_army
from games.battle_valor_fantasy.rules.defs import ArmyList

GAME = "battle_valor_fantasy"
ENTRY_KEY = "unit"
MAX_LIST_BYTES = 200_000          # a list from someone else is bounded before it is parsed
TROOP_KEYS = ("stands", "experience", "weapon", "missile", "armour", "shields", "command", "mount", "race")
CHARACTER_KEYS = {"experience": "experience", "with": "attached_to", "race": "race"}
# where a problem of the typed list sits in the file
RENAMED = {"troop": ENTRY_KEY, "type": ENTRY_KEY, "name": ENTRY_KEY, "attached_to": "with"}


# ---- a list read as the game's ArmyList ---------------------------------------------

@dataclass(frozen=True)
class Roster:
    """A list read as the typed ArmyList, and which entry each of its units
    (`units[i]`) and characters (`characters[j]`) came from."""
    army: ArmyList
    units: tuple[int, ...]
    characters: tuple[int, ...]

    def where(self, path: tuple) -> tuple:
        """A path in the ArmyList (a Problem's `where`) as a path in the file."""
        if not path:
            return ()
        head = path[0]
        if head in ("units", "characters"):
            index = self.units if head == "units" else self.characters
            if len(path) == 1 or not isinstance(path[1], int) or not 0 <= path[1] < len(index):
                return ("entries",)
            if len(path) == 2:
                return ("entries", index[path[1]])
            return ("entries", index[path[1]], RENAMED.get(path[2], path[2]))
        if head == "general":
            return ("race",) if tuple(path[1:]) == ("race",) else ("general",)
        return (head,)


def unit_name(cat, entry: dict) -> str:
    """What a unit is called: "Veteran Infantry", "Regular Crossbows",
    "Elite Cavalry on Horses" (numbered by `read` when a list repeats one)."""
    tid = entry.get(ENTRY_KEY)
    exp = cat.experience[entry["experience"]].name if entry.get("experience") in cat.experience else "Regular"
    troop = cat.troops.get(tid)
    if troop is None:
        return f"{exp} {tid}"
    what = troop.name
    if troop.missile == "required" and entry.get("missile") in cat.weapons:
        what = cat.weapons[entry["missile"]].name
    if troop.mount and entry.get("mount") in cat.mounts:
        what = f"{troop.name} on {cat.mounts[entry['mount']].name}"
    return f"{exp} {what}"


def read(cat, data: dict) -> Roster:
    """A list's plain data (game, name, fields, entries: `ArmyList.to_dict()`
    of the shared format, or `Setup.options["armies"][seat]`) as the game's
    ArmyList.  ValueError when it cannot be one (the shared checks report
    such lists first)."""
    entries = [e for e in (data.get("entries") or [])]
    troop_at = [i for i, e in enumerate(entries) if isinstance(e, dict) and e.get(ENTRY_KEY) not in cat.characters]
    char_at = [i for i, e in enumerate(entries) if isinstance(e, dict) and e.get(ENTRY_KEY) in cat.characters]
    plain_names = {i: unit_name(cat, entries[i]) for i in troop_at}
    counts: dict = {}
    for n in plain_names.values():
        counts[n] = counts.get(n, 0) + 1
    seen: dict = {}
    names: dict[int, str] = {}
    units = []
    for i in troop_at:
        e = entries[i]
        tid = e.get(ENTRY_KEY)
        base = plain_names[i]
        seen[base] = seen.get(base, 0) + 1
        names[i] = f"{base} {seen[base]}" if counts[base] > 1 else base
        least = cat.unit_type_of(tid).min_stands if tid in cat.troops else 1
        u = {"name": names[i], "troop": tid, "stands": e.get("stands") or least}   # missing: reported by the shape
        for k in TROOP_KEYS:
            if e.get(k) is not None and k != "stands":
                u[k] = bool(e[k]) if k in ("shields", "command") else e[k]
        units.append(u)
    chars = []
    for i in char_at:
        e = entries[i]
        c = {"type": e.get(ENTRY_KEY)}
        for k, to in CHARACTER_KEYS.items():
            if e.get(k) not in (None, 0):
                c[to] = e[k]
        if "attached_to" in c:
            n = c["attached_to"]
            c["attached_to"] = names.get(n - 1, f"entry {n}") if isinstance(n, int) else str(n)
        chars.append(c)
    general = data.get("general")
    try:
        army = ArmyList.model_validate({
            "name": str(data.get("name") or "Army"), "points": data.get("points") or 0,
            "race": str(data.get("race") or ""), "general": {"name": str(general) if general else "General"},
            "author": str(data.get("author") or ""), "text": str(data.get("text") or ""),
            "characters": chars, "units": units})
    except ValidationError as e:
        raise ValueError("; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
                                   for err in e.errors())) from None
    return Roster(army, tuple(troop_at), tuple(char_at))


def judge(cat, data: dict, options=None) -> list[Problem]:
    """Every way a list (its plain data) breaks the army rules, each
    Problem's `where` a path in the file.  Assumes the shape is sound (the
    shared checks run first); a missing game size or race is theirs to
    report.  The playtest limitations apply when the list says
    `limitations: playtest` or `options` asks for them."""
    if not data.get("points") or not data.get("race"):
        return []
    try:
        r = read(cat, data)
    except ValueError as e:
        return [Problem(f"not a Battle Valor Fantasy army: {e}", "battle_valor_fantasy.txt § Building Your Army", ())]
    opts = dict(options or {})
    if data.get("limitations") == "playtest":
        opts["playtest"] = True
    return [Problem(p.reason, p.rule, r.where(p.where), p.incomplete) for p in validate_army(cat, r.army, opts)]


def summary(cat, data: dict) -> str:
    """"495 / 500 points, 9 units, 1 character"."""
    try:
        army = read(cat, {**data, "points": data.get("points") or 500}).army
    except ValueError:
        return "not a legal list yet"
    n_chars = len(army.characters)
    return (f"{army_points(cat, army)} / {data.get('points') or '?'} points, {len(army.units)} units, "
            f"{n_chars} character{'s' if n_chars != 1 else ''}")


def load_roster_yaml(path: str | Path):
    """A list file's YAML (lines kept), its size bounded first; DataError
    (`file:line: field: what`) if it cannot be read."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as e:
        raise DataError([f"{path}:0: cannot read file: {e.strerror}"]) from None
    if size > MAX_LIST_BYTES:
        raise DataError([f"{path}:0: (top): an army list is at most {MAX_LIST_BYTES} bytes (this one has {size})"])
    return load_yaml(path)
