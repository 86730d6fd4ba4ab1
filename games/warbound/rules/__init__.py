"""Warbound's headless rules: the state, the catalog read from data/warbound,
the declared action kinds, the legal actions, the checks that refuse an
action in the rulebook's words, the appliers, the phase sequence, the words
for actions and events, custom positions, and the game's own topics (the
Action Board, activation, movement, shooting, fight, wounds, panic, skills,
the Leader Phase, initiative, Cleanup, the Exploration scenario, decks, the
judge's hooks, invariants, house rulings).  Never imports ai/ or ui/, nor
pygame."""
