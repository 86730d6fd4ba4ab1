"""Rules scripts: a game, a setup (or a custom position), forced dice,
actions and expectations, run headless.  Format: docs/scripts.md."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.core import malformed, registry
from engine.core.actions import Action
from engine.core.catalog import DataError, line_at, load_yaml, plain
from engine.core.dice import DiceExhausted, ScriptedDice
from engine.core.fields import position_path
from engine.core.limits import cut, cut_text
from engine.core.saves import MAX_ROLL, option_problem
from engine.core.match import Match
from engine.core.overrides import OverrideRefused
from engine.core.rules import Illegal, Setup
from engine.core.rulings import ruling_problems, rulings_of

TOP_KEYS = {"game", "title", "source", "setup", "dice", "actions", "expect"}


class ScriptError(Exception):
    pass


def _int(value, name: str, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ScriptError(f"{where}: {name}: expected a whole number from {low} to {high}, got {cut(value)}")
    return value


def run_script(path: str | Path) -> dict:
    """Run a script file; returns the report (with `failures`).  A malformed
    script raises ScriptError (`file:line: field: problem`), never anything
    else; a script that checks nothing is malformed."""
    name = str(path)
    data = load_yaml(path)
    if data is None:
        raise ScriptError(f"{name}:1: (top): the file is empty: a script is a mapping with game, actions and expect")
    if not isinstance(data, dict):
        raise ScriptError(f"{name}:{getattr(data, 'line', 1)}: (top): a script is a mapping with game, "
                          f"actions and expect, not a {'list' if isinstance(data, list) else type(data).__name__}")
    for k in data:
        if k not in TOP_KEYS:
            raise ScriptError(f"{name}:{line_at(data, [k])}: {cut(k)}: unknown field (known: {', '.join(sorted(TOP_KEYS))})")

    def at(*loc) -> str:
        return f"{name}:{line_at(data, list(loc))}"

    if "game" not in data:
        raise ScriptError(f"{name}:1: game: required field is missing")
    if not isinstance(data["game"], str):
        raise ScriptError(f"{at('game')}: game: expected a game id, got {cut(data['game'])}")
    try:
        rules = registry.get(data["game"])
    except KeyError as e:
        raise ScriptError(f"{at('game')}: game: {cut_text(str(e.args[0]), 300)}") from None
    setup, dice = _setup(rules, data, name, at)
    actions = _list(data, "actions", at)
    expects = _list(data, "expect", at)
    for j, e in enumerate(expects):
        if not isinstance(e, dict):
            raise ScriptError(f"{at('expect', j)}: expect[{j}]: expected a mapping")
        after = e.get("after")
        if after is not None and (type(after) is not int or not 0 <= after < len(actions)):
            last = f"the last action is {len(actions) - 1}" if actions else "the script has no actions"
            raise ScriptError(f"{at('expect', j, 'after')}: expect[{j}].after: {cut(after)} is not an action "
                              f"index ({last}), so this would never be checked")
        if len(e) == (1 if "after" in e else 0):
            raise ScriptError(f"{at('expect', j)}: expect[{j}]: expects nothing")
    refusals = [a for a in actions if isinstance(a, dict) and "refused" in a]
    if not expects and not refusals:
        raise ScriptError(f"{at()}: expect: the script checks nothing (give `expect:` entries or "
                          "`refused:` actions); a script that checks nothing would always pass")
    try:
        match = Match(setup, dice=dice)
    except ScriptError:
        raise
    except DiceExhausted as e:
        raise ScriptError(f"{at('dice')}: dice: {e}") from None
    except Exception as e:  # noqa: BLE001 - a position or setup the game refuses
        why = _why(e)
        raise ScriptError(f"{at('setup', *position_path(why))}: setup: {why}") from None
    report = {"script": name, "game": setup.game, "steps": [], "failures": []}
    report["steps"].append({"action": None, "events": [e.to_dict() for e in match.log[0].events]})
    for i, raw in enumerate(actions):
        where = f"{at('actions', i)}: actions[{i}]"
        if not isinstance(raw, dict):
            raise ScriptError(f"{where}: expected a mapping with kind and player")
        raw = dict(raw)
        want_refusal = raw.pop("refused", None)
        note = raw.pop("override", None)
        if note is not None and (not isinstance(note, str) or not note.strip()):
            raise ScriptError(f"{where}: override: expected the group's note (text), got {cut(note)}")
        if "undo" in raw:
            _undo_step(match, raw, want_refusal, where, report, setup.players)
            _expect(rules, match, expects, i, at, report)
            continue
        if not isinstance(raw.get("kind"), str):
            raise ScriptError(f"{where}: kind: expected an action name, got {cut(raw.get('kind'))}")
        _int(raw.get("player"), "player", where, 0, setup.players - 1)
        try:
            params = {k: _convert(rules, match.state, k, v) for k, v in raw.items()}
            action = Action.from_dict(params)
        except Exception as e:  # noqa: BLE001 - a parameter the game cannot read
            raise ScriptError(f"{where}: {_why(e, raw)}") from None
        if note is not None:
            if not _override_step(match, action, note, want_refusal, where, report):
                break
            _expect(rules, match, expects, i, at, report)
            continue
        try:
            events = match.submit(action, autosave=False)
        except Illegal as e:
            if want_refusal is None:
                report["failures"].append(f"{where}: refused: {e}")
                break
            if str(want_refusal).lower() not in str(e).lower():
                report["failures"].append(f"{where}: refused as expected, but with {str(e)!r}, not {cut(want_refusal)}")
            report["steps"].append({"action": action.to_dict(), "refused": str(e)})
            continue
        except DiceExhausted as e:
            raise ScriptError(f"{where}: {e}") from None
        except Exception as e:  # noqa: BLE001 - parameters of the wrong shape reach the rules
            raise ScriptError(f"{where}: the rules cannot read this action: {_why(e, raw)}") from None
        if want_refusal is not None:
            report["failures"].append(f"{where}: expected a refusal ({cut(want_refusal)}) but it was allowed")
        report["steps"].append({"action": action.to_dict(), "text": match.log[-1].text,
                                "events": [e.to_dict() for e in events]})
        _expect(rules, match, expects, i, at, report)
    _expect(rules, match, expects, None, at, report)
    report["final"] = rules.script_state(match.state)
    out = match.outcome()
    report["outcome"] = {"winners": list(out.winners), "reason": out.reason, "rule": out.rule} if out else None
    return report


def _why(e: Exception, values: dict | None = None) -> str:
    return malformed.explain(e, values)


def _list(data: dict, key: str, at) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScriptError(f"{at(key)}: {key}: expected a list, got {cut(value)}")
    return value


def _setup(rules, data: dict, name: str, at) -> tuple[Setup, ScriptedDice]:
    st = data.get("setup")
    if st is None:
        st = {}
    if not isinstance(st, dict):
        raise ScriptError(f"{at('setup')}: setup: expected a mapping")
    for k in st:
        if k not in ("players", "seed", "scenario", "options", "position"):
            raise ScriptError(f"{at('setup', k)}: setup.{cut(k)}: unknown field "
                              "(known: players, seed, scenario, options, position)")
    players = _int(st.get("players", rules.min_players), "setup.players", at("setup", "players"),
                   rules.min_players, rules.max_players)
    seed = _int(st.get("seed", 1), "setup.seed", at("setup", "seed"), 0, 2 ** 63)
    scenario = st.get("scenario", rules.scenarios()[0])
    names = list(rules.scenarios())
    if scenario not in names:
        raise ScriptError(f"{at('setup', 'scenario')}: setup.scenario: {cut(scenario)} is not a scenario of "
                          f"this game (known: {', '.join(names)})")
    raw_options = st.get("options") or {}
    if not isinstance(raw_options, dict):
        raise ScriptError(f"{at('setup', 'options')}: setup.options: expected a mapping")
    for k, v in raw_options.items():
        if k == "rulings":                 # house rulings: {ruling_id: reading}, checked here for the line
            for rid, problem in ruling_problems(rulings_of(rules), v):
                where = at("setup", "options", "rulings", rid) if rid else at("setup", "options", "rulings")
                raise ScriptError(f"{where}: setup.options.rulings: {problem}")
            continue
        problem = option_problem(rules, k, v, players)
        if problem:
            raise ScriptError(f"{at('setup', 'options', k)}: setup.options: {problem}")
    options = dict(raw_options)
    if "position" in st:
        if not isinstance(st["position"], dict):
            raise ScriptError(f"{at('setup', 'position')}: setup.position: expected a mapping")
        options["position"] = plain(st["position"])
    dice_list = _list(data, "dice", at)
    for i, d in enumerate(dice_list):
        _int(d, f"dice[{i}]", at("dice", i), 1, MAX_ROLL)
    dice = ScriptedDice(list(dice_list), seed=seed, strict=False)
    return Setup(data["game"], players, seed, scenario, (), options), dice


def _undo_step(match, raw: dict, want_refusal, where: str, report: dict, players: int) -> None:
    """`- {undo: true, player: N}`: player N presses undo; with `refused:
    "text"` the undo must be refused with a reason containing the text."""
    extra = set(raw) - {"undo", "player"}
    if raw.get("undo") is not True or extra:
        raise ScriptError(f"{where}: an undo step is {{undo: true, player: N}} (optionally refused: \"text\")"
                          + (f"; unknown field {cut(sorted(map(str, extra))[0])}" if extra else ""))
    player = _int(raw.get("player"), "player", where, 0, players - 1)
    why = match.undo_refusal(player)
    if why is not None:
        if want_refusal is None:
            report["failures"].append(f"{where}: undo refused: {why}")
        elif str(want_refusal).lower() not in why.lower():
            report["failures"].append(f"{where}: undo refused as expected, but with {why!r}, not {cut(want_refusal)}")
        report["steps"].append({"undo": player, "refused": why})
        return
    if want_refusal is not None:
        report["failures"].append(f"{where}: expected the undo to be refused ({cut(want_refusal)}) but it was allowed")
    n = len(match.actions)
    match.undo(player)
    report["steps"].append({"undo": player, "undone": n - len(match.actions)})


def _override_step(match, action, note: str, want_refusal, where: str, report: dict) -> bool:
    """`override: "note"` on an action: the group allows it against the
    rules' refusal (every human seat agrees; engine/core/overrides.py).
    With `refused: "text"` the override itself must be refused.  False
    stops the script (an override that should have worked did not)."""
    try:
        events = match.override(action, note, match.humans(), autosave=False)
    except OverrideRefused as e:
        if want_refusal is None:
            report["failures"].append(f"{where}: override refused: {e}")
            return False
        if str(want_refusal).lower() not in str(e).lower():
            report["failures"].append(f"{where}: override refused as expected, but with {str(e)!r}, "
                                      f"not {cut(want_refusal)}")
        report["steps"].append({"action": action.to_dict(), "override": note, "refused": str(e)})
        return True
    except DiceExhausted as e:
        raise ScriptError(f"{where}: {e}") from None
    if want_refusal is not None:
        report["failures"].append(f"{where}: expected the override to be refused ({cut(want_refusal)}) "
                                  "but it was allowed")
    report["steps"].append({"action": action.to_dict(), "override": note, "text": match.log[-1].text,
                            "events": [e.to_dict() for e in events]})
    return True


def _convert(rules, state, key, value):
    value = plain(value)         # a YAML list keeps line numbers; an action holds a plain list (then a tuple)
    if key not in ("kind", "player"):
        return rules.script_param(state, key, value)
    return value


def _expect(rules, match, expects, index, at, report) -> None:
    for j, e in enumerate(expects):
        if e.get("after") != index:
            continue
        where = f"{at('expect', j)}: expect[{j}]"
        for key, want in e.items():
            if key == "after":
                continue
            if key == "winners":
                if want is not None and (not isinstance(want, list) or not all(type(w) is int for w in want)):
                    raise ScriptError(f"{where}: winners: expected a list of player numbers or null, got {cut(want)}")
                out = match.outcome()
                got = sorted(out.winners) if out else None
                if got != (sorted(want) if want is not None else None):
                    report["failures"].append(f"{where}: winners: expected {want}, got {got}")
            elif key == "log_contains":
                frags = want if isinstance(want, list) else [want]
                if not frags or not all(isinstance(f, str) and f for f in frags):
                    raise ScriptError(f"{where}: log_contains: expected text or a list of texts, got {cut(want)}")
                texts = [ev.text for le in match.log for ev in le.events] + [le.text for le in match.log]
                for frag in frags:
                    if not any(frag.lower() in t.lower() for t in texts):
                        report["failures"].append(f"{where}: log_contains: no log line contains {cut(frag)}")
            else:
                try:
                    problems = rules.script_check(match.state, key, plain(want))
                except Exception as ex:  # noqa: BLE001 - an expectation of the wrong shape
                    raise ScriptError(f"{where}: {cut(key)}: cannot read this expectation: {_why(ex)}") from None
                for problem in problems:
                    report["failures"].append(f"{where}: {key}: {cut_text(str(problem), 300)}")


def script_cmd(path: str) -> int:
    try:
        report = run_script(path)
    except (ScriptError, DataError) as e:
        print(str(e), file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2, default=str))
    for f in report["failures"]:
        print(f, file=sys.stderr)
    return 1 if report["failures"] else 0
