"""Capturing cities, city skills, relics and ruins.
dice_wars.txt § Capturing Cities, § Cities, Challenge I, Challenge IV.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core.rules import Event
from engine.core.rulings import reading
from games.dice_wars.rules import stats
from games.dice_wars.rules.rulings import ARROW_RAIN_FOREST
from games.dice_wars.rules.citations import Reason
from games.dice_wars.rules.state import DWState, Unit, on_map

R_CAPTURE = "dice_wars.txt § Capturing Cities"
R_RELICS = "dice_wars.txt § Challenge I: Ancient Relics"
R_HINTER = "dice_wars.txt § Challenge IV: The Hinterland"


def capture_problem(state: DWState, u: Unit) -> Reason | None:
    ci = state.board.capitals.get(on_map(u))
    if ci is None:
        return ("A city is captured from its capital hex (the scarlet insignia).", R_CAPTURE)
    c = state.cities[ci]
    if c.owner is not None and stats.friendly(state, c.owner, u.owner):
        return "Your side already holds this city."
    return None


def capture(state: DWState, dice, u: Unit, events: list) -> None:
    ci = state.board.capitals[on_map(u)]
    c = state.cities[ci]
    prev = c.owner
    if c.card is None:
        i = dice.choice_index(len(state.sigils))
        c.card = state.sigils.pop(i)
        cc = state.catalog.cities[c.card]
        events.append(Event("reveal", f"The sigil drawn is {cc.name}", R_CAPTURE, data={"city": ci, "card": c.card}))
    cc = state.catalog.cities[c.card]
    c.owner = u.owner
    events.append(Event("ruling", f"{state.players[u.owner].name} captures {cc.name}", R_CAPTURE, data={"city": ci}))
    if prev is not None:
        pl = state.players[prev]
        events.append(Event("ruling", f"{cc.name} is taken from {pl.name}", R_CAPTURE))
        if pl.crowns:
            pl.crowns = 0
            events.append(Event("ruling", f"{pl.name} lost a city: their crowns reset", "dice_wars.txt § Diplomacy"))
    if state.options.get("relics") and not c.relic_drawn and relic_condition_met(state, u, cc.relic_condition, prev):
        c.relic_drawn = True
        events.append(Event("ruling", f"Relic condition met: {cc.relic_text}", R_RELICS))
        draw_relic(state, u.owner, events)


def relic_condition_met(state: DWState, u: Unit, cond: str, prev: int | None) -> bool:
    if cond == "capture_from_player":
        return prev is not None
    if cond == "capture_with_buffed":      # Rage counts (Rule Clarifications: Barbarian)
        return any(c.amount > 0 and c.stat != "status" for c in u.conds)
    if cond == "capture_with_hero":
        return u.tier == "hero"
    if cond == "capture_with_basic":
        return u.tier == "basic"
    if cond == "capture_full_hp":
        return u.hp == u.max_hp
    if cond == "capture_third_city":
        return len(stats.held_cities(state, u.owner)) >= 3
    if cond == "capture_after_kill":
        return any(a.uid == u.uid and a.kills > 0 for a in state.activations)
    return False


def draw_relic(state: DWState, p: int, events: list) -> None:
    if not state.relic_deck:
        events.append(Event("ruling", "The relic pile is empty", R_RELICS))
        return
    rid = state.relic_deck.pop(0)
    state.players[p].relics.append(rid)
    events.append(Event("reveal", f"{state.players[p].name} draws the relic {state.catalog.relics[rid].name}", R_RELICS,
                        data={"relic": rid}))


def ruins_problem(state: DWState, u: Unit) -> Reason | None:
    if u.pos not in state.board.ruins:
        return ("Only a unit on a ruin can search it.", R_HINTER)
    if u.pos in state.ruins_searched:
        return "This ruin has already been searched."
    if not state.options.get("relics"):
        return ("Ruins produce relics: play with Challenge I (Ancient Relics) on.", R_HINTER)
    return None


# ---- city skills -------------------------------------------------------------
def in_held_city(state: DWState, h, p: int) -> bool:
    ci = state.board.city_at.get(h)
    if ci is None or h in state.board.cities[ci].walls:
        return False
    c = state.cities[ci]
    return c.owner is not None and stats.friendly(state, c.owner, p)


def distance_to_held(state: DWState, h, p: int) -> int:
    best = 99
    for c in stats.held_cities(state, p):
        site = state.board.cities[c.index]
        for x in site.hexes | site.walls:
            best = min(best, hexgrid.distance(x, h))
    return best


def city_skill_problem(state: DWState, u: Unit, card_id: str, target) -> Reason | None:
    """Where a city skill may be used from and aimed at: the card's range is
    measured from the nearest held city (cities share their skills)."""
    if card_id not in stats.side_city_cards(state, u.owner):
        return ("Your side does not hold that city.", R_CAPTURE)
    cc = state.catalog.cities[card_id]
    if cc.skill is None:
        return f"{cc.name} has no skill."
    sk = cc.skill
    from games.dice_wars.rules.targeting import skill_target_problem
    problem = skill_target_problem(state, u, None, sk, target)
    if problem:
        return problem
    # skill_target_problem passed: a unit target stands on the map
    h = target if isinstance(target, tuple) else on_map(state.units[target])
    if card_id == "solamyra":
        if distance_to_held(state, u.pos, u.owner) > cc.near:
            return f"Secret Tunnels start in or near a held city (within {cc.near} hexes)."
        if not in_held_city(state, h, u.owner):
            return "Secret Tunnels lead only into a city your side holds."
        return None
    if card_id == "doratheria" and state.board.city_at.get(h) is not None:
        return "Arrow Rain falls on invaders outside the city walls."
    if card_id == "doratheria" and stats.terrain(state, h) == "forest" \
            and reading(state, ARROW_RAIN_FOREST.id) == "forest_shelters":
        return ("The forest shelters that unit: Arrow Rain is an arc attack here (house ruling).",
                "dice_wars.txt § Terrain")
    if card_id == "astramore" and not in_held_city(state, h, u.owner):
        return "Sacred Benediction blesses a unit inside a city your side holds."
    if sk.range is not None and distance_to_held(state, h, u.owner) > sk.range:
        return f"Out of range: the target must be within {sk.range} hexes of a held city."
    return None


def city_skill_candidates(state: DWState, u: Unit, card_id: str, unit_targets: list | None) -> list:
    """Targets worth checking for a city skill (a superset of the legal
    ones): hexes in or within range of held cities, or the given units."""
    cc = state.catalog.cities[card_id]
    if unit_targets is not None:
        return unit_targets
    assert cc.skill is not None       # legal.action_options asks only for the cards with a skill
    held = stats.held_cities(state, u.owner)
    out = set()
    reach = cc.skill.range if cc.skill.range is not None else cc.near
    for c in held:
        site = state.board.cities[c.index]
        for h in site.hexes | site.walls:
            for x in (hexgrid.within(h, reach) if card_id != "solamyra" else [h]):
                if x in state.board.terrain:
                    out.add(x)
    return sorted(out)
