"""UberDrakes' screens: the controller, the view, the hand and decision
panels, the coach and the dragons' faces.  Reads the rules and the computer players."""
