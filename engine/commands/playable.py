"""`check` means playable for table maps: a map passes only if its zones
can deploy both sides (engine/maps/playable.py, from the map's own data)
and the game, set up on it, gets through its setup: the game's computer
player makes every setup decision (deployment) through the ruleset's own
hooks (`initial_state`, `in_setup`, `legal_actions`, `apply`), seeded, so
a map whose sides cannot deploy is refused by `check`, and by `play`,
`simulate` and `judge` before anything starts, instead of a game that
sticks or a run that crashes.  Every problem is `file:line: field: what`.
"""
from __future__ import annotations

import functools
import random
from pathlib import Path

from engine.core import registry
from engine.core.catalog import DataError
from engine.core.limits import cut_text

SETUP_ACTIONS = 400          # setup decisions the probe makes before it calls setup endless
PROBE_SEED = 1


def is_table_map(path) -> bool:
    """A .tmj, or a Tiled XML map drawn on a square grid: a table, not a hex map."""
    path = Path(path)
    return path.suffix == ".tmj" or (path.suffix == ".tmx" and _orthogonal(path))


def _orthogonal(path: Path) -> bool:
    from engine.maps.source import read_bounded
    try:
        head = read_bounded(str(path))[:4000].decode("utf-8", errors="replace")
    except DataError:
        return False
    return 'orientation="orthogonal"' in head or "orientation='orthogonal'" in head


def map_problems(path, game: str | None = None, players: int | None = None, options: dict | None = None) -> list[str]:
    """Why a table map cannot be played (none: it can), for `game` when
    given (its terrain, and set up on the map when the game takes map
    files as scenarios)."""
    from engine.maps.playable import zone_problems
    from engine.maps.tablemap import load_table_map
    rules = registry.get(game) if game else None
    known = terrain_of(game) if game else None
    try:
        data = load_table_map(path, known_terrain=known)
    except DataError as e:
        return list(e.problems)
    problems = zone_problems(data)
    if problems or rules is None:
        return problems
    stuck = setup_problem(rules, str(path), players or rules.min_players, options)
    if stuck:
        problems.append(f"{path}:{data.line_of()}: deployment: {stuck}")
    return problems


@functools.lru_cache(maxsize=None)
def terrain_of(game: str) -> frozenset | None:
    """The game's terrain types (its catalog read once per process: the
    ruleset's `terrain_ids` reads it again each time)."""
    rules = registry.get(game)
    return frozenset(rules.terrain_ids())


def setup_problem(rules, scenario: str, players: int, options: dict | None = None) -> str | None:
    """Why `rules` cannot get through its setup on `scenario` (None: it
    can, or the game takes no map files as scenarios)."""
    from engine.core import overrides
    from engine.core.agents import agent_names, make_agent
    from engine.core.dice import SeededDice
    from engine.core.rules import Setup
    setup = Setup(rules.game_id, players, seed=PROBE_SEED, scenario=scenario, options=dict(options or {}))
    dice = SeededDice(PROBE_SEED)
    try:
        state, _ = rules.initial_state(setup, dice)
    except DataError as e:
        return f"the map cannot be set up: {cut_text(e.problems[0] if e.problems else str(e), 300)}"
    except (ValueError, KeyError) as e:
        text = str(e.args[0] if isinstance(e, KeyError) and e.args else e)
        if "unknown scenario" in text:
            return None                  # the game plays only its own scenarios: nothing to probe
        return f"the game cannot be set up on this map: {cut_text(text, 300)}"
    agent = make_agent(rules.game_id, agent_names(rules.game_id)[0], rules, batch=True)
    rng = random.Random(PROBE_SEED)
    n = 0
    with overrides.forbidden("check"):
        while rules.in_setup(state) and rules.outcome(state) is None:
            if n >= SETUP_ACTIONS:
                return f"setting the game up on this map does not end within {SETUP_ACTIONS} decisions"
            p = rules.to_act(state)
            legal = [a for a in rules.legal_actions(state) if a.player == p]
            if not legal:
                return (f"{_name(rules, state, p)} has no legal setup action after {n}: the sides cannot deploy "
                        "on this map (are its deployment zones large enough, apart, marked for every side and "
                        "clear of impassable terrain?)")
            rules.apply(state, agent.choose(state, legal, rng), dice)
            n += 1
    return None


def _name(rules, state, p: int) -> str:
    try:
        return rules.player_name(state, p)
    except Exception:  # noqa: BLE001 - a name is only for the message
        return f"Player {p + 1}"
