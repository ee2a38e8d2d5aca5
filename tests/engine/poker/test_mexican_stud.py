"""Mexican Stud (003 §7, D-452): the 41-card deck with its joker, the hands (the stripped deck's
straights, a flush over a full house, the joker wild face down and an ace or a straight or
flush card face up), the forced opening bet by the high card at either limit, ties nearest the
button, and the down card a player may turn up so that the next card comes down."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action
from webgame.engine.rng import SeededRng
from webgame.games.poker import mexican
from webgame.games.poker.games import kind_from_rules
from webgame.games.poker.hand import Forced, HandState, act, is_over, legal, showdown, start_hand, to_act
from webgame.games.poker.structures import from_rules
from webgame.games.poker.table import MEXICAN_STUD

RULES = resolve(load_game("mexican-stud").variants["crystal-park"])


def hand_of(first: Sequence[str], later: Sequence[Sequence[str]] = (), button: int = 0) -> HandState:
    """Seats 1..n dealt clockwise from the button's left (``first`` in that order: the down card,
    then the up card); ``later``: each later street's cards for the players still in."""
    cards = [[f[i:i + 2] for i in range(0, len(f), 2)] for f in first]
    named = [c for h in cards for c in h] + [c for street in later for c in street]
    spare = [c for c in mexican.DECK if c not in named]
    deck = [h[0] for h in cards] + [h[1] for h in cards]
    for street in later:
        deck += [spare.pop()] + list(street)
    n = len(first)
    seats = [((button + i) % n + 1, 50_000) for i in range(n)]
    return start_hand(kind_from_rules("Mexican Stud", RULES), from_rules(RULES), seats, button,
                      [Forced(s, "ante", RULES["ante"]) for s, _ in seats], deck + spare)


def value(cards: str, wild: bool = True) -> tuple[int, tuple[int, ...]]:
    return mexican.evaluate(tuple(cards.split()), wild).value


def test_the_deck_is_41_cards_without_the_8s_9s_and_10s_and_with_one_joker() -> None:
    assert len(mexican.DECK) == 41 and len(set(mexican.DECK)) == 41
    assert mexican.JOKER in mexican.DECK and not [c for c in mexican.DECK if c[0] in "89T"]
    rng = SeededRng(b"mexican")
    state = MEXICAN_STUD.new_round(RULES, rng, None)
    for seat in range(7):
        MEXICAN_STUD.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
    MEXICAN_STUD.apply(state, Action("deal"), rng)
    assert sorted(state.hand.deck) == sorted(mexican.DECK)  # 7 players x 5 + 3 burns = 38 cards
    assert state.plan.button and state.hand.button == state.plan.button - 1  # a dealer button (003 s.228)


def test_the_stripped_deck_makes_its_own_straights_and_a_flush_beats_a_full_house() -> None:
    assert value("4c 5d 6h 7s Jc")[0] == mexican.STRAIGHT          # rule 5
    assert value("7c Jd Qh Ks Ac") == (mexican.STRAIGHT, (9,))       # the highest straight
    assert value("Ac 2d 3h 4s 5c") == (mexican.STRAIGHT, (3,))       # the lowest, five high
    assert value("Qc Kd Ah 2s 3c")[0] == mexican.HIGH                # no wraparound (D-452)
    assert value("2h 5h 7h Jh Kh") > value("Ac Ad As Kc Kd")        # 003 s.237
    assert value("Ac Ad As Kc Kd") > value("Ac 2d 3h 4s 5c")


