"""The screens on the app's scene stack: the launcher, the match screen,
the map viewer, the rules reference and the modal dialogs over the board
(choices, handoff, decisions).  Scenes import engine.ui.scene, the boards,
the panels and widgets; they never import one another to navigate: they
ask the app (`app.open(route, ...)`, routes in engine/ui/scene.py)."""
