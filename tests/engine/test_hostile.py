"""Broken and hostile inputs, for every game: every case exits non-zero with
a `file:line:` message (or an argparse error for command-line mistakes), no
traceback, within the time and memory limits of tests/hostile/runner.py.

The corpus is tests/hostile/: rules-script templates filled in for every
registered game, data cases for every game's data folder (plus
`<game>/<file it replaces>--<case>.yaml` for one game), Tiled maps; and
what cannot be stored: saves made from a real match of each game and then damaged, FIFOs,
device files, a zlib bomb and oversized files.  Hypothesis fuzzes saves and
scripts in-process the same way (only SaveError / ScriptError, each with a
`file:line:` message).
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import zlib
import base64
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from tiers import ROOT, examples, slow

CORPUS = ROOT / "tests" / "hostile"
GAMES = ("dice_wars", "uberdrakes", "dragonbond")       # fuzzed in-process; the corpus runs for every registered game
FILE_LINE = re.compile(r"^\S.*?:\d+: ", re.M)
ARGPARSE = re.compile(r"^(usage: |main\.py [a-z]+: error: |main\.py: error: |error: )", re.M)


def _save_text(game: str) -> str:
    """A real save of a few actions of `game`."""
    from engine.core.agents import RandomAgent
    from engine.core.match import Match
    from engine.core.rules import Setup
    from engine.core import registry
    rules = registry.get(game)
    m = Match(Setup(game, rules.min_players, seed=3, scenario=rules.scenarios()[0]))
    agent, rng = RandomAgent(rules), random.Random(3)
    for _ in range(12):
        if m.outcome() is not None:
            break
        legal = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(agent.choose(m.state, legal, rng), autosave=False)
    return m.save_text()


def _saves(game: str, folder: Path) -> list[Path]:
    """One damaged save per kind of fault."""
    good = _save_text(game)
    data = json.loads(good)
    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []

    def put(name: str, value) -> None:
        p = folder / f"{game}--{name}.json"
        if isinstance(value, bytes):
            p.write_bytes(value)
        else:
            p.write_text(value if isinstance(value, str) else json.dumps(value, indent=1))
        out.append(p)

    def edit(**changes):
        d = json.loads(good)
        for path, value in changes.items():
            node = d
            keys = path.split("__")
            for k in keys[:-1]:
                node = node[k]
            if value is _DROP:
                node.pop(keys[-1], None)
            else:
                node[keys[-1]] = value
        return d

    put("extra_rolls", edit(rolls=data["rolls"] + [6] * 20))
    put("no_fingerprint", edit(fingerprint=_DROP))
    put("shortened", edit(actions=data["actions"][:-3]))
    put("fewer_rolls", edit(rolls=data["rolls"][:-1]))
    put("roll_out_of_range", edit(rolls=[99] + data["rolls"][1:]))
    put("roll_zero", edit(rolls=[0] + data["rolls"][1:]))
    put("roll_a_bool", edit(rolls=[True] + data["rolls"][1:]))
    put("wrong_fingerprint", edit(fingerprint="x"))
    put("scenario_dev_zero", edit(setup__scenario="/dev/zero"))
    fifo = folder / f"{game}.fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    put("scenario_fifo", edit(setup__scenario=str(fifo)))
    put("scenario_unknown", edit(setup__scenario="atlantis"))
    put("scenario_a_number", edit(setup__scenario=5))
    put("players_zero", edit(setup__players=0))
    put("players_text", edit(setup__players="two"))
    put("seats_a_string", edit(setup__seats="human"))
    put("options_unknown", edit(setup__options={"turbo": True}))
    put("options_position", edit(setup__options={"position": {"units": []}}))
    put("options_armies_garbage", edit(setup__options={"armies": [{"entries": 5, "game": [1]}, "x" * 99]}))
    put("options_armies_a_path", edit(setup__options={"armies": ["/dev/zero", "/dev/zero"]}))
    put("game_unknown", edit(setup__game="chess"))
    put("game_a_list", edit(setup__game=["dice_wars"]))
    put("format_future", edit(format=99))
    put("action_kind_number", edit(actions=[{"kind": 5, "player": 0}] + data["actions"]))
    put("action_player_text", edit(actions=[{"kind": "pass", "player": "me"}] + data["actions"]))
    put("action_nested_params", edit(actions=[{"kind": "move", "player": 0, "uid": [[[[1]]]], "to": "x"}]))
    put("action_dict_param", edit(actions=[{"kind": "move", "player": 0, "to": {"a": 1}}]))
    put("action_a_string", edit(actions=["move"]))
    put("actions_a_dict", edit(actions={"a": 1}))
    put("rolls_a_string", edit(rolls="666"))
    put("infinity", good.replace('"rolls": [', '"rolls": [Infinity, ', 1))
    put("nan_seed", good.replace('"seed": ', '"seed": NaN, "x": ', 1))
    put("huge_integer", good.replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1))
    put("deep_nesting", good.replace('"options": ', '"options": ' + "[" * 100_000 + "]" * 100_000 + ', "x": ', 1))
    put("not_json", "this is not a save")
    put("truncated", good[:len(good) // 2])
    put("empty", "")
    put("a_list", "[1, 2, 3]")
    put("binary", bytes(range(256)) * 4)
    big = folder / f"{game}--oversized.json"
    with open(big, "wb") as f:
        f.truncate(17_000_000)                  # sparse: beyond MAX_SAVE_BYTES
    out.append(big)
    return out


class _Drop:
    pass


_DROP = _Drop()


def _zlib_bomb(path: Path) -> Path:
    """A 3x3 hex map whose terrain layer inflates to 64 MB."""
    comp = zlib.compressobj(9)
    chunk = b"\x01\x00\x00\x00" * (1 << 18)
    raw = b"".join(comp.compress(chunk) for _ in range(64)) + comp.flush()
    path.write_text(
        '<?xml version="1.0"?>\n<map orientation="hexagonal" width="3" height="3" tilewidth="64" tileheight="72" '
        'hexsidelength="36" staggeraxis="y" staggerindex="odd" infinite="0">\n'
        ' <tileset firstgid="1" name="t" tilewidth="64" tileheight="72" tilecount="1" columns="1">\n'
        '  <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>\n </tileset>\n'
        ' <layer name="terrain" width="3" height="3"><data encoding="base64" compression="zlib">'
        + base64.b64encode(raw).decode() + "</data></layer>\n</map>\n")
    return path


def _maps(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = sorted((CORPUS / "maps").iterdir())
    out.append(_zlib_bomb(folder / "zlib_bomb.tmx"))
    fifo = folder / "fifo_tileset.tsx"
    if not fifo.exists():
        os.mkfifo(fifo)
    p = folder / "tileset_fifo.tmx"
    p.write_text((CORPUS / "maps" / "tileset_dev_zero.tmx").read_text().replace("/dev/zero", str(fifo)))
    out.append(p)
    fifo_map = folder / "a_fifo.tmx"
    if not fifo_map.exists():
        os.mkfifo(fifo_map)
    out.append(fifo_map)
    zero = folder / "dev_zero.tmj"
    if not zero.exists():
        zero.symlink_to("/dev/zero")
    out.append(zero)
    big = folder / "oversized.tmx"
    with open(big, "wb") as f:
        f.truncate(9_000_000)
    out.append(big)
    return out


def _games() -> list:
    from engine.core import registry
    return registry.all_games()


def _scripts(folder: Path) -> list[Path]:
    """The script templates filled in for every registered game."""
    from engine.core.dice import SeededDice
    out = []
    for rules in _games():
        from engine.core.rules import Setup
        setup = Setup(rules.game_id, rules.min_players, seed=1, scenario=rules.scenarios()[0])
        state, _ = rules.initial_state(setup, SeededDice(1))
        first = rules.legal_actions(state)[0].to_dict()
        fill = {"GAME": rules.game_id, "PLAYERS": str(rules.min_players), "SCENARIO": rules.scenarios()[0],
                "ACTION": json.dumps(first)}
        home = folder / rules.game_id
        home.mkdir(parents=True, exist_ok=True)
        for t in sorted((CORPUS / "scripts").glob("*.yaml")):
            raw = t.read_bytes()
            for k, v in fill.items():
                raw = raw.replace(k.encode(), v.encode())
            (home / t.name).write_bytes(raw)
            out.append(home / t.name)
    return out


_NUMBER = re.compile(r"^(\s+[a-z_]+: )([0-9]+)[ \t]*$", re.M)
_NUMBER_CASES = {"ten_to_the_23": "100000000000000000000000", "a_trillion": "1000000000000",
                 "yes_for_a_number": "yes", "infinity": ".inf", "huge_integer": "9" * 5000}


def _data(folder: Path) -> list[Path]:
    """Each data case in a copy of its game's data folder (check reads the folder):
    the cases of tests/hostile/data/any/ and number cases for every game with data,
    then the cases of tests/hostile/data/<game>/."""
    out = []

    def place(game: str, target: str, case: str, content: bytes) -> None:
        home = folder / case / game
        if not home.exists():
            shutil.copytree(ROOT / "data" / game, home)
        (home / target).write_bytes(content)
        out.append(home / target)

    for rules in _games():
        game = rules.game_id
        files = sorted((ROOT / "data" / game).glob("*.yaml"))
        if not files or not hasattr(rules, "check_data"):
            continue
        for case in sorted((CORPUS / "data" / "any").glob("*.yaml")):
            place(game, files[0].name, case.stem, case.read_bytes())
        target = next((f for f in files if _NUMBER.search(f.read_text())), None)
        text = target.read_text() if target else ""
        for case, value in _NUMBER_CASES.items() if target else ():
            place(game, target.name, case, _NUMBER.sub(lambda m: m.group(1) + value, text, count=1).encode())
    for case in sorted((CORPUS / "data").glob("*/*--*.yaml")):
        target, name = case.name.split("--")
        place(case.parent.name, target, f"{target.removesuffix('.yaml')}-{name.removesuffix('.yaml')}",
              case.read_bytes())
    return out


def _command_lines(tmp: Path) -> list[list[str]]:
    lines = []
    for game in (g.game_id for g in _games()):
        lines += [
            ["simulate", game, "--players", "1"], ["simulate", game, "--players", "0"],
            ["simulate", game, "--players", "99"], ["simulate", game, "--games", "-5"],
            ["simulate", game, "--games", "1e9"], ["simulate", game, "--scenario", "atlantis"],
            ["simulate", game, "--scenario", "/dev/zero"], ["simulate", game, "--seats", "random,bogus"],
            ["simulate", game, "--ai", "bogus"], ["simulate", game, "--seed", "9" * 5000],
            ["render", game, "--size", "0x0", "--out", str(tmp / "x.png")],
            ["render", game, "--size", "huge", "--out", str(tmp / "x.png")],
            ["render", game, "--out", str(tmp)], ["render", game, "--out", str(tmp / "nowhere" / "x.png")],
            ["bench", game, "--frames", "0"], ["bench", game, "--seconds", "-1"],
            ["bench", game, "--scenario", "atlantis"], ["bench", game, "--players", "99"],
            ["judge", game, "--games", "0"], ["judge", game, "--players", "0"],
            ["judge", game, "--scenario", "atlantis"],
            ["play", game, "--scenario", "/dev/zero"], ["play", game, "--seats", "human,bogus"],
        ]
    lines += [["simulate", "chess"], ["play", "chess"], ["play", "--load", str(tmp / "missing.json")],
              ["script", str(tmp / "missing.yaml")], ["check", str(tmp / "missing.tmx")], ["frobnicate"]]
    # results files that are not a run's (left as they are), pictures nowhere, army lists of the wrong count
    fifo, notes = tmp / "results.fifo", tmp / "notes.txt"
    if not fifo.exists():
        os.mkfifo(fifo)
    notes.write_text("my notes\nthe last line")
    quick = ["--games", "1", "--workers", "1", "--quiet"]
    lines += [["simulate", "dice_wars", *quick, "--results", str(fifo)],
              ["judge", "dice_wars", *quick, "--results", str(notes)],
              ["simulate", "dice_wars", *quick, "--results", "/dev/zero"],
              ["judge", "dice_wars", *quick, "--plot", str(tmp / "nowhere" / "x.png")],
              ["simulate", "warbound", *quick, "--armies", ","],
              ["play", "warbound", "--armies", "directorate_starter,kaigen_starter,raiders_starter"]]
    return lines


def _run(cases: list[list[str]]) -> list[dict]:
    env = dict(os.environ, WARBENCH_HOME=str(Path(os.environ.get("WARBENCH_HOME", ROOT / ".pytest_cache"))))
    r = subprocess.run([sys.executable, str(CORPUS / "runner.py")], input=json.dumps(cases), capture_output=True,
                       text=True, cwd=ROOT, timeout=1800, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    return [json.loads(line) for line in r.stdout.splitlines()]


def _verdict(res: dict, cli: bool = False) -> str | None:
    """Why a result fails the bar, or None."""
    if res["killed"]:
        return "hung: killed after the wall-clock limit"
    if res["rc"] == 0:
        return "accepted (exit 0)"
    if res["rc"] < 0 or res["rc"] == 99:
        return f"crashed (exit {res['rc']})"
    if "Traceback" in res["out"]:
        return "traceback"
    if not FILE_LINE.search(res["out"]) and not (cli and ARGPARSE.search(res["out"])):
        return "no file:line: message"
    if len(res["out"]) > 20_000:
        return f"a message of {len(res['out'])} characters"
    return None


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    files = _scripts(tmp / "scripts")
    cases = [["script", str(p)] for p in files]
    cases += [["check", str(p)] for p in files if p.stem in ("empty", "a_list", "checks_nothing")]
    cases += [["check", str(p)] for p in _data(tmp / "data")]
    cases += [["check", str(p)] for p in _maps(tmp / "maps")]
    saves = [p for g in _games() for p in _saves(g.game_id, tmp / "saves")]
    cases += [["check", str(p)] for p in saves]
    cases += [["play", "--load", str(p)] for p in saves if p.stem.endswith(("extra_rolls", "scenario_fifo", "empty"))]
    cli = _command_lines(tmp)
    cases += cli
    out = _run(cases)
    assert len(out) == len(cases)
    return out, {tuple(c) for c in cli}


@slow
def test_every_hostile_input_gets_a_clear_message(results):
    out, cli = results
    bad = [f"{' '.join(r['argv'])[-160:]}: {why}\n    {r['out'][-400:]!r}"
           for r in out if (why := _verdict(r, tuple(r["argv"]) in cli))]
    assert not bad, f"{len(bad)} of {len(out)} cases fail:\n" + "\n".join(bad)


@slow
def test_the_corpus_covers_every_game(results):
    out, _ = results
    for rules in _games():
        game = rules.game_id
        runs = [" ".join(r["argv"]) for r in out]
        assert any(f"/scripts/{game}/" in r for r in runs), game
        assert any(f"/saves/{game}--" in r for r in runs), game
        assert any(r.startswith(("simulate " + game, "render " + game)) for r in runs), game
        if (ROOT / "data" / game).is_dir() and hasattr(rules, "check_data"):
            assert any(f"/{game}/" in r and "/data/" in r for r in runs), game


@slow
def test_save_checks_name_the_check_that_failed(results):
    out, _ = results
    said = {Path(r["argv"][-1]).stem.split("--")[1]: r["out"] for r in out
            if r["argv"][0] == "check" and r["argv"][-1].endswith(".json") and "--" in r["argv"][-1]}
    assert "rolls:" in said["extra_rolls"] and "extra results" in said["extra_rolls"]
    assert "fingerprint: required field is missing" in said["no_fingerprint"]
    assert "fingerprint:" in said["wrong_fingerprint"]
    assert "setup.scenario:" in said["scenario_dev_zero"] and "never opens a file" in said["scenario_dev_zero"]
    assert "rolls" in said["roll_out_of_range"]
    assert "Infinity" in said["infinity"]


@slow
def test_data_bounds_are_named(results):
    out, _ = results
    said = {r["argv"][-1]: r["out"] for r in out if "/data/" in r["argv"][-1]}
    for path, text in said.items():
        if "ten_to_the_23" in path:
            assert "too large" in text or "out of range" in text, (path, text)
        if "a_trillion" in path:
            assert "out of range" in text, (path, text)
        if "/empty/uberdrakes/" in path:
            assert "the file is empty" in text
    dangling = next(t for p, t in said.items() if "dangling_unit" in p)
    assert "unknown unit card 'nobody_at_all'" in dangling
    move_yes = next(t for p, t in said.items() if "move_yes" in p)
    assert "move:" in move_yes and "'yes'" in move_yes


def test_a_save_with_the_players_own_armies_loads(tmp_path):
    from engine.core.match import Match
    from engine.core.rules import Setup
    m = Match(Setup("dragonbond", 2, seed=2, scenario="valerna_crossing",
                    options={"armies": ["dawn_vanguard", "blood_vanguard"]}))
    m.save(tmp_path / "armies.json")
    assert Match.load(tmp_path / "armies.json").setup.options["armies"] == ["dawn_vanguard", "blood_vanguard"]


def test_temp_files_left_by_a_kill_are_removed_on_start(tmp_path):
    from engine.core.saves import cleanup_temp_files
    old = tmp_path / "autosave-dice_wars.json.abc123.tmp"
    old.write_text("{half a save")
    os.utime(old, (1, 1))
    fresh = tmp_path / "autosave-uberdrakes.json.def456.tmp"     # another window writing right now
    fresh.write_text("{")
    keep = tmp_path / "autosave-dice_wars.json"
    keep.write_text("{}")
    assert cleanup_temp_files(tmp_path) == 1
    assert not old.exists() and fresh.exists() and keep.exists()


def test_a_save_names_a_map_only_when_the_user_did(tmp_path):
    from engine.core.match import Match
    from engine.core.rules import Setup
    from engine.core.saves import SaveError, trust_map
    mine = tmp_path / "my_map.tmx"
    shutil.copy(ROOT / "assets" / "maps" / "dice_wars" / "balanced.tmx", mine)
    for name in ("terrain.tsx",):
        src = ROOT / "assets" / "maps" / "dice_wars" / name
        if src.exists():
            shutil.copy(src, tmp_path / name)
    m = Match(Setup("dice_wars", 2, seed=4, scenario=str(mine)))
    path = tmp_path / "save.json"
    m.save(path)
    with pytest.raises(SaveError, match="setup.scenario: .* never opens a file"):
        Match.load(path)
    trust_map(mine)                          # as `main.py play --load save.json --scenario my_map.tmx` does
    assert Match.load(path).setup.scenario == str(mine)


# ---- fuzzing, in-process: only the loaders' own errors, each with file:line --------

_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)
_GOOD_SAVE: dict = {}


def _good_save() -> dict:
    if not _GOOD_SAVE:
        _GOOD_SAVE.update(json.loads(_save_text("dice_wars")))
    return json.loads(json.dumps(_GOOD_SAVE))


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(key=st.sampled_from(["format", "setup", "actions", "rolls", "fingerprint", "setup.players", "setup.seed",
                            "setup.scenario", "setup.seats", "setup.options", "actions.0", "actions.0.kind",
                            "actions.0.player", "actions.0.to", "rolls.0"]),
       value=_JSON, cut=st.integers(0, 400))
def test_fuzzed_saves_are_refused_with_a_message(tmp_path_factory, key, value, cut):
    from engine.core.match import Match
    from engine.core.saves import SaveError
    data = _good_save()
    node, parts = data, key.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    last = parts[-1]
    if isinstance(node, list):
        if int(last) < len(node):
            node[int(last)] = value
    else:
        node[last] = value
    text = json.dumps(data)
    if cut % 3 == 0:
        text = text[:len(text) - cut]
    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_text(text)
    try:
        Match.load(path)
    except SaveError as e:
        assert FILE_LINE.match(str(e)), str(e)


_SCRIPT_VALUES = _JSON | st.sampled_from(["A1", "nobody", "fire", "balanced", "pass", "move", "end_deploy"])


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(GAMES), key=st.sampled_from(["setup", "players", "seed", "scenario", "options",
                                                          "position", "dice", "actions", "action", "kind",
                                                          "player", "param", "expect", "after", "winners",
                                                          "log_contains", "state"]),
       value=_SCRIPT_VALUES)
def test_fuzzed_scripts_are_refused_with_a_message(tmp_path_factory, game, key, value):
    import yaml
    from engine.commands.script import ScriptError, run_script
    from engine.core.catalog import DataError
    from engine.core import registry
    rules = registry.get(game)
    script: dict = {"game": game, "setup": {"players": rules.min_players, "scenario": rules.scenarios()[0]},
                    "actions": [{"kind": "pass", "player": 0}], "expect": [{"winners": None}]}
    if key in ("setup", "dice", "actions", "expect"):
        script[key] = value
    elif key in ("players", "seed", "scenario", "options", "position"):
        script["setup"][key] = value
    elif key == "action":
        script["actions"] = [value]
    elif key in ("kind", "player"):
        script["actions"][0][key] = value
    elif key == "param":
        script["actions"][0]["to"] = value
    elif key == "after":
        script["expect"][0]["after"] = value
    elif key == "state":
        script["expect"][0][{"dice_wars": "units", "uberdrakes": "dragons", "dragonbond": "units"}[game]] = value
    else:
        script["expect"][0][key] = value
    path = tmp_path_factory.mktemp("fuzz") / "script.yaml"
    path.write_text(yaml.safe_dump(script))
    try:
        report = run_script(path)
    except (ScriptError, DataError) as e:
        assert FILE_LINE.match(str(e)), str(e)
    else:
        assert all(FILE_LINE.match(f) for f in report["failures"]), report["failures"]
