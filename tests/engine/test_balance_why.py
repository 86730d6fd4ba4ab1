"""The balance lab's "why": facts of a seat against the win rate, the
swapped tournaments (the map, the armies or the seats?), and the games'
own hooks that make them (engine/commands/causes.py, judge.py --swap)."""
import json

import pytest

from engine.commands import causes
from engine.commands.judge import arrangements, heat, judge_jobs, swap_problem
from engine.commands.playout import GameJob, play_game
from engine.commands.tally import difference
from engine.core import registry
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from tiers import slow, slow_for


def test_difference_of_two_rates_is_newcombes_interval():
    # Newcombe (1998), Statistics in Medicine 17:873, table II, method 10
    d, lo, hi = difference(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    d, lo, hi = difference(9, 10, 3, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1705, 0.809)


def _game(seed, winner, first, took, lost_first, places=None, sides=("north", "south"), deal=None, armies=None):
    r = {"seed": seed, "winners": [winner], "reason": "", "actions": 10, "rounds": 3, "first": first,
         "sides": list(sides), "deaths": [[1, 1, lost_first]], "final": [[2, 2, winner]],
         "objectives": [["the old mill", 1.0, 1.0]], "control": [[[1, 0, 0]] * 10],
         "detail": {"lost": [[lost_first, "Archer", 1]], "kept": [[winner, "Knight"]],
                    "held_first": [[took, 2]], "reach": [1, 1], "reach_at": [3, 4]}}
    if places:
        r["places"] = list(places)
    if armies:
        r["armies_from"] = list(armies)
    if deal is not None:
        r["deal"] = deal
    return r


def test_a_fact_that_always_went_with_winning_is_ranked_first_with_its_interval():
    # the seat that took the mill first won 24 of 30; who moved first does not matter
    games = [_game(i, winner=0 if i < 24 else 1, first=i % 2, took=0, lost_first=1) for i in range(30)]
    found = causes.causes(games, 2)
    top = next(c for c in found if c["fact"] == "took the old mill first")
    assert top["verdict"] == "goes with winning" and top in found[:2]
    assert (top["with"]["wins"], top["with"]["games"], top["without"]["wins"], top["without"]["games"]) == (24, 30, 6, 30)
    d, lo, hi = difference(24, 30, 6, 30)
    assert (top["low"], top["high"]) == (round(lo, 4), round(hi, 4))
    # on this map the mill was always the first seat's: the lab says it cannot tell it from the seat
    assert top["always_seat"] == 1
    moved = next(c for c in found if c["fact"] == "moved first")
    assert moved["verdict"] == "no clear link in these games"
    # the other seat always lost the first unit: the same games seen from the other side, told once
    assert top["the other side of"] == ["lost the first unit"]
    assert all(c["fact"] != "lost the first unit" for c in found)


def test_too_few_games_on_one_side_say_so():
    # the mill was taken in 3 games of 12: 3 seats had it, 21 did not
    games = [_game(i, winner=0, first=i % 2, took=0 if i < 3 else None, lost_first=1) for i in range(12)]
    for g in games[3:]:
        g["detail"]["held_first"] = [None]
    mill = next(c for c in causes.causes(games, 2) if c["fact"] == "took the old mill first")
    assert (mill["with"]["games"], mill["without"]["games"]) == (3, 21)
    assert mill["verdict"] == "too few games to say" and mill["with"]["wins"] == 3
    words = causes.caution(causes.causes(games, 2), 12)
    assert "one in twenty" in words and "fewer than 10" in words


def test_the_place_that_wins_whoever_plays_it_is_the_maps():
    # every deal played as dealt and with the places swapped: the north wins 18 of 20 wherever its seat
    games = []
    for deal in range(10):
        north_seat = 0
        games.append(_game(2 * deal, winner=north_seat if deal < 9 else 1, first=0, took=0, lost_first=1,
                           sides=("north", "south"), deal=deal))
        games.append(_game(2 * deal + 1, winner=1 if deal < 9 else 0, first=0, took=1, lost_first=0,
                           places=(1, 0), sides=("south", "north"), deal=deal))
    m = causes.map_or_player(games, 2)
    north = next(p for p in m["places"] if p["place"] == "north")
    assert (north["wins"], north["games"]) == (18, 20) and north["verdict"] == "wins more than a fair share"
    assert all(s["verdict"] == "fair within the interval" for s in m["seats"])
    pairs = m["places swapped"]
    assert pairs["pairs"] == 10 and pairs["winner kept the place"] == 10
    assert m["verdict"].startswith("The result follows the places on the map (the north wins 18/20")
    # the pictures colour by place too
    h = heat(games, 2)
    assert h["by_place"] and h["labels"] == ["the north", "the south"]


def test_arrangements_rotate_places_and_armies_and_share_the_deal():
    assert arrangements("none", 2) == [((), ())]
    assert arrangements("both", 2) == [((), ()), ((), (1, 0)), ((1, 0), ()), ((1, 0), (1, 0))]
    assert [p for p, _ in arrangements("places", 3)] == [(), (1, 2, 0), (2, 0, 1)]
    jobs = judge_jobs("dice_wars", "balanced", 2, 8, 100, swap="both")
    assert [j.seed for j in jobs] == list(range(100, 108))              # results stay keyed by a seat of their own
    assert [j.dice_seed for j in jobs] == [100] * 4 + [101] * 4          # each deal in every arrangement
    assert json.dumps(jobs[0].run_key())                                  # plain data, as results files keep it


def test_games_without_places_refuse_the_swap_in_words():
    why = swap_problem("dragonbond", "border_skirmish", 2, 1, {}, "places")
    assert "choose their deployment edges" in why and "dragonbond.txt § Rules for Deployment" in why
    why = swap_problem("uberdrakes", "standard", 2, 1, {}, "armies")
    assert "starting village" in why
    assert swap_problem("dice_wars", "balanced", 2, 1, {}, "both") is None


def _new(game, scenario, seed=4):
    rules = registry.get(game)
    state, _ = rules.initial_state(Setup(game, 2, seed=seed, scenario=scenario), SeededDice(seed))
    return rules, state


def test_dice_wars_swap_gives_each_seat_the_others_corners_and_army():
    rules, state = _new("dice_wars", "balanced")
    corners = [list(p.corners) for p in state.players]
    armies = [sorted(rules.judge_army(state)[s].units) for s in (0, 1)]
    assert rules.judge_swap(state, (1, 0), (1, 0)) is None
    assert [p.corners for p in state.players] == corners[::-1]
    assert [sorted(a.units) for a in rules.judge_army(state)] == armies[::-1]
    assert rules.judge_frame(state).sides[0] == "top-right corner + bottom-left corner"
    assert "past it" in rules.judge_swap(_deployed(rules, state), (1, 0), ())


def _deployed(rules, state):
    from engine.core.actions import Action
    s = rules.clone(state)
    rules.apply(s, Action.make("auto_deploy", s.current), SeededDice(1))
    return s


def test_warbound_swap_moves_the_starts_and_the_decks():
    rules, state = _new("warbound", "recommended")
    starts = state.board.starts
    decks = [p.deck.name for p in state.players]
    shared = rules.initial_state(Setup("warbound", 2, seed=5, scenario="recommended"), SeededDice(5))[0].board
    assert rules.judge_swap(state, (1, 0), (1, 0)) is None
    assert state.board.starts == starts[::-1] and shared.starts == starts      # the shared board is untouched
    assert [p.deck.name for p in state.players] == decks[::-1]
    assert rules.judge_frame(state).sides == ("right section", "left section")
    seat0 = rules.judge_map(state)["seats"][0]
    assert seat0["place"] == "right section" and seat0["start"] == state.board.label(starts[1])


def test_battle_valor_swap_moves_the_zones_and_the_armies():
    rules, state = _new("battle_valor_fantasy", "border_march")
    zones = [p.zone for p in state.players]
    names = [p.army.name for p in state.players]
    owners = {u.uid: u.owner for u in state.units.values()}
    assert rules.judge_swap(state, (1, 0), (1, 0)) is None
    assert [p.zone for p in state.players] == zones[::-1]
    assert [p.army.name for p in state.players] == names[::-1]
    assert all(u.owner == 1 - owners[u.uid] for u in state.units.values())
    assert rules.invariants(state) == []


@pytest.mark.parametrize("game", slow_for(["dice_wars", "warbound"], "dice_wars"))
def test_a_swapped_game_plays_to_the_end_and_says_where_each_seat_was(game):
    scenario = registry.get(game).scenarios()[0]
    job = GameJob(game, 2, 7, scenario, ("random", "random"), {}, 300, True, (1, 0), (1, 0), 3)
    r = play_game(job)
    assert r["places"] == [1, 0] and r["armies_from"] == [1, 0] and r["deal"] == 3
    assert r == play_game(job)                       # the same job, the same game
    d = r["detail"]
    assert len(d["reach"]) == 2 and len(d["held_first"]) == len(r["objectives"])
    assert len(d["lost"]) == len(r["deaths"])
    json.dumps(r)


def test_facts_apart_name_what_differs_between_the_seats():
    rules, state = _new("dice_wars", "balanced")
    facts = rules.judge_map(state)
    apart = causes.facts_apart(facts, {"seats": [{"seat": 1, "rate": 0.6}, {"seat": 2, "rate": 0.4}]})
    named = {f["fact"]: f["values"] for f in apart}
    assert named["movement to the top city"] == [5, 4]
    assert named["cities it reaches first"] == [["the left city", "the right city"], ["the top city", "the bottom city"]]
    assert "deploy hexes" not in named and all("city_" not in json.dumps(f) for f in apart)


def test_a_results_file_with_a_broken_trace_is_refused_with_its_line(tmp_path):
    from engine.commands.results_file import ResultsFile
    from engine.core.catalog import DataError
    key = GameJob("dice_wars", 2, 1, "balanced", ("normal", "normal"), {}, 3000, True).run_key()
    path = tmp_path / "run.jsonl"
    ResultsFile(path, key)
    good = _game(5, winner=0, first=0, took=0, lost_first=1, places=(1, 0), deal=2)
    bad = dict(_game(6, winner=0, first=0, took=0, lost_first=1), places=[0, 0])
    worse = _game(7, winner=0, first=0, took=0, lost_first=1)
    worse["detail"]["lost"] = [[9, "Archer", 1]]
    path.write_text(path.read_text() + "".join(json.dumps(g) + "\n" for g in (good, bad, worse)))
    with pytest.raises(DataError) as e:
        ResultsFile(path, key)
    assert e.value.problems == [f"{path}:3: places: expected each of the 2 seats once, got [0, 0]",
                                f"{path}:4: detail.lost: not as the judge writes it ([[9, 'Archer', 1]])"]


@slow
def test_the_picture_is_titled_in_words(tmp_path):
    """Heatmaps per seat with their scale in words, a timeline per named
    objective, the causes ranked: no id such as city_2 anywhere."""
    from engine.commands.plot import figure
    from engine.commands.tally import tally
    rules, state = _new("dice_wars", "balanced")
    canvas = rules.judge_canvas(state)
    games = [_game(i, winner=i % 2, first=i % 2, took=i % 2, lost_first=1 - i % 2) for i in range(12)]
    for i, g in enumerate(games):
        g["objectives"] = [[o.name, o.x, o.y] for o in rules.judge_frame(state).objectives]
        g["control"] = [[[1, 0, 0]] * 10 for _ in g["objectives"]]
        g["detail"]["held_first"] = [[i % 3 % 2, 2]] + [None] * (len(g["objectives"]) - 1)
        g["sides"] = list(rules.judge_frame(state).sides)
    report = {"title": rules.title, "scenario": "balanced", "scenario_title": "Balanced", "players": 2,
              "agent": "normal", "tournament": tally(games, 2), "heat": heat(games, 2),
              "why": causes.analyse(games, 2, canvas)}
    fig = figure(report, canvas)
    texts = [ax.get_title() for ax in fig.axes] + [ax.get_ylabel() for ax in fig.axes] + \
        [t.get_text() for ax in fig.axes for t in ax.get_yticklabels()] + [fig._suptitle.get_text()]
    joined = "\n".join(texts)
    assert "Where seat 1's units died (top-left corner + bottom-" in joined and "6 lost" in joined
    assert "Where the games were decided" in joined and "What went with winning" in joined
    assert "the top city" in joined and "took the top city first" in joined
    assert "city_" not in joined and "Dice Wars: Heroes of Polyhedra on Balanced" in joined
    import matplotlib.pyplot as plt
    plt.close(fig)


def test_games_of_one_deal_count_as_fewer_than_their_number():
    """A seat dealt a strong army wins both games of the deal: twenty games
    of ten deals are worth nine independent ones (the design effect)."""
    from engine.commands.tally import wilson
    by_deal = {d: [2, 2 if d < 7 else 0] for d in range(10)}
    r = causes.dealt_rate(by_deal, 0.5)
    assert (r["wins"], r["games"], r["deals"], r["effective_games"]) == (14, 20, 10, 9.0)
    lo, hi = wilson(6.3, 9.0)
    assert (r["low"], r["high"]) == (round(lo, 4), round(hi, 4)) and r["verdict"] == "fair within the interval"
    assert wilson(14, 20)[0] > 0.5 - 0.05 > lo                 # counted as games it would look surer than it is
    mixed = causes.dealt_rate({d: [2, 1] for d in range(10)}, 0.5)   # a win and a loss in every deal: no wider
    assert mixed["effective_games"] == 20


def test_table_facts_walk_around_impassable_ground():
    """Movement to each objective goes round what cannot be crossed."""
    from engine.table.geometry import Piece, Table
    from engine.table.paths import zone_walks
    wall = Piece("wall", "rock", ((10, 0), (12, 0), (12, 16), (10, 16)), properties={"impassable": True})
    west = Piece("west", "deployment", ((0, 0), (4, 0), (4, 20), (0, 20)), name="west")
    east = Piece("east", "deployment", ((20, 0), (24, 0), (24, 20), (20, 20)), name="east")
    table = Table(24, 20, [wall], [west, east])
    rows = zone_walks(table, [west, east], [("the well", 8.0, 2.0), ("the shrine", 16.0, 2.0)])
    assert rows[0]["movement to the well (in)"] == 4.0
    assert rows[1]["movement to the well (in)"] > 12 + 14          # round the wall's end, not through it
    assert rows[0]["objectives it reaches first"] == ["the well"]
    assert rows[1]["objectives it reaches first"] == ["the shrine"]
