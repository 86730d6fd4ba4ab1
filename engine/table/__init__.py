"""The free-measure table in inches, for every table game: bases (round
and rectangular, in mm), edge-to-edge distance and contact with one
tolerance, coherency, terrain pieces and zones (geometry.py), line of sight
vectorised for round bases (sight.py), shortest paths around obstacles
(paths.py), rank and flank formations of stands (formations.py) and the
sight benchmark (bench.py).  Headless; imports only
numpy, shapely and engine.core."""
