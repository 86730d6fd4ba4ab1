"""The UberDrakes computer dragon: no peeking at hidden cards, sensible
choices, and it beats random play."""
import random

import games.uberdrakes  # noqa: F401
from engine.core import registry
from engine.core.agents import RandomAgent, make_agent
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from games.uberdrakes.ai.hidden import public_view

RULES = registry.get("uberdrakes")


def match(dragons, **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos}),
                 dice=ScriptedDice([], seed=1))


def test_public_view_redeals_what_the_player_cannot_see():
    m = match([dict(dragon="fire", at="E4", hand=["dash"], treasures=["diamond"]),
               dict(dragon="water", at="Q1", hand=["barrel_roll", "bank_left"], treasures=["topaz"]),
               dict(dragon="earth", at="Q13", hand=["free_flight"])])
    v = public_view(m.state, 0, random.Random(5))
    assert v.players[0].hand == ["dash"] and v.players[0].treasures == ["diamond"]
    assert [len(d.hand) for d in v.players] == [1, 2, 1]
    assert len(v.movement_deck) == len(m.state.movement_deck)
    assert m.state.players[1].hand == ["bank_left", "barrel_roll"], "the real state is untouched"


def test_decisions_do_not_depend_on_hidden_cards():
    def pos(hand1, hand2):
        return match([dict(dragon="fire", at="E4", facing=0, hand=["dash", "bank_left"], rider="water_knight"),
                      dict(dragon="water", at="G4", hand=hand1, treasures=["topaz"]),
                      dict(dragon="earth", at="Q13", hand=hand2)])
    a, b = pos(["barrel_roll"], ["free_flight"]), pos(["thrust_left"], ["forward_thrust"])
    agent = make_agent("uberdrakes", "drake", RULES)
    for seed in range(5):
        pa = agent.choose(a.state, a.legal_actions(), random.Random(seed))
        pb = agent.choose(b.state, b.legal_actions(), random.Random(seed))
        assert pa == pb


def test_it_delivers_a_portaled_rider():
    m = match([dict(dragon="fire", at="M5", facing=3, rider="water_knight", portaled=True, hand=["dash"]),
               dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")])
    agent = make_agent("uberdrakes", "drake", RULES)
    a = agent.choose(m.state, m.legal_actions(), random.Random(1))
    m.submit(a)
    assert m.state.players[0].vp == 1, f"chose {a}"


def test_it_beats_random_players():
    """Its speed is measured by `main.py bench uberdrakes` (ai_move_ms_max), not here."""
    wins = 0
    for g in range(4):
        agents = [RandomAgent(RULES) for _ in range(4)]
        agents[g] = make_agent("uberdrakes", "drake", RULES)
        r = play_out(RULES, Setup("uberdrakes", 4, seed=77 + g), agents, max_actions=6000)
        wins += r["winners"] == [g]
    assert wins >= 3


def test_its_reasons_name_the_dragons_not_you():
    """Playtest, hard: the Fire Dragon's log read "race to a rider pickup
    (you 1, Lightning Dragon 1 victory points)", where "you" is the
    computer, not the player reading the log; the reasons name each side."""
    m = match([dict(dragon="fire", at="E4", facing=0, hand=["dash", "bank_left"]),
               dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")])
    agent = make_agent("uberdrakes", "drake", RULES)
    agent.choose(m.state, m.legal_actions(), random.Random(1))
    why = agent.last_reason
    assert "victory point" in why and "you " not in why and "Fire Dragon 0" in why, why


def test_no_reason_is_a_bare_name():
    """Playtest: the computer's log read "Why: Heat Wave", a spell's name
    and not why it was cast (so did every movement spell's, Hailstorm's,
    The Claw's, Sandstorm's, Furnace's, and a rider picked up: "the Earth
    Ranger").  Every idea of each dragon, with magic for every spell, and
    of the decisions its spells and treasures lead to, says what it gains."""
    from engine.core.dice import ScriptedDice as Dice
    from games.uberdrakes.ai.normal import DrakeAgent
    cat = RULES.catalog()
    names = {x.name.lower() for table in (cat.items, cat.riders, cat.movement, cat.dragons) for x in table.values()}
    names |= {sp.name.lower() for _, sp in cat.spells.values()}

    def bare(why: str) -> bool:
        w = why.strip().lower()
        return w in names or any(w.startswith(art) and w[len(art):] in names for art in ("the ", "a ", "an "))

    agent = DrakeAgent(RULES)
    said: dict = {}

    def ideas(state, rng):
        legal = RULES.legal_actions(state)
        for _, a, why in agent.ranked(state, legal, rng):
            said.setdefault(a.kind + ":" + str(a.get("spell") or a.get("item") or ""), set()).add(why)
        return legal

    cards = ["dash", "bank_left", "bank_right", "thrust_left", "thrust_right", "forward_thrust"]
    order = ["fire", "water", "earth", "wind", "lightning", "metal"]
    for first in range(6):
        m = match([dict(dragon=order[(first + k) % 6], at=at, magic=20, hand=[cards[k]],
                        treasures={0: ["ancient_urn", "monks_handbook"], 1: ["topaz"]}.get(k, []))
                   for k, at in enumerate(("E7", "E4", "I7", "K4", "H5", "G8"))])
        rng = random.Random(first)
        for a in ideas(m.state, rng):
            if a.kind in ("spell", "item"):          # and what they lead to: a rider, a theft, a discard...
                after = RULES.clone(m.state)
                RULES.apply(after, a, Dice([], seed=2))
                if RULES.outcome(after) is None:
                    ideas(after, rng)
    every_spell = {f"spell:{sid}" for sid in cat.spells} - {"spell:rocket_power", "spell:take_to_the_skies"}
    combat_spells = {"spell:fire_breath", "spell:acid_rain", "spell:deep_freeze", "spell:windblast", "spell:plate_armor"}
    assert every_spell - combat_spells <= set(said), sorted(every_spell - combat_spells - set(said))
    assert {"pick_rider:", "steal:topaz", "discard:", "item:ancient_urn", "item:monks_handbook"} <= set(said)
    bare_ones = sorted({w for ws in said.values() for w in ws if w and bare(w)})
    assert not bare_ones, bare_ones
