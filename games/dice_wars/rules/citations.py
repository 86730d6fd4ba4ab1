"""The rulebook sections Dice Wars' checks (checks.py) and appliers (apply.py) cite."""

# What a check answers when it refuses: the reason, or (the reason, the
# section it cites); None means allowed (engine.core.action_specs.Refusal).
Reason = str | tuple[str, str]

R_PHASE = "dice_wars.txt § The Command Phase"
R_MOVE = "dice_wars.txt § Movement"
R_FACING = "dice_wars.txt § Facing"
R_ACTIONS = "dice_wars.txt § Actions"
R_GUARD = "dice_wars.txt § Guarding"
R_SKILL = "dice_wars.txt § Skills"
R_DEPLOY = "dice_wars.txt § Deploy Your Army"
R_ALLY = "dice_wars.txt § Challenge V: Alliances and Coalitions"
R_RELICS = "dice_wars.txt § Challenge I: Ancient Relics"
R_TOURNEY = "dice_wars.txt § Challenge VI: Tournament Deployment"
R_DRAFT = "dice_wars.txt § Challenge II: faction Bonuses"
