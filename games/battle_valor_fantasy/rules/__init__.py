"""Battle Valor Fantasy's headless rules: the state, the catalog, the declared
actions, what is legal, why an action is refused, what it does, what comes
next, the words, and the topics of the rulebook (combat, fire, spells, moves,
characters, reserves, the Grand Alliance, victory...).  Never imports ai/ or ui/."""
