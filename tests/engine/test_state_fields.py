"""Every game's state, by its declared fields (engine/core/state_fields.py).

After random play in every game, at several points of each game:
- a clone equals its original, with the same fingerprint;
- changing anything in the clone (every list, dict, set and dataclass it
  holds, every number and word in them) leaves the original alone: a
  hand-written copy() that shares a list fails here;
- changing any compared field changes the fingerprint: a field left out by
  mistake (compare=False or SHARED on something the game changes) fails.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from engine.commands.simulate import play_out
from engine.core import registry
from engine.core.agents import RandomAgent
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from engine.core.state_fields import compared_fields, fingerprint, state_text
from tiers import TESTS, depths

GAMES = [g.game_id for g in registry.all_games()]


def _bumped(value):
    """A different value of the same kind, or None when there is none."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "~"
    return None


def _mutate_everywhere(value, seen: set) -> int:
    """Change every mutable thing reachable from value in place; the count changed."""
    if id(value) in seen:
        return 0
    seen.add(id(value))
    changed = 0
    if isinstance(value, list):
        for i, item in enumerate(value):
            new = _bumped(item)
            if new is not None:
                value[i] = new
            else:
                changed += _mutate_everywhere(item, seen)
        value.append("~added~")
        changed += 1
    elif isinstance(value, dict):
        for key in list(value):
            new = _bumped(value[key])
            if new is not None:
                value[key] = new
            else:
                changed += _mutate_everywhere(value[key], seen)
        value["~added~"] = 1
        changed += 1
    elif isinstance(value, set):
        value.add("~added~")
        changed += 1
    elif isinstance(value, tuple):
        for item in value:
            changed += _mutate_everywhere(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = type(value).__dataclass_params__.frozen
        for name in compared_fields(type(value)):
            item = getattr(value, name)
            new = _bumped(item)
            if new is not None and not frozen:
                setattr(value, name, new)
                changed += 1
            else:
                changed += _mutate_everywhere(item, seen)
    return changed


def _leaf_paths(value, path=(), out=None):
    """Paths (field names, keys, indexes) to every number, word and None in compared fields."""
    out = [] if out is None else out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            for name in compared_fields(type(value)):
                item = getattr(value, name)
                if _bumped(item) is not None or item is None:
                    out.append(path + (("attr", name),))
                else:
                    _leaf_paths(item, path + (("attr", name),), out)
    elif isinstance(value, (list, dict)):
        for key in (range(len(value)) if isinstance(value, list) else list(value)):
            item = value[key]
            if _bumped(item) is not None:
                out.append(path + (("item", key),))
            else:
                _leaf_paths(item, path + (("item", key),), out)
    return out


def _change_at(state, path) -> None:
    *head, (how, key) = path
    holder = state
    for step_how, step_key in head:
        holder = getattr(holder, step_key) if step_how == "attr" else holder[step_key]
    old = getattr(holder, key) if how == "attr" else holder[key]
    new = _bumped(old) if old is not None else "~was none~"
    if how == "attr":
        setattr(holder, key, new)
    else:
        holder[key] = new


def _positions(game: str, games: int, every: int):
    """States met in random games, every `every` actions."""
    rules = registry.get(game)
    out = []
    for i in range(games):
        setup = Setup(game, rules.min_players, seed=300 + i, scenario=rules.scenarios()[i % len(rules.scenarios())])
        count = [0]

        def step(state, action, legal):
            count[0] += 1
            if count[0] % every == 0:
                out.append(rules.clone(state))
        play_out(rules, setup, [RandomAgent(rules) for _ in range(rules.max_players)], max_actions=1500, on_step=step)
        if not count[0] // every:              # a short game: its first position still counts
            state, _ = rules.initial_state(setup, SeededDice(setup.seed))
            out.append(state)
    return rules, out


@pytest.mark.parametrize("depth", depths((1, 40), (4, 15)))
@pytest.mark.parametrize("game", GAMES)
def test_a_clone_is_equal_and_independent_and_every_field_is_fingerprinted(game, depth):
    games, every = depth
    rules, positions = _positions(game, games, every)
    assert positions, "random play met no position"
    rng = random.Random(7)
    for original in positions:
        before = state_text(original)
        clone = rules.clone(original)
        assert clone == original and fingerprint(clone) == fingerprint(original)

        assert _mutate_everywhere(clone, set()) > 0
        after = state_text(original)
        if after != before:
            at = next(i for i, (x, y) in enumerate(zip(before, after)) if x != y)
            pytest.fail(f"changing the clone changed the original (a copy() shares something): ...{before[at - 120:at + 40]}")

        paths = _leaf_paths(original)
        for path in rng.sample(paths, min(25, len(paths))):
            changed = rules.clone(original)
            _change_at(changed, path)
            assert fingerprint(changed) != fingerprint(original), f"the fingerprint misses {path}"


def test_a_field_the_fingerprint_cannot_read_is_an_error_not_a_guess():
    """A state holding an object of no declared kind raises (the shared
    test above would fail), rather than being fingerprinted by its repr."""
    @dataclasses.dataclass
    class Odd:
        thing: object

    with pytest.raises(TypeError, match="fingerprint cannot read"):
        fingerprint(Odd(object()))


def _played_save(tmp_path):
    from engine.core.match import Match
    rules = registry.get("dice_wars")
    match = Match(Setup("dice_wars", 2, seed=5, scenario=rules.scenarios()[0]))
    rng = random.Random(5)
    for _ in range(30):
        match.submit(rng.choice([a for a in match.legal_actions() if a.player == match.to_act()]), autosave=False)
    return match, match.to_save()


def test_a_save_whose_fingerprint_disagrees_is_refused_and_an_older_one_still_loads(tmp_path):
    """Format 2 on fingerprints every declared field: a save whose fingerprint
    disagrees with its replay is refused.  A format-1 save (made by an
    older version, with the old kind of fingerprint) still loads, its
    actions and rolls replayed and checked one by one; a newer format is
    refused in words."""
    import json
    from engine.core.match import Match
    from engine.core.saves import SaveError
    match, data = _played_save(tmp_path)
    assert data["format"] == 3 and data["fingerprint"] == fingerprint(match.state)
    path = tmp_path / "game.json"

    path.write_text(json.dumps(dict(data, fingerprint="0123456789abcdef")))
    with pytest.raises(SaveError, match="fingerprint: the replayed game does not agree"):
        Match.load(path)

    path.write_text(json.dumps(dict(data, format=1, fingerprint="made-by-version-1")))
    assert fingerprint(Match.load(path).state) == fingerprint(match.state)

    # Dice Wars' fingerprint is the same in format 2: compared there too
    path.write_text(json.dumps(dict(data, format=2, fingerprint="0123456789abcdef")))
    with pytest.raises(SaveError, match="fingerprint: the replayed game does not agree"):
        Match.load(path)
    path.write_text(json.dumps(dict(data, format=2)))
    assert fingerprint(Match.load(path).state) == fingerprint(match.state)

    path.write_text(json.dumps(dict(data, format=4)))
    with pytest.raises(SaveError, match="format: version 4 is not supported .*a newer Warbench made it"):
        Match.load(path)


@pytest.mark.parametrize("game, fixture, queued", [
    ("uberdrakes", "uberdrakes_format2_queued_rulings.json", "jobs"),
    ("dragonbond", "dragonbond_format2_frames.json", "frames"),
])
def test_a_save_from_before_its_queue_was_typed_still_loads(tmp_path, game, fixture, queued):
    """A save of format 2, made by the build before the game's queue of
    rulings to run became typed values (games/uberdrakes/rules/jobs.py,
    games/dragonbond/rules/frames.py), saved while rulings waited on a decision:
    its fingerprint is of the old text, so it is not compared
    (Game.fingerprint_since), and the game loads with every action and
    roll replayed and checked, the rulings still queued."""
    import json
    import shutil
    from engine.core.match import Match
    old = TESTS / "fixtures" / fixture
    data = json.loads(old.read_text())
    assert data["format"] == 2 and data["setup"]["game"] == game
    match = Match.load(shutil.copy(old, tmp_path / "old.json"))
    assert data["fingerprint"] != fingerprint(match.state)       # the old text: comparing it would refuse the save
    waiting = getattr(match.state, queued)
    assert waiting and all(dataclasses.is_dataclass(job) for job in waiting)
    assert registry.get(game).fingerprint_since == 3
    assert match.to_save()["format"] == 3


def test_a_queue_of_frozen_values_is_shared_item_by_item_by_a_copy():
    """A list declared of a union of frozen dataclasses (a queue's jobs)
    is copied as a list, its items shared (they cannot change)."""
    from games.dragonbond.rules.frames import Casualties, DoMove
    rules = registry.get("dragonbond")
    state, _ = rules.initial_state(Setup("dragonbond", 2, seed=1, scenario=rules.scenarios()[0]), SeededDice(1))
    state.frames = [DoMove(1, ((0.0, 0.0),), (0,), "move"), Casualties()]
    copy = state.copy()
    assert copy.frames == state.frames and copy.frames is not state.frames and copy.frames[0] is state.frames[0]


def test_a_derived_copy_copies_as_deep_as_the_declarations_say():
    from engine.core.state_fields import BY_METHOD, FRESH, KEEP, SHARED, copyable

    @dataclasses.dataclass(frozen=True)
    class Card:
        name: str

    class Draft:
        def __init__(self, tiles):
            self.tiles = tiles

        def copy(self):
            return Draft(list(self.tiles))

        def __eq__(self, other):
            return self.tiles == other.tiles

    @copyable
    @dataclasses.dataclass
    class Piece:
        hp: int
        marks: list[str]

    @copyable
    @dataclasses.dataclass
    class Position:
        board: object = dataclasses.field(default=None, metadata=SHARED)
        card: Card = dataclasses.field(default=Card("x"), metadata=KEEP)
        pieces: dict[int, Piece] = dataclasses.field(default_factory=dict)
        frames: list[tuple[str, dict]] = dataclasses.field(default_factory=list)
        notes: list[list] = dataclasses.field(default_factory=list)
        draft: object = dataclasses.field(default=None, metadata=BY_METHOD)
        cache: dict = dataclasses.field(default_factory=dict, compare=False, metadata=FRESH)

    board = object()
    p = Position(board, Card("y"), {1: Piece(3, ["a"])}, [("go", {"n": 1})], [[1]], Draft([1]), {"k": 1})
    q = p.copy()
    assert q == p and q.board is board and q.card is p.card and q.cache == {}
    q.pieces[1].marks.append("b")
    q.frames[0][1]["n"] = 2
    q.notes[0].append(2)
    q.draft.tiles.append(2)
    assert p.pieces[1].marks == ["a"] and p.frames[0][1] == {"n": 1} and p.notes == [[1]] and p.draft.tiles == [1]
