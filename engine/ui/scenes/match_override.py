"""The match screen's "Allow anyway (house rule)…" (engine/core/overrides.py).

When the status line shows a refusal the rules gave for an action in this
very position (or after the one legal step the controller would play
first), the screen offers to allow it anyway: the rules must be able to
carry it out, the player writes a note, and every other person at the
screen agrees (behind a handoff when the game holds private information).
A mixin of MatchScreen: it uses the screen's match, controller and toasts.
"""
from __future__ import annotations

import time

from engine.core.rules import Illegal
from engine.ui import theme as T
from engine.ui.scenes.dialogs import Handoff, OverrideAsk, same_refusal


class OverrideOffers:
    def watch_refusal(self) -> None:
        """After the controller answered an input: if the status line shows
        a refusal the rules gave for an action in this very position, offer
        to allow that action anyway."""
        last = self.refusals.last if self.refusals is not None else None
        if last is None or not self.ctl.message:
            return
        state, action, refusal = last
        if not same_refusal(self.ctl.message, refusal.reason):
            return
        if state is self.match.state:
            self.offer_override(action, refusal, self.ctl.message)
            return
        prefix = self.prefix_of(state, action, refusal)
        if prefix:
            self.offer_override(action, refusal, self.ctl.message, prefix)

    def prefix_of(self, state, action, refusal) -> tuple:
        """A controller may check an action on the position after a legal
        step it would play first (a table game activates the unit, then
        moves it): that step, found among the legal actions for the same
        unit, or () when there is none."""
        if self.replay is not None or not self.human_turn():
            return ()
        hook = getattr(self.ctl, "refusal_prefix", None)     # a controller that knows which step it was
        if hook is not None:
            try:
                known = tuple(hook(state, action) or ())
            except Exception:  # noqa: BLE001 - an offer is a courtesy; the refusal still shows
                known = ()
            if known:
                return known
        uid = action.get("uid")
        if uid is None:
            return ()
        try:
            steps = [a for a in self.match.legal_actions()
                     if a.player == action.player and a.kind != action.kind and a.get("uid") == uid][:4]
            for a in steps:
                live, dice_before = self.rules.clone(self.state), self.match.dice.getstate()
                try:
                    self.rules.apply(live, a, self.match.dice)
                    again = self.rules.check(live, action)
                finally:
                    self.match.dice.setstate(dice_before)
                if again is not None and again.reason == refusal.reason:
                    return (a,)
        except Exception:  # noqa: BLE001 - an offer is a courtesy; the refusal still shows
            return ()
        return ()

    def offer_override(self, action, refusal, message: str, prefix: tuple = ()) -> None:
        from engine.core.overrides import OverrideRefused
        self.override_offer = None
        if not self.allows_overrides or self.replay is not None or not self.human_turn() or not refusal.rule:
            return
        try:
            if not prefix:
                self.match.override_refusal(action)
        except OverrideRefused:
            return
        except Exception:  # noqa: BLE001 - an offer is a courtesy; the refusal still shows
            return
        self.override_offer = (self.version, message, action, refusal, tuple(prefix))

    def shown_override(self):
        """The offer when the refusal it answers is on the status line now, else None."""
        offer = self.override_offer
        if offer is None or offer[0] != self.version or not self.human_turn():
            return None
        text, _, until = self.toast
        shown = text if text and time.perf_counter() < until else self.ctl.message
        return offer if shown == offer[1] else None

    def ask_override(self) -> None:
        """"Allow anyway (house rule)…": check the rules can carry it out,
        then ask for the note and every other person's agreement."""
        from engine.core.overrides import OverrideRefused
        offer = self.shown_override()
        if offer is None:
            self.say("Allow anyway works on a refusal the status line shows: try the action first.", T.MUTED)
            return
        _, message, action, refusal, prefix = offer
        try:
            self.match.override_preview(action, prefix)
        except OverrideRefused as e:
            self.override_offer = None
            self.say(str(e), T.BAD, 10.0)
            return
        p = action.player
        try:
            what = self.rules.describe(self.state, action)
        except Exception:  # noqa: BLE001 - a refused action may not describe itself
            what = str(action)
        n = self.match.setup.players
        others = [(q, self.player_name(q), self.view.player_color(self.state, q))      # the next seats first
                  for q in sorted(self.humans(), key=lambda q: (q - p) % n) if q != p]
        private = bool(others) and self.holds_private()

        def agreed(note, seats):
            before = self.spots()
            played = len(self.match.actions)
            try:
                for step in prefix:          # the legal step the controller would have played first
                    self.match.submit(step)
                self.match.override(action, note, seats)
            except (OverrideRefused, Illegal) as e:
                self.say(str(e), T.BAD, 10.0)
                if len(self.match.actions) != played:
                    self.state_changed(entry=self.match.log[-1], before=before)
                return
            self.override_offer = None
            self.ctl.message, self.ctl.message_rule = "", ""
            if private:          # the last to agree saw the screen: hand it back to whoever acts now
                self.last_human = seats[-1]
            self.state_changed(entry=self.match.log[-1], before=before)
            self.say(f"Allowed as a house rule: \u201c{note}\u201d", T.WARN, 6.0)
            self.check_autosave()

        def cancelled(why):
            if why:
                self.say(why, T.WARN, 6.0)
            if private and why:
                self.app.push(Handoff(self.app, self.player_name(p), self.view.player_color(self.state, p),
                                      "The house rule was not agreed: back to your turn."))
        OverrideAsk(self.app, (p, self.player_name(p), self.view.player_color(self.state, p)), others, what,
                    refusal.reason, refusal.rule, private, agreed, cancelled).start()
