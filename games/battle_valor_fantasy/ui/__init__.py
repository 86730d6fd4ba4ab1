"""Battle Valor Fantasy's screens: the controller, the view, the table aids
(overlay), the hand panel (controller_notes), the faces and the coach."""
