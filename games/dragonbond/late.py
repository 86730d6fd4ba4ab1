"""Dragonbond's upward calls (engine/core/late.py): a captain's sacrifice
(wounds) applies power effects (powers: `apply_effect`), and the end of a
casualty step (flow) asks whether the last player's turn is over (turns:
`check_last_player`)."""
from engine.core.late import LateCalls

late = LateCalls("dragonbond")
