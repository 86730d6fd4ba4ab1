"""Rules scripts: a game, a setup (or a custom position), forced dice,
actions and expectations, run headless.  Format: docs/scripts.md."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.core import registry
from engine.core.actions import Action
from engine.core.catalog import DataError, load_yaml, line_at
from engine.core.dice import DiceExhausted, ScriptedDice
from engine.core.match import Match
from engine.core.rules import Illegal, Setup

TOP_KEYS = {"game", "title", "source", "setup", "dice", "actions", "expect"}


class ScriptError(Exception):
    pass


def run_script(path: str | Path) -> dict:
    """Run a script file; returns the report (with `failures`)."""
    name = str(path)
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise ScriptError(f"{name}:1: (top): a script is a mapping")
    for k in data:
        if k not in TOP_KEYS:
            raise ScriptError(f"{name}:{line_at(data, [k])}: {k}: unknown field (known: {', '.join(sorted(TOP_KEYS))})")
    if "game" not in data:
        raise ScriptError(f"{name}:1: game: required field is missing")
    try:
        rules = registry.get(data["game"])
    except KeyError as e:
        raise ScriptError(f"{name}:{line_at(data, ['game'])}: game: {e.args[0]}") from None
    st = data.get("setup") or {}
    if not isinstance(st, dict):
        raise ScriptError(f"{name}:{line_at(data, ['setup'])}: setup: expected a mapping")
    options = dict(st.get("options") or {})
    if "position" in st:
        options["position"] = _plain(st["position"])
    setup = Setup(data["game"], int(st.get("players", rules.min_players)), int(st.get("seed", 1)),
                  st.get("scenario", rules.scenarios()[0]), (), options)
    dice_list = data.get("dice") or []
    if not all(isinstance(d, int) for d in dice_list):
        raise ScriptError(f"{name}:{line_at(data, ['dice'])}: dice: a list of die results (integers)")
    dice = ScriptedDice(list(dice_list), seed=setup.seed, strict=False)
    try:
        match = Match(setup, dice=dice)
    except (ValueError, KeyError) as e:
        raise ScriptError(f"{name}:{line_at(data, ['setup'])}: setup: {e}") from None
    report = {"script": name, "game": setup.game, "steps": [], "failures": []}
    report["steps"].append({"action": None, "events": [e.to_dict() for e in match.log[0].events]})
    expects = data.get("expect") or []
    for i, raw in enumerate(data.get("actions") or []):
        where = f"{name}:{line_at(data, ['actions', i])}: actions[{i}]"
        if not isinstance(raw, dict):
            raise ScriptError(f"{where}: expected a mapping with kind and player")
        raw = dict(raw)
        want_refusal = raw.pop("refused", None)
        try:
            params = {k: _convert(rules, match.state, k, v) for k, v in raw.items()}
            action = Action.from_dict(params)
        except (ValueError, KeyError, TypeError) as e:
            raise ScriptError(f"{where}: {e}") from None
        try:
            events = match.submit(action, autosave=False)
        except Illegal as e:
            if want_refusal is None:
                report["failures"].append(f"{where}: refused: {e}")
                break
            if str(want_refusal).lower() not in str(e).lower():
                report["failures"].append(f"{where}: refused as expected, but with {str(e)!r}, not {want_refusal!r}")
            report["steps"].append({"action": action.to_dict(), "refused": str(e)})
            continue
        except DiceExhausted as e:
            raise ScriptError(f"{where}: {e}") from None
        if want_refusal is not None:
            report["failures"].append(f"{where}: expected a refusal ({want_refusal!r}) but it was allowed")
        report["steps"].append({"action": action.to_dict(), "text": match.log[-1].text,
                                "events": [e.to_dict() for e in events]})
        _expect(rules, match, expects, i, name, data, report)
    _expect(rules, match, expects, None, name, data, report)
    report["final"] = rules.script_state(match.state) if hasattr(rules, "script_state") else {}
    out = match.outcome()
    report["outcome"] = {"winners": list(out.winners), "reason": out.reason, "rule": out.rule} if out else None
    return report


def _plain(v):
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def _convert(rules, state, key, value):
    if hasattr(rules, "script_param") and key not in ("kind", "player"):
        return rules.script_param(state, key, value)
    return value


def _expect(rules, match, expects, index, name, data, report) -> None:
    for j, e in enumerate(expects):
        if not isinstance(e, dict):
            raise ScriptError(f"{name}:{line_at(data, ['expect', j])}: expect[{j}]: expected a mapping")
        if e.get("after") != index:
            continue
        where = f"{name}:{line_at(data, ['expect', j])}: expect[{j}]"
        for key, want in e.items():
            if key == "after":
                continue
            if key == "winners":
                out = match.outcome()
                got = sorted(out.winners) if out else None
                if got != (sorted(want) if want is not None else None):
                    report["failures"].append(f"{where}: winners: expected {want}, got {got}")
            elif key == "log_contains":
                texts = [ev.text for le in match.log for ev in le.events] + [le.text for le in match.log]
                for frag in (want if isinstance(want, list) else [want]):
                    if not any(frag.lower() in t.lower() for t in texts):
                        report["failures"].append(f"{where}: log_contains: no log line contains {frag!r}")
            elif hasattr(rules, "script_check"):
                for problem in rules.script_check(match.state, key, _plain(want)):
                    report["failures"].append(f"{where}: {key}: {problem}")
            else:
                report["failures"].append(f"{where}: {key}: unknown expectation")


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