def test_the_joker_is_wild_face_down_and_only_an_ace_or_a_straight_or_flush_card_face_up() -> None:
    # rule 1; D-452: five of a kind above a straight flush, five aces the best hand
    assert mexican.evaluate(("Kc", "Kd", "Kh", "Ks", "JK"), True).words == "five of a kind, kings"
    assert value("Ac Ad Ah As JK", wild=False) == (mexican.FIVE, (9,))  # face up it is an ace
    assert value("Ac Ad Ah As JK") > value("Kc Kd Kh Ks JK") > value("Js Qs Ks As JK")
    assert value("7c 7d 3s 2h JK")[0] == mexican.TRIPS                # down: a third seven
    assert value("7c 7d 3s 2h JK", wild=False) == (mexican.PAIR, (5, 9, 1, 0))  # up: an ace kicker
    assert value("2h 5h 7h Jh JK", wild=False)[0] == mexican.FLUSH    # up: completes the flush
    assert value("4c 5d 6h 7s JK", wild=False) == (mexican.STRAIGHT, (6,))  # up: the jack of the straight


def test_the_high_card_opens_at_either_limit_ties_nearest_the_button() -> None:
    # rule 2: the high card clockwise from the button opens; a face-up joker counts as an ace
    h = hand_of(["2cKc", "3cKs", "4c7d"], button=3)  # dealt to seats 1, 2, 3 from the button's left
    assert to_act(h) == 1  # two kings: seat 1 is nearest the button, whatever the suits
    options = {o.kind: (o.min, o.max, o.label) for o in legal(h, 1)}
    assert options == {"bring-in": (300, 300, "Open for $3"), "complete": (600, 600, "Open for $6")}
    assert to_act(hand_of(["2cKc", "3cJK", "4c7d"], button=3)) == 2  # the joker up is an ace
    act(h, 1, "complete")
    assert {o.kind: (o.min, o.max) for o in legal(h, 2)}["raise"] == (1200, 1200)  # raises of the open


def test_a_player_may_turn_the_down_card_up_and_the_next_card_comes_down() -> None:
    h = hand_of(["2cKc", "3cQs", "4c7d"], [["5c", "6c", "7c"], ["2d", "3d", "4d"], ["5d", "6d", "7h"]],
                button=3)
    act(h, 1, "bring-in")
    act(h, 2, "call")
    act(h, 3, "call")
    assert h.phase == "expose" and to_act(h) == 1
    assert {o.spot for o in legal(h, 1)} == {"yes", "no"}
    act(h, 1, "expose", spot="yes")    # the 2c goes up: seat 1's next card comes down
    act(h, 2, "expose", spot="no")
    act(h, 3, "expose", spot="no")
    assert h.player(1).up == ["Kc", "2c"] and h.player(1).hole[-1] == "5c" and "5c" not in h.player(1).up
    assert "6c" in h.player(2).up and "7c" in h.player(3).up
    while not is_over(h):
        seat = to_act(h)
        assert seat is not None
        kinds = {o.kind for o in legal(h, seat)}
        if "expose" in kinds:
            act(h, seat, "expose", spot="no")
        else:
            act(h, seat, "check" if "check" in kinds else "call")
    for p in h.players:  # five cards each, one of them down
        assert len(p.hole) == 5 and len([c for c in p.hole if c not in p.up]) == 1
    assert len(showdown(h, 0)) == 1


@pytest.mark.parametrize(("turned", "wild"), [(True, True), (False, True)])
def test_a_joker_dealt_down_stays_wild_when_its_owner_turns_it_up(turned: bool, wild: bool) -> None:
    # rule 1: "wild in all cases when it is dealt facedown"
    h = hand_of(["JKKc", "3cQs"], [["Kd", "2d"], ["Kh", "4d"], ["7s", "5d"]], button=2)
    act(h, 1, "bring-in")
    act(h, 2, "call")
    act(h, 1, "expose", spot="yes" if turned else "no")
    while not is_over(h):
        seat = to_act(h)
        assert seat is not None
        kinds = {o.kind for o in legal(h, seat)}
        act(h, seat, "expose" if "expose" in kinds else "check", spot="no" if "expose" in kinds else "")
    (award,) = showdown(h, 0)
    # the joker plays as a fourth king whether it was turned up or not
    assert award.hand_names[1] == "four of a kind, kings"
