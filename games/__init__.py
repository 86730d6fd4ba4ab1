"""The five games.  Each package registers its ruleset with engine.core.registry."""
