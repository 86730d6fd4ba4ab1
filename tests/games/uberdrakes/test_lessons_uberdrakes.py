"""UberDrakes' lessons and guided first game (data/uberdrakes/tutorials,
docs/lessons.md): one lesson per rule family of issue 34, each playing to
its end (tests/engine/test_lessons.py plays every file); the pointer names a real
control at every learner step; a lesson's hex names a large space as the
legal actions do."""
from __future__ import annotations

from engine.ui.commands import Do
from engine.core.actions import Action
from engine.core.lessons import Lesson, lesson_files
from test_ui_support import play_lesson_to_end

GAME = "uberdrakes"
FAMILIES = ("Movement cards and facing", "Fatigue", "Portals", "Riders and delivery", "The rolloff and rage",
            "Zone of control", "Blood points and rewards", "Roosting", "General actions", "The endgame")


def test_one_lesson_per_rule_family():
    lessons = [Lesson(p) for p in lesson_files(GAME)]
    families = [L.family for L in lessons]
    assert len(lessons) >= 8 and len(set(families)) == len(families)
    assert set(FAMILIES) <= set(families)


def test_every_learner_step_points_at_a_control():
    """At each learner step the controller's lesson_pointer names a card,
    a button or a space (never nothing), headless."""
    from games.uberdrakes.ui.controller import UberDrakesController
    from games.uberdrakes.ui.view import make_view
    for path in lesson_files(GAME):
        lesson = Lesson(path)
        m = lesson.new_match()
        while not lesson.done:
            if lesson.reply_due():
                lesson.autoplay(m)
                continue
            ctl = UberDrakesController(m, make_view(m))
            a = lesson.action_of(m, lesson.current())
            p = ctl.lesson_pointer(a)
            assert p is not None and (p.cards or p.buttons or p.hexes), (path.stem, a)
            if p.buttons and isinstance(p.buttons[0], Do):
                assert p.buttons[0].action == a and a in ctl.legal
            m.submit(a, autosave=False)
            lesson.advance(m)


def test_a_large_space_is_named_by_any_of_its_hexes_as_the_legal_actions_name_it():
    """A step into the East Rider Camp written with any of its hexes is the
    move the learner's click makes (the camp's anchor): before, N7 in a
    lesson never matched the click, and the step could not be made."""
    lesson = Lesson(next(p for p in lesson_files(GAME) if p.stem == "05_riders"))
    m = lesson.new_match()
    want = lesson.action_of(m, lesson.current())
    legal = [a for a in m.legal_actions() if a.kind == "move" and a["m"] == "forward" and a["how"] == "coin"]
    assert want in legal
    assert m.rules.script_param(m.state, "to", "N7") == m.rules.script_param(m.state, "to", "O7")


def test_a_wrong_sentence_may_name_the_moves_parameters():
    """UberDrakes' portal lesson: at the trip, staying ("portal travel=false",
    a key with the move's parameters) gets its own sentence; the step's own
    move passes; a move of another kind and parameters gets the step's why."""
    lesson = Lesson(next(p for p in lesson_files(GAME) if p.stem == "04_portals"))
    m = lesson.new_match()
    while lesson.current().want["kind"] != "portal":
        m.submit(lesson.action_of(m, lesson.current()), autosave=False)
        lesson.advance(m)
    step = lesson.current()
    stay = Action.make("portal", 0, travel=False)
    assert lesson.judge(m, lesson.action_of(m, step)) is None
    t = lesson.judge(m, stay)
    assert t.text == dict(step.wrong)["portal travel=false"] and t.instead == step.say
    other = Action.make("portal", 0, travel=True, facing=0)
    assert step.why in lesson.judge(m, other).text
    # the most specific key that fits wins: Dash through the portal vs Dash straight on (04's first step)
    fresh = Lesson(lesson.path)
    m2 = fresh.new_match()
    straight = next(a for a in m2.legal_actions() if a.kind == "move" and a["m"] == "dash" and not a["portal"])
    assert fresh.judge(m2, straight).text == dict(fresh.current().wrong)["move m=dash portal=false"]


def test_the_coach_warns_of_full_fatigue_with_a_rider_and_says_the_next_step():
    """games/uberdrakes/ui/coach.py: on the learner's turn, a rider at 3 fatigue
    comes first (§ Losing Riders), then the plan; the last round says who
    plays on after a roost; nothing during another dragon's turn."""
    from engine.core.lessons import Lesson
    from games.uberdrakes.ui.coach import watch
    lesson = Lesson(next(p for p in lesson_files(GAME) if p.stem == "03_fatigue"))
    m = lesson.new_match()
    m.submit(lesson.action_of(m, lesson.current()), autosave=False)        # pushed to 3 fatigue
    said = watch(m.state, 0)
    assert said[0][1] == "uberdrakes.txt § Losing Riders" and "Water Knight" in said[0][0]
    assert "through a portal" in said[1][0] and len(said) == 2
    assert watch(m.state, 1) == []
    end = Lesson(next(p for p in lesson_files(GAME) if p.stem == "10_endgame"))
    m = end.new_match()
    said = watch(m.state, 0)
    assert said[0] == ("Last round: you 2, the Water Dragon 3 victory points; the game ends when you roost.",
                       "uberdrakes.txt § Battle Royale")


def test_the_guided_game_resumes_mid_turn_and_its_forced_fight_still_comes_out_as_said(tmp_path):
    """Saved after the rider pickup and the computer's turn, reloaded: the
    coach finds step 11 again, and the opening's fight (forced dice) ends
    12 to 9 as the coach says, as in an uninterrupted game."""
    from engine.core import guided
    from engine.core.match import Match
    lesson = Lesson(guided.path_of(GAME))
    m = lesson.new_match(autosave_path=tmp_path / "g.json")
    while lesson.index < 10:
        if lesson.reply_due():
            lesson.autoplay(m)
            continue
        m.submit(lesson.action_of(m, lesson.current()), autosave=True)
        lesson.advance(m)
    m.autosave()                     # as the screen does after the computer's replies
    again = Match.load(tmp_path / "g.json")
    fresh = Lesson(guided.path_of(GAME))
    fresh.sync(again)
    assert fresh.index == 10 and fresh.current().want["kind"] == "move" and fresh.current().want["m"] == "dash"
    for match, L in ((m, lesson), (again, fresh)):
        play_lesson_to_end(match, L)
    assert again.rules.fingerprint(again.state) == m.rules.fingerprint(m.state)
    fire = again.state.players[0]
    assert fire.vp == 1 and fire.delivered == ["fire_knight"] and again.state.active == 1
    assert any("12" in e.text and "Fire Dragon rolls 5 5" in e.text for entry in again.log for e in entry.events)
