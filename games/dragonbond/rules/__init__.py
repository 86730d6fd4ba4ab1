"""Dragonbond's headless rules: the state, the catalog, the declared actions,
what may be done now (legal), why an action is refused (checks), the
appliers, the turn and reaction flow, words for actions, positions, and the
game's own rules topics (setup, turns, movement, combat, powers, wounds,
space, stats, ...).  Never imports games/dragonbond/ai/ or games/dragonbond/ui/."""
