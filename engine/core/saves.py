"""Save files: atomic JSON writes and careful reading.

A save holds the setup (game, seed, scenario, options), the action list,
every die result rolled (so a replay needs no RNG agreement), the data
version, and a fingerprint of the final state.  Loading replays the actions
and checks the fingerprint agrees: a save that does not replay is reported,
never silently accepted.

A save is untrusted (players exchange them).  It is read through
`engine.core.limits` (a regular file of bounded size), parsed as strict
JSON (no Infinity or NaN, no integer longer than MAX_INT_DIGITS, no
nesting deeper than MAX_DEPTH), and checked field by field before replay:
`validate_save` here, the replay itself in `Match.from_save`.  A save is
valid only if replay consumes exactly its rolls and its fingerprint (a
required field) agrees.  Its `setup.scenario` is a name from the game's
own list, never a path to open, unless the user named that map on the
command line (`trust_map`).
"""
from __future__ import annotations

import json
import re
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.data_folder import default_dir, remove_temp_files, write_atomic  # noqa: F401 - default_dir re-exported
from engine.core.limits import (MAX_INT_DIGITS, MAX_SAVE_BYTES, BoundError, cut, cut_text, json_constant, json_int,
                                read_text_bounded, too_deep)
from engine.core import guided
from engine.core.rulings import ruling_problems, rulings_of

if TYPE_CHECKING:
    from engine.core.game import Game

# A parsed save (read_save checked format, setup, actions and rolls; it adds
# "_text", the file's text, for line numbers): a JSON object, read field by field.
SaveData = dict[str, Any]
# An action's dict form (Action.to_dict: kind, player and its parameters), as a save holds it.
ActionDict = dict[str, Any]

SAVE_FORMAT = 3               # 2: the fingerprint is of every declared state field (engine/core/state_fields.py);
                              # 3: UberDrakes' queued rulings are typed values (games/uberdrakes/rules/jobs.py)
READ_FORMATS = (1, 2, 3)      # 1: made before the fingerprint covered every field (its fingerprint is not compared)
MAX_ROLL = 1_000_000          # the largest die (or deck) a game rolls is far smaller
_trusted_maps: set[str] = set()


class SaveError(Exception):
    pass


class ReplayStopped(SaveError):
    """A save whose actions stop following the rules at `index` (of `total`):
    made by an earlier version whose rules differ there (or altered).  The
    actions before it are legal: `Match.load(..., recover=True)` opens the
    game as it stood just before it (sessions.recover_as_new)."""

    def __init__(self, message: str, index: int, total: int, reason: str):
        super().__init__(message)
        self.index = index
        self.total = total
        self.reason = reason


def atomic_write(path: str | Path, text: str) -> None:
    """Write so that a crash or kill mid-write leaves the old file intact:
    write a temp file in the same folder, fsync, then rename over.  In the
    data folder no link is followed (engine/core/data_folder.py)."""
    write_atomic(path, text.encode("utf-8"))


def trust_map(path: str | Path) -> str:
    """Allow saves to name this map file as their scenario: the user gave it
    on the command line.  Returns the path as saves will hold it."""
    _trusted_maps.add(os.path.realpath(str(path)))
    return str(path)


def scenario_problem(rules: Game, scenario: object) -> str | None:
    """Why a save's scenario is refused, or None: a name from the game's
    list, or a map file the user named on the command line."""
    names = list(rules.scenarios())
    if not isinstance(scenario, str):
        return f"expected a scenario name, got {cut(scenario)}"
    if scenario in names or scenario == "":          # "": the game's first scenario
        return None
    if scenario and os.path.realpath(scenario) in _trusted_maps:
        return None
    known = ", ".join(names) or "none"
    return (f"{cut(scenario)} is not a scenario of this game (known: {known}); a save names a scenario, "
            "it never opens a file (a map of your own: give it with --scenario on the command line)")


def option_problem(rules: Game, key: Any, value: Any, players: int) -> str | None:
    """Why a setup option from a file (save or script) is refused, or None.
    Options are the game's own (`rules.options()`, with a value of the
    default's type and among the choices), `rulings` (house rulings, checked
    by the caller with engine/core/rulings.py) or, for a game that plays the
    shared army lists (engine/core/army_lists.py), `armies`: one list per
    player (an id, a list's plain data, or null), which the game validates
    when it sets up; `guided`, the installed guided first game it is
    (engine/core/guided.py: the file holds its position).  Anything else (a
    `position`, a path) is refused: a save cannot smuggle in a state or a file."""
    if key == guided.KEY:
        return guided.problem(rules, value)
    specs = {o.key: o for o in rules.options()}
    lists = rules.army_lists                    # plays the shared army lists (army_lists.supports_lists)
    if key == "armies" and key not in specs and lists:
        if not isinstance(value, list) or len(value) > players or not all(
                v is None or isinstance(v, dict) or (isinstance(v, str) and 0 < len(v) < 100) for v in value):
            return f"armies: expected one army per player (a name, an army list, or null), got {cut(value)}"
        return None
    spec = specs.get(key)
    if spec is None:
        known = list(specs) + (["armies"] if lists else []) + ["rulings", guided.KEY]
        return f"unknown option {cut(key)} (known: {', '.join(known) or 'none'})"
    if type(value) is not type(spec.default) or (spec.choices and value not in spec.choices):
        choices = ", ".join(map(str, spec.choices)) if spec.choices else "true or false"
        return f"{key}: {cut(value)} is not one of {cut_text(choices, 300)}"
    return None


