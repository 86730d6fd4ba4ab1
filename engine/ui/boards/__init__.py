"""Board renderers: hexboard.py (any hex map: camera, cached static layer,
highlights, tokens), spaceboard.py (hex boards of large spaces with thick
borders and movement previews), tableboard.py (the free-measure table in
inches with the ruler, sight lines, reach areas and drags; its strokes in
table_strokes.py, its model sprites in table_models.py) and
table_tools.py (the headless geometry behind those tools).  Boards import
the contract, theme, widgets and panels, never scenes."""
