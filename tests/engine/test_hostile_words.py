"""Hostile files are refused in the reader's words, not Python's.

Real files of every game (saves, scripts with custom positions, army lists,
a table map) are mutated line by line, seeded: a number swapped for a list,
text or 1e308, a line dropped or doubled, a name swapped for another.  Each
mutant is loaded in-process as `main.py check` and `script` load it.  What
is refused must say `file:line: field: what` without Python's own wording
("int() argument must be ...", "'NoneType' object ...", a bare KeyError's
key, pydantic's "1 validation error for ArmyList").  The words come from
engine/core/malformed.py, engine/core/fields.py and the loaders.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tiers import ROOT, depths

from engine.core import fields, malformed

FILE_LINE = re.compile(r"^\S.*?:\d+: \S")
JARGON = re.compile(r"\b(int|float)\(\)|object has no attribute|NoneType|not supported between instances|"
                    r"unhashable type|index out of range|invalid literal|could not convert|validation errors? for|"
                    r"errors\.pydantic\.dev|Traceback|object is not (subscriptable|iterable|callable)|"
                    r"cannot check this file")         # check's last resort: a loader let an exception through
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_WORD = re.compile(r"[a-z_]{3,}")
_SWAPS = ("[1, 2]", "{a: 1}", "null", "x", "1e308", "-1", "99999999999", "1.5", "true", "[]")


def mutate(text: str, rng: random.Random) -> str:
    """One line-level change of the kind people and fuzzers make."""
    lines = text.split("\n")
    k = rng.randrange(6)
    if k == 0:
        del lines[rng.randrange(len(lines))]
    elif k == 1:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif k in (2, 3):
        nums = list(_NUMBER.finditer(text))
        if nums:
            m = rng.choice(nums)
            return text[:m.start()] + rng.choice(_SWAPS) + text[m.end():]
    elif k == 4:
        words = list(_WORD.finditer(text))
        if words:
            m, other = rng.choice(words), rng.choice(words)
            return text[:m.start()] + other.group() + text[m.end():]
    else:
        i = rng.randrange(len(lines))
        lines[i] = "  " + lines[i]
    return "\n".join(lines)


def _save(game: str, scenario: str | None = None) -> str:
    from engine.commands.tools import busy_match
    return busy_match(game, 5, turns=2, scenario=scenario).save_text()


def _seeds() -> list[tuple[str, str, str]]:
    """(name, text, suffix) of the files mutated."""
    out = []
    for game in ("dice_wars", "dragonbond", "uberdrakes", "warbound", "battle_valor_fantasy"):
        out.append((f"{game} save", _save(game), ".json"))
    for rel in ("tests/scripts/battle_valor_fantasy/apothecary_saves.yaml",
                "tests/scripts/battle_valor_fantasy/alliance_private_orders.yaml",
                "tests/scripts/dice_wars/archer_high_ground.yaml",
                "tests/scripts/dragonbond/charge_example.yaml",
                "tests/scripts/uberdrakes/caves.yaml",
                "tests/scripts/warbound/armor_example.yaml",
                "data/battle_valor_fantasy/lists/elf_court_1000.yaml",
                "data/dragonbond/lists/blood_host.yaml",
                "data/warbound/lists/raiders_starter.yaml",
                "data/battle_valor_fantasy/tutorials/05_charges.yaml",
                "data/dragonbond/tutorials/05_charge.yaml",
                "assets/maps/battle_valor_fantasy/thornby_village.tmx"):
        out.append((rel, (ROOT / rel).read_text(), Path(rel).suffix))
    return out


def _messages(path: Path, kind: str) -> list[str]:
    """What `main.py check` or `script` would print for the file (its refusals)."""
    from engine.commands.check import check_path
    from engine.commands.script import ScriptError, run_script
    from engine.core.catalog import DataError
    if kind == "script":
        try:
            return run_script(path)["failures"]
        except (ScriptError, DataError) as e:
            return [str(p) for p in getattr(e, "problems", [str(e)])]
    return check_path(path)


@pytest.fixture(scope="module")
def seeds():
    return _seeds()


@pytest.mark.parametrize("mutants", depths(4, 30))
def test_mutated_files_are_refused_in_words(seeds, tmp_path, mutants):
    rng = random.Random(20261128)
    seen = 0
    for name, text, suffix in seeds:
        kind = "script" if name.startswith("tests/scripts/") else "check"
        for n in range(mutants):
            mutant = text
            for _ in range(rng.choice((1, 1, 2))):
                mutant = mutate(mutant, rng)
            folder = tmp_path / f"m{n}" / Path(name).parent.name    # a lesson is known by its folder
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"m{n}{suffix}"
            path.write_text(mutant)
            for msg in _messages(path, kind):
                seen += 1
                assert FILE_LINE.match(msg), f"{name} mutant {n}: no file:line: {msg}"
                assert not JARGON.search(msg), f"{name} mutant {n}: Python's words: {msg}"
    assert seen > 5 * mutants          # the mutants were refused often enough to mean something


# ---- the words themselves ---------------------------------------------------------------

def _raised(fn) -> Exception:
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return e
    raise AssertionError("did not raise")


def test_an_error_is_told_by_its_own_words_not_by_reading_pythons():
    """Our readers raise in the data's words, and explain passes them on;
    Python's own messages are never parsed (issue 37): a boundary that lets
    a wrong value through to a conversion is a missing check, not a job for
    a regex."""
    from engine.core.fields import FieldError
    assert malformed.explain(FieldError("position.current: a whole number was expected")) == \
        "position.current: a whole number was expected"
    assert not hasattr(malformed, "re")


def test_a_missing_field_and_an_unknown_name_are_told_apart():
    action = {"uid": 7, "spell": "fireblast"}
    assert malformed.explain(KeyError("target"), action) == "target: required field is missing"
    assert malformed.explain(KeyError("fireblast"), action) == "spell: 'fireblast' names nothing in this game"
    assert malformed.explain(KeyError(7), action) == "uid: 7 names nothing in this game"
    assert malformed.explain(KeyError("dice")) == "'dice' names nothing in this game"


def test_field_readers_bound_and_name_what_they_read():
    fs = fields.Fields({"at": [3, "x"], "facing": 1e308, "files": 2.0, "hidden": "yes", "orders": ["fire", 3]},
                       "position.units[2]")
    for read, words in ((lambda: fs.point("at"), "position.units[2].at[1]: a number was expected, not 'x'"),
                        (lambda: fs.number("facing", 0.0, -360, 360),
                         "position.units[2].facing: 1e+308 is out of range"),
                        (lambda: fs.flag("hidden"), "position.units[2].hidden: true or false was expected, not 'yes'"),
                        (lambda: fs.texts("orders"), "position.units[2].orders: a list of names was expected"),
                        (lambda: fs.whole("player"), "position.units[2].player: required field is missing"),
                        (lambda: fs.one_of("formation", ("line", "column"), "line") and fields.Fields(
                            {"formation": "blob"}, "u").one_of("formation", ("line", "column")),
                         "u.formation: one of line, column was expected, not 'blob'")):
        with pytest.raises(fields.FieldError) as info:
            read()
        assert str(info.value).startswith(words), str(info.value)
    assert fs.whole("files", 1, 1, 4) == 2          # 2.0 is a whole number
    assert fs.whole("seat", 0) == 0                 # the default when absent
    with pytest.raises(fields.FieldError, match="a mapping was expected"):
        fields.Fields([1, 2], "position")


@pytest.mark.parametrize("change, words", [
    (("learner: 0", "learner: inf"), "learner: a whole number was expected, not 'inf'"),
    (("learner: 0", "learner: [0]"), "learner: a whole number was expected"),
    (("players: 2", "players: many"), "setup.players: a whole number was expected, not 'many'"),
    (("scenario: ", "seed: [1]\n  scenario: "), "setup.seed: a whole number was expected, not <a list of 1 item>"),
    (("scenario: border_skirmish", "scenario: [border_skirmish]"), "setup.scenario: text was expected"),
])
def test_a_hostile_lesson_is_refused_with_its_field(tmp_path, change, words):
    from engine.core.catalog import DataError
    from engine.core.lessons import Lesson
    text = (ROOT / "data/dragonbond/tutorials/05_charge.yaml").read_text()
    old, new = change
    assert old in text
    folder = tmp_path / "tutorials"
    folder.mkdir()
    path = folder / "lesson.yaml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        Lesson(path).start()
    msg = "\n".join(info.value.problems)
    assert FILE_LINE.match(msg) and not JARGON.search(msg), msg
    assert words in msg, msg


def test_pydantic_words_for_a_value_where_fields_belong():
    from pydantic import BaseModel, ValidationError
    from engine.core.catalog import error_words

    class Troop(BaseModel):
        attacks: int

    class Bestiary(BaseModel):
        troop: Troop

    for value, words in ((3, "a mapping of fields was expected, not 3"),
                         (None, "a mapping of fields was expected, not nothing")):
        with pytest.raises(ValidationError) as info:
            Bestiary.model_validate({"troop": value})
        assert error_words(info.value.errors()[0]) == words
    with pytest.raises(ValidationError) as info:
        Troop.model_validate({"attacks": None})
    assert error_words(info.value.errors()[0]).endswith("(got nothing)")


def test_a_list_field_holding_a_list_says_what_it_holds(tmp_path):
    from engine.core.army_lists import check_list_file
    text = (ROOT / "data/battle_valor_fantasy/lists/human_500.yaml").read_text()
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "broken.yaml"
    path.write_text(re.sub(r"stands: \d+", "stands: [1, 2]", text, count=1))
    msgs = check_list_file(path)
    assert any(re.search(r"\.stands: a name or number was expected, not <a list of 2 items>", m) for m in msgs), msgs


def test_shared_readers_for_names_lists_unknown_fields_and_parsed_values():
    fs = fields.Fields({"card": "gandalf", "chars": {"a": 1}, "relics": [[], [], []], "at": "north", "zz": 1},
                       "position")
    cases = ((lambda: fs.only({"card", "chars", "relics", "at"}), "position: unknown field 'zz' (known: at, card,"),
             (lambda: fields.known(fs.at("card"), fs.raw["card"], {"rohna", "copp"}, "Character"),
              "position.card: unknown Character 'gandalf' (known: copp, rohna)"),
             (lambda: fs.items("chars"), "position.chars: a list was expected, not <a mapping of 1 entry>"),
             (lambda: fs.items("relics", most=2, per="one per player"),
              "position.relics: at most 2 entries (one per player), not 3"),
             (lambda: fs.parsed("at", lambda v: int(v) if v.isdigit() else (_ for _ in ()).throw(ValueError("a hex"))),
              "position.at: a hex"),
             (lambda: fs.parsed("to", str), "position.to: required field is missing"))
    for read, words in cases:
        with pytest.raises(fields.FieldError) as info:
            read()
        assert str(info.value).startswith(words), str(info.value)
    assert fields.known("x", None, {"a"}, none=True) is None
    assert fs.items("missing") == [] and fs.parsed("missing", int, 7) == 7


def test_a_refused_position_field_is_reported_at_its_own_line(tmp_path):
    from engine.commands.script import ScriptError, run_script
    assert fields.position_path("position.units[3].at[0][1]: a number was expected") == \
        ["position", "units", 3, "at", 0, 1]
    assert fields.position_path("position.stock.Kuzeyköy: given twice") == ["position", "stock", "Kuzeyköy"]
    assert fields.position_path("setup: something else") == []
    path = tmp_path / "script.yaml"
    path.write_text("game: battle_valor_fantasy\nsetup:\n  scenario: border_march\n  position:\n    phase: combat\n"
                    "    units:\n      - {name: a, at: [30, 20], unit: {troop: infantry, stands: 4}}\n"
                    "      - {name: b, player: 1, at: [30, 30], facing: north, unit: {troop: infantry, stands: 4}}\n"
                    "expect:\n  - {winners: null}\n")
    with pytest.raises(ScriptError) as info:
        run_script(path)
    assert str(info.value).startswith(f"{path}:8: setup: position.units[1].facing: a number was expected, "
                                      "not 'north'"), str(info.value)


def test_a_lessons_setup_field_is_reported_at_its_own_line(tmp_path):
    from engine.core.catalog import DataError
    from engine.core.lessons import Lesson
    text = (ROOT / "data/dragonbond/tutorials/05_charge.yaml").read_text().replace("players: 2", "players: two", 1)
    line = text.split("\n").index("  players: two") + 1
    (tmp_path / "tutorials").mkdir()
    path = tmp_path / "tutorials" / "lesson.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        Lesson(path).start()
    assert info.value.problems[0].startswith(f"{path}:{line}: setup.players: "), info.value.problems


@pytest.mark.parametrize("content, words", [
    (b"\xff\xfe\x00garbage", "not a readable save: not UTF-8 text"),
    (b'{"format": 1, "setup": [1,2', "not a readable save: not JSON (expecting ',' delimiter at line 1)"),
    (b'{"format": 1}', "not a readable save: setup: required field is missing"),
    (b'{"format": 1, "setup": {"game": "dice_wars", "players": [2]}}', "not a readable save: setup.players: expected a number of players"),
])
def test_an_unreadable_game_in_progress_is_listed_in_words(tmp_path, content, words):
    from engine.core.sessions import read_entry
    path = tmp_path / "dice_wars-20261128-020000-000001.json"
    path.write_bytes(content)
    problem = read_entry(path).problem
    assert problem.startswith(f"{path.name}: {words}"), problem
    assert not JARGON.search(problem) and "Error" not in problem, problem
