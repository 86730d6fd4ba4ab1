"""Dragonbond's screens: the controller (input -> actions), the view
(drawing), the coach, the faces and the table overlays.  Reads
games/dragonbond/rules/ and games/dragonbond/ai/."""
