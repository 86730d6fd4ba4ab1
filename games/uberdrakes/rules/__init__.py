"""UberDrakes' headless rules: the state, the catalog, the declared actions,
what is legal and why an action is refused, the appliers, the turn sequence,
the words for actions, and the rules topics (movement, combat, spells...).
Never imports games/uberdrakes/ai or games/uberdrakes/ui (nor pygame)."""
