"""Warbound's screens: the controller that turns clicks into actions, the
view that draws the board, the Character cards and the Action Board, the
coach's warnings for a learner, and the Character cards' faces.  They may
read rules/ and ai/."""