def army_problem(rules: Game, army: object) -> str | None:
    """Why one seat's army in a save is refused (`field: what`), or None.
    A save's army list is checked as strictly as a list file
    (engine/core/army_lists.py: its shape, then the game's own limits): a
    game may set up a list its limits refuse, and a save must not smuggle
    one in.  A name (a shipped list) is the game's to look up; null is the
    default army."""
    from engine.core import army_lists
    from engine.core.catalog import DataError, field_name
    if army is None or isinstance(army, str):
        return None
    if not isinstance(army, dict) or not army_lists.supports_lists(rules):
        return f"(list): expected an army list (game, name and entries), a list's name or null, got {cut(army)}"
    try:
        al = army_lists.from_data(army)
    except DataError as e:
        return re.sub(r"^<list>:\d+: ", "", e.problems[0]) if e.problems else "(list): not an army list"
    if al.game != rules.game_id:
        return f"game: this list is for {cut(al.game)}, not {rules.game_id!r}"
    for p in army_lists.problems_of(al, rules)[:1]:
        return f"{field_name(p.where)}: {cut_text(str(p), 400)}"
    return None


def version_problem(rules: Game, version: Any) -> str | None:
    """Why a save's `data_version` is refused, or None: a save made by a
    newer Warbench (its game's data changed since this build) is named,
    never replayed against older data.  A save without one is older than
    the field."""
    ours = str(rules.data_version)
    if version is None:
        return None
    if type(version) not in (int, str) or not re.fullmatch(r"[0-9]{1,40}", str(version)):
        return f"expected a version number such as {ours!r}, got {cut(version)}"
    if ours.isdigit() and int(version) > int(ours):
        return (f"this save was made with data version {cut_text(str(version), 40)} of {rules.title}; this build "
                f"has data version {ours}: open it with a newer Warbench")
    return None


def cleanup_temp_files(folder: str | Path, older_than: float = 60.0) -> int:
    """Remove the temp files (`*.tmp`) an interrupted `atomic_write` left in a
    folder of the data folder (kill -9 between writing and renaming); returns
    how many.  Files younger than `older_than` seconds may be another
    window's write in flight; a folder reached through a link is left alone."""
    return remove_temp_files(folder, older_than)


def read_save(path: str | Path) -> SaveData:
    """Parse a save file or raise SaveError naming the file, line and field."""
    path = Path(path)
    try:
        text = read_text_bounded(path, MAX_SAVE_BYTES, "save")
    except BoundError as e:
        raise SaveError(str(e)) from None
    try:
        data = json.loads(text, parse_int=json_int, parse_constant=json_constant)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}:{e.lineno}: not valid JSON: {e.msg} (column {e.colno})") from None
    except ValueError as e:        # from parse_int / parse_constant: find the line
        raise SaveError(f"{path}:{_line_of_value_error(text, e)}: not a valid save: {cut_text(str(e), 200)}") from None
    except RecursionError:
        raise SaveError(f"{path}:1: (top): nested too deeply to be a save") from None
    if too_deep(data):
        raise SaveError(f"{path}:1: (top): nested too deeply to be a save")
    if not isinstance(data, dict):
        raise SaveError(f"{path}:1: (top): a save is a JSON object")
    for key, typ in (("format", int), ("setup", dict), ("actions", list), ("rolls", list)):
        if key not in data:
            raise SaveError(f"{path}:1: {key}: required field is missing")
        if not isinstance(data[key], typ):
            raise SaveError(f"{path}:{_line_of_key(text, key)}: {key}: expected {typ.__name__}")
    if data["format"] not in READ_FORMATS:
        raise SaveError(f"{path}:{_line_of_key(text, 'format')}: format: version {data['format']} is not supported "
                        f"(this build reads versions {', '.join(map(str, READ_FORMATS))}; a newer Warbench made it)")
    for key in ("game", "players"):
        if key not in data["setup"]:
            raise SaveError(f"{path}:{_line_of_key(text, 'setup')}: setup.{key}: required field is missing")
    data["_text"] = text
    return data


def _line_of_value_error(text: str, e: ValueError) -> int:
    msg = str(e)
    for needle in ("Infinity", "-Infinity", "NaN"):
        if msg.startswith(needle):
            i = text.find(needle)
            return text.count("\n", 0, i) + 1 if i >= 0 else 1

    m = re.search(r"-?[0-9]{%d,}" % (MAX_INT_DIGITS + 1), text)
    return text.count("\n", 0, m.start()) + 1 if m else 1


