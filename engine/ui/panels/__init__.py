"""Pieces of the right-hand panel and the things drawn in it: header and
unit cards (panel.py), the dice tray (dice_tray.py) and glyph dice
(table_dice.py), a player's private hand (hand_panel.py), the log with its
citations (log_view.py) and the vector icons (glyphs.py).  Panels import
the contract, theme and widgets, never boards or scenes."""
