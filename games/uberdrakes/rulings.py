"""UberDrakes' house rulings: where the text contradicts itself, the group
chooses (engine/core/rulings.py; docs/games/uberdrakes.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

CAMOUFLAGE = define(Ruling(
    "uberdrakes.camouflage_bonus", "uberdrakes", "uberdrakes.txt § Camouflage",
    "How much does attacking from Camouflage add to the battle?",
    (Reading("three", "+3, as the spell's own text says",
             "If you attack an opponent while camouflaged, you gain a +3 bonus in that battle and the "
             "effect ends.", default=True),
     Reading("two", "+2, as the spell's note in brackets says",
             "Doing so causes the spell's effect to end and gives you a +2 surprise attack bonus."))))

CAVE_COINS = define(Ruling(
    "uberdrakes.cave_coins", "uberdrakes", "uberdrakes.txt § Caves",
    "How many coins do the caves give the first time a dragon enters them each round?",
    (Reading("one_d6", "roll 1d6 coins, as the body text says",
             "You find 1d6 coins in the cave the first time you enter it each round.", default=True),
     Reading("three", "3 coins, no roll, as the space table says",
             "Cave Gain 3 coins."))))

RULINGS = [CAMOUFLAGE, CAVE_COINS]