def _line_of_key(text: str, key: str) -> int:
    i = text.find(f'"{key}"')
    return text.count("\n", 0, i) + 1 if i >= 0 else 1


def action_lines(data: SaveData) -> list[int]:
    """The line of every action in a save's text, in one pass (the writer
    puts each action on its own line; a hand-edited save gets best effort)."""
    text = data.get("_text", "")
    start = text.find('"actions"')
    if start < 0:
        return []
    line = text.count("\n", 0, start) + 1
    lines = []
    for row in text[start:].split("\n"):
        lines.extend([line] * row.count('"kind"'))
        line += 1
    return lines


def action_line(data: SaveData, index: int) -> int:
    """Best-effort line of the index-th action in a save's text."""
    lines = data.get("_action_lines")
    if lines is None:
        lines = data["_action_lines"] = action_lines(data)
    if 0 <= index < len(lines):
        return lines[index]
    return _line_of_key(data.get("_text", ""), "actions")


def validate_save(data: SaveData, name: str, rules: Game) -> None:
    """Field-by-field checks of a parsed save against its game, before replay."""
    text = data.get("_text", "")
    setup = data["setup"]

    def where(key: str) -> str:
        return f"{name}:{_line_of_key(text, key)}: setup.{key}"

    players = setup.get("players")
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise SaveError(f"{where('players')}: expected {rules.min_players} to {rules.max_players} players, "
                        f"got {cut(players)}")
    if type(setup.get("seed", 0)) is not int:
        raise SaveError(f"{where('seed')}: expected an integer, got {cut(setup.get('seed'))}")
    problem = scenario_problem(rules, setup.get("scenario", ""))
    if problem:
        raise SaveError(f"{where('scenario')}: {problem}")
    seats = setup.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(x, str) and len(x) < 100 for x in seats) \
            or len(seats) not in (0, players):
        raise SaveError(f"{where('seats')}: expected one seat name (human or a computer player) per player")
    options = setup.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(f"{where('options')}: expected a mapping of the game's options")
    for key, value in options.items():
        if key == "rulings":             # house rulings: {ruling_id: reading}
            for _, problem in ruling_problems(rulings_of(rules), value)[:1]:
                raise SaveError(f"{where('options')}: rulings: {problem}")
            continue
        problem = option_problem(rules, key, value, players)
        if problem:
            raise SaveError(f"{where('options')}: {problem}")
    for i, army in enumerate(options.get("armies") or ()):
        problem = army_problem(rules, army)
        if problem:
            raise SaveError(f"{name}:{_line_of_key(text, 'armies')}: setup.options: armies[{i}]: {problem}")
    problem = version_problem(rules, data.get("data_version"))
    if problem:
        raise SaveError(f"{name}:{_line_of_key(text, 'data_version')}: data_version: {problem}")
    for i, r in enumerate(data["rolls"]):
        if type(r) is not int or not 1 <= r <= MAX_ROLL:
            raise SaveError(f"{name}:{_line_of_key(text, 'rolls')}: rolls[{i}]: a die result is a whole "
                            f"number from 1 up, got {cut(r)}")
    fp = data.get("fingerprint")
    if fp is not None and not isinstance(fp, str):
        raise SaveError(f"{name}:{_line_of_key(text, 'fingerprint')}: fingerprint: expected text, got {cut(fp)}")


def in_progress_dir() -> Path:
    """One autosave per unfinished match (engine/core/sessions.py)."""
    return default_dir() / "in_progress"


def history_dir() -> Path:
    """Finished matches: their saves, with log and result, for replay."""
    return default_dir() / "history"


def filed_path(path: Path, finished: bool) -> Path:
    """Where a match's autosave belongs: a finished match's autosave moves
    from the games in progress to the history (and back if undone)."""
    path = Path(path)
    try:
        folder = path.parent.resolve()
        if finished and folder == in_progress_dir().resolve():
            return history_dir() / path.name
        if not finished and folder == history_dir().resolve():
            return in_progress_dir() / path.name
    except OSError:
        pass
    return path


PRIVATE = "private"


def mark_private(action: ActionDict, names: Iterable[str]) -> ActionDict:
    """An action's dict for a save with the parameters that would reveal a
    hidden choice (a mulligan's discards) moved under "private": nothing
    that lists or summarises saves shows them; replay merges them back."""
    hidden = [n for n in names if n in action and n not in ("kind", "player")]
    if not hidden:
        return action
    out = {k: v for k, v in action.items() if k not in hidden}
    out[PRIVATE] = {n: action[n] for n in hidden}
    return out


def unmark_private(action: ActionDict) -> ActionDict:
    """The action's full dict again (the inverse of mark_private)."""
    if not isinstance(action, dict) or not isinstance(action.get(PRIVATE), dict):
        return action
    out = {k: v for k, v in action.items() if k != PRIVATE}
    out.update({k: v for k, v in action[PRIVATE].items() if k not in ("kind", "player")})
    return out
