"""Army lists (engine/core/army_lists.py): the shared mechanism every game
with army building plugs into, checked on every game that offers lists.

Golden lists: tests/lists/<game>/<name>.yaml is a broken list and
<name>.expected the exact problems `main.py check` prints for it (paths
relative to the repository)."""
import subprocess
import sys

import pytest

from engine.core import army_lists as AL
from engine.core import registry
from engine.core.catalog import DataError
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from tiers import ROOT, slow

GOLDEN = sorted((ROOT / "tests" / "lists").glob("*/*.yaml"))
LIST_GAMES = [g.game_id for g in registry.all_games() if AL.supports_lists(g)]


@pytest.mark.parametrize("path", GOLDEN, ids=[f"{p.parent.name}/{p.stem}" for p in GOLDEN])
def test_golden_list_errors(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    got = AL.check_list_file(path.relative_to(ROOT))
    want = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    assert got == want
    assert got, "a golden list shows problems"
    for line in got:                      # file:line: field: what
        file, line_no, rest = line.split(":", 2)
        assert file == str(path.relative_to(ROOT)) and int(line_no) > 0 and ": " in rest


@pytest.mark.parametrize("game", LIST_GAMES)
def test_shipped_lists_are_legal_varied_and_enough(game):
    files = sorted(AL.shipped_dir(game).glob("*.yaml"))
    assert len(files) >= 4
    lists = [AL.load_list(f) for f in files]
    for al in lists:
        assert al.game == game
        assert AL.list_problems(al) == [], al.path
    assert len({tuple(sorted(str(sorted(e.items())) for e in al.entries)) for al in lists}) == len(lists)


@pytest.mark.parametrize("game", LIST_GAMES)
def test_catalog_offers_what_lists_use(game):
    rules = registry.get(game)
    ac = rules.army_catalog()
    assert ac.game == game and ac.picks
    for p in ac.picks:
        for s in p.slots:
            assert s.options or s.most >= s.least
    for al in (AL.load_list(f) for f in AL.shipped_dir(game).glob("*.yaml")):
        for e in al.entries:
            assert ac.pick(e[ac.entry_key]) is not None


@pytest.mark.parametrize("game", LIST_GAMES)
def test_round_trip_and_user_folder(game, tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path))
    src = AL.load_list(sorted(AL.shipped_dir(game).glob("*.yaml"))[0])
    mine = src.with_changes(name="My own list!", path="", data=None)
    path = AL.save_list(mine, header="saved by a test")
    assert path.parent == tmp_path / "lists" / game and path.name == "my_own_list.yaml"
    back = AL.load_list(path)
    assert back.to_dict() == mine.to_dict()
    assert AL.list_problems(back) == []
    assert AL.list_files(game)[0] == path                  # saved lists first
    names = [al.name for al, probs in AL.available(game)]
    assert "My own list!" in names and src.name in names


