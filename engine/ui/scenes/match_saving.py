"""The match screen's saving: the autosave failure dialog, Save as… with a
folder that works, and asking before a window or the game is left while
changes are not saved anywhere.

When the autosave cannot be written (a full disk, a read-only data
folder, a file where its folder belongs, a link, the game taken over by
another window) the game on screen is complete and kept in memory.  The
dialog says what failed and offers Save as… in the first folder a save can
be written to now (engine/core/save_places.py: the data folder's saves,
the platform's documents folder, the home folder); the Save dialog can
switch folders and says which work.  Once saved there, the game is kept in
that file after every action until the autosave works again
(`Match.save_elsewhere`).  Closing the window, Quit and Main menu ask
first while `Match.unsaved` counts changes written nowhere.
A mixin of MatchScreen: it uses the screen's match, app and toasts.
"""
from __future__ import annotations

import datetime
from pathlib import Path

from engine.core import save_places
from engine.core.limits import cut_text
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scenes.dialogs import Modal


LEAVE_TITLE = "Leave without saving?"


class MatchSaving:
    def check_autosave(self) -> None:
        """After every action: if the autosave failed say what failed, once
        offer Save as… in a folder that works, and keep trying (Match.autosave
        runs again after the next action); the game on screen is unchanged."""
        err = self.match.autosave_error
        if err is None:
            if getattr(self, "autosave_warned", False):
                self.autosave_warned = False
                self.say("The autosave works again.", T.GOOD, 3.0)
            return
        if self.match.rescue_path is not None and not self.match.unsaved:
            self.say(f"Autosave failed; the game is kept in {cut_text(str(self.match.rescue_path), 120)}.",
                     T.WARN, 4.0)
            return
        self.say(f"Autosave failed: {cut_text(err, 160)}. Ctrl+S saves elsewhere.", T.BAD, 8.0)
        if getattr(self, "autosave_warned", False):
            return
        self.autosave_warned = True
        place = save_places.first_working()
        where = (f"Save it under a name now, in {place.label} ({place.folder}), so nothing is lost."
                 if place is not None else
                 "No folder Warbench knows can be written just now; free some space or fix the folder, "
                 "then save it under a name.")

        def on(cmd, dlg):
            if cmd == "save":
                self.open_save(place.folder if place is not None else None)
            return True
        self.app.push(Modal(self.app, "The autosave failed", [
            (f"Saving the game after this action failed: {cut_text(err, 300)}.", T.BAD),
            "The game on screen is complete and kept in memory; the autosave is tried again after every "
            "action. " + where,
        ], [("Save as…", "save", "S"), ("Continue", "close", "Esc")], on=on, escape_cmd="close"))

    def open_save(self, folder: Path | None = None, then=None) -> None:
        """Save under a name (Ctrl+S, Save As) in a folder of
        save_places.places() ("Another folder" switches, each said to work
        or not).  The default name is unique to the second; an existing
        save is never replaced without asking.  `then`: called once saved."""
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H%M%S")
        field = W.TextField(f"{self.match.setup.game} {stamp}", 60,
                            allowed=lambda ch: ch.isalnum() or ch in " -_.()")
        places = save_places.places()
        folders = [p.folder for p in places]
        if folder is None:
            working = save_places.first_working() if self.match.autosave_error else None
            folder = working.folder if working is not None else folders[0]
        if folder not in folders:
            folders.append(Path(folder))
            places.append(save_places.Place(Path(folder), str(folder)))
        chosen = {"i": folders.index(folder), "path": None}

        def words() -> list:
            place = places[chosen["i"]]
            why = save_places.works(place.folder)
            out = [f"Saves go to {place.folder} ({place.label})."]
            if why:
                out.append((f"This folder cannot be written: {cut_text(why, 200)}. Choose another folder.", T.BAD))
            if self.match.autosave_error and len(places) > 1:
                out.append(("The autosave is failing: save the game in a folder that works.", T.WARN))
            return out

        def on(cmd, dlg):
            if cmd == "folder":
                chosen["i"] = (chosen["i"] + 1) % len(places)
                dlg.paragraphs = [(p, T.TEXT) if isinstance(p, str) else p for p in words()]
                dlg.error = ""
                dlg.resize(self.app.size)
                return False
            if cmd != "save":
                return True
            name = field.text.strip()
            if not name or name.strip(".") == "":
                dlg.error = "Type a name for the save."
                return False
            target = places[chosen["i"]].folder
            path = target / (name + ".json")
            if path.exists() and chosen["path"] != path:
                chosen["path"] = path
                dlg.error = f"A save named “{name}” already exists. Save again to replace it, or change the name."
                return False
            failing = self.match.autosave_error is not None
            try:
                self.match.save_elsewhere(path)
            except OSError as e:
                dlg.error = f"Could not save: {cut_text(str(e.strerror or e), 200)}. Try “Another folder”."
                return False
            if failing:
                self.say(f"Saved as “{name}” in {target}; until the autosave works again the game is kept "
                         "there after every action.", T.GOOD, 6.0)
            else:
                self.say(f"Saved as “{name}” in {target}", T.GOOD)
            if then is not None:
                then()
            return True
        buttons = [("Save", "save", "Enter")] + ([("Another folder", "folder", "")] if len(places) > 1 else []) \
            + [("Cancel", "cancel", "Esc")]
        self.app.push(Modal(self.app, "Save the game", words(), buttons, on=on, field=field))

    def ask_before_leaving(self, then) -> bool:
        """True when leaving loses nothing (`then` may run now); else ask
        (save first, leave anyway, stay) and return False.  The app asks
        this of every scene before it closes the window."""
        n = self.match.unsaved
        if not n or getattr(self, "replay", None) is not None:
            return True
        if any(getattr(s, "title", "") == LEAVE_TITLE for s in self.app.stack):
            return False                          # already asked (the window closed twice)
        err = self.match.autosave_error or "the autosave failed"
        changes = "last change of this game is" if n == 1 else f"last {n} changes of this game are"

        def on(cmd, dlg):
            if cmd == "save":
                self.open_save(then=then)
            elif cmd == "leave":
                self.match.unsaved = 0           # the player chose to lose them
                then()
            return True
        self.app.push(Modal(self.app, LEAVE_TITLE, [
            (f"The autosave is failing ({cut_text(err, 200)}): the {changes} kept only in this window.", T.BAD),
            "Save the game under a name in a folder that works first, or they are lost.",
        ], [("Save as…", "save", "S"), ("Leave anyway", "leave", ""), ("Stay", "cancel", "Esc")],
            on=on, escape_cmd="cancel", enter_cmd="cancel", accent=T.BAD))
        return False
