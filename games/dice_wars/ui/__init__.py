"""Dice Wars' screens: the controller, the view, the coach and the faces."""