def test_structure_errors_have_lines(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("game: dragonbond\nentries: 3\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        AL.load_list(f)
    assert f"{f}:1: name: required field is missing" in e.value.problems
    assert f"{f}:2: entries: expected a list of picks" in e.value.problems
    f.write_text("game: [\n", encoding="utf-8")
    assert AL.check_list_file(f)[0].startswith(f"{f}:")
    f.write_text("game: chess\nname: x\nentries: [{}]\n", encoding="utf-8")
    assert AL.check_list_file(f) == [f"{f}:1: game: unknown game 'chess'; known: "
                                     + ", ".join(sorted(g.game_id for g in registry.all_games()))]


def test_armies_option_checks_game_and_count(tmp_path):
    shipped = AL.shipped_dir("dragonbond")
    opts = AL.armies_option(f"{shipped / 'dawn_patrol.yaml'},blood_patrol", "dragonbond", 2)
    assert [o["name"] for o in opts] == ["Dawnspire patrol", "Blood Dominion patrol"]
    with pytest.raises(DataError, match="one list per player"):
        AL.armies_option("dawn_patrol", "dragonbond", 2)
    with pytest.raises(DataError, match="has no army lists"):
        AL.armies_option("dawn_patrol,blood_patrol", "dice_wars")
    with pytest.raises(DataError, match="this list is for 'dragonbond'"):
        from engine.core import army_lists
        fake = type("R", (), {"title": "X", "army_lists": True, "army_catalog": 0, "army_problems": 0})()
        orig = army_lists._rules
        army_lists._rules = lambda g: fake
        try:
            AL.armies_option(str(shipped / "dawn_patrol.yaml"), "other")
        finally:
            army_lists._rules = orig


def test_a_list_reaches_the_table():
    rules = registry.get("dragonbond")
    opts = AL.armies_option("dawn_patrol,blood_vanguard", "dragonbond", 2)
    state, _ = rules.initial_state(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                                         options={"armies": opts}), SeededDice(3))
    mine = sorted(u.card for u in state.units.values() if u.owner == 0)
    theirs = sorted(u.card for u in state.units.values() if u.owner == 1)
    assert mine == sorted(e["unit"] for e in opts[0]["entries"])
    assert theirs == sorted(e["unit"] for e in opts[1]["entries"])


@slow
def test_cli_check_list_and_armies_flag(tmp_path):
    bad = ROOT / "tests" / "lists" / "dragonbond" / "everything_wrong.yaml"
    r = subprocess.run([sys.executable, "main.py", "check", str(bad)], capture_output=True, text=True, cwd=ROOT,
                       timeout=300)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{bad}:11: entries[2].captain: Commander Leonise already leads unit 2" in r.stdout
    good = AL.shipped_dir("dragonbond") / "dawn_vanguard.yaml"
    r = subprocess.run([sys.executable, "main.py", "check", str(good)], capture_output=True, text=True, cwd=ROOT,
                       timeout=300)
    assert r.returncode == 0, r.stdout
    r = subprocess.run([sys.executable, "main.py", "simulate", "dragonbond", "--games", "1", "--scenario",
                        "border_skirmish", "--armies", f"{bad},blood_patrol"], capture_output=True, text=True,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "everything_wrong.yaml:11:" in r.stderr
    r = subprocess.run([sys.executable, "main.py", "simulate", "dragonbond", "--games", "1", "--scenario",
                        "border_skirmish", "--json", "--armies", "dawn_patrol,blood_patrol"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr


WARBOUND = ("directorate_starter", "kaigen_starter", "raiders_starter")


@pytest.mark.parametrize("armies, words", [
    (",".join(WARBOUND), "Warbound (Exploration) is for 2 players, got 3 lists"),
    ("directorate_starter", "Warbound (Exploration) is for 2 players, got 1 list"),
    (",", "an empty name"),
    ("directorate_starter,", "an empty name"),
    ("directorate_starter,,kaigen_starter", "an empty name"),
    (" ", "an empty name"),
])
@pytest.mark.parametrize("command", ["play", "simulate", "judge"])
def test_armies_of_the_wrong_count_are_refused_before_any_game(command, armies, words, capsys, monkeypatch):
    """`--armies a,b,c` for a 2-player game started a 3-player game that Resume then refused; `,` played
    the default decks.  Refused like any argparse mistake (exit 2), before a window or a game."""
    from engine.commands.cli import main
    import engine.ui.app as app_mod
    monkeypatch.setattr(app_mod, "run_app", lambda *a: pytest.fail("a game started"))
    tail = ("--games", "1", "--workers", "1", "--quiet") if command != "play" else ()
    with pytest.raises(SystemExit) as e:
        main([command, "warbound", "--armies", armies, *tail])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "argument --armies: " in err and words in err and "Traceback" not in err, err


def test_armies_must_agree_with_the_players_and_seats_given(capsys):
    from engine.commands.cli import main
    for args in (["simulate", "dragonbond", "--players", "3", "--armies", "dawn_patrol,blood_patrol"],
                 ["simulate", "dragonbond", "--seats", "random,random,random", "--armies", "dawn_patrol,blood_patrol"],
                 ["judge", "dragonbond", "--players", "3", "--armies", "dawn_patrol,blood_patrol"]):
        with pytest.raises(SystemExit) as e:
            main(args + ["--games", "1", "--quiet"])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "argument --armies: " in err and "3 players, got 2 lists" in err, err


def test_a_match_of_a_number_of_players_the_game_does_not_take_is_never_started():
    from engine.core import sessions
    from engine.core.match import Match
    from engine.core.rules import Setup
    with pytest.raises(ValueError, match=r"Warbound \(Exploration\) is for 2 players, not 3"):
        Match(Setup("warbound", 3, seed=1, seats=("human",) * 3))
    before = set(sessions.in_progress_dir().glob("*.json")) if sessions.in_progress_dir().exists() else set()
    with pytest.raises(ValueError):
        sessions.new_match("warbound", seats=["human"] * 3)
    after = set(sessions.in_progress_dir().glob("*.json")) if sessions.in_progress_dir().exists() else set()
    assert after == before                 # no autosave a Resume would refuse
