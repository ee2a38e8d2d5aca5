"""The player-dealer editions of Ultimate Texas Hold'em (seed 001 §26-§29, 002 §39-§41,
003 §35-§36): what each changes of the house game, on decks stacked to force exact hands.
The engine settles as if the house banked; the P/D table settles those results against the
P/D's stake, so every figure here is the rulebook's.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.engine.test_ultimate_holdem import check_money, deck, nets, settled
from webgame.engine.cards import standard_deck
from webgame.engine.paytable import RULES_DIR, load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Refund, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.holdem import ULTIMATE, HoldemState

EDITIONS = ("lucky-derby", "bad-beat-lucky-derby", "bad-beat-1.0", "crystal-park")
BAD_BEAT_EDITIONS = ("bad-beat-lucky-derby", "bad-beat-1.0")
TRIPS, BAD_BEAT = "uth-trips", "uth-bad-beat-bonus"


def rules_of(edition: str) -> dict[str, Any]:
    return resolve(load_game("ultimate-texas-holdem").variants[edition])


def deck_order(rules: Mapping[str, Any], board: Sequence[str], hands: Sequence[Sequence[str]],
               dealer: Sequence[str]) -> list[str]:
    """The deck that deals exactly this board, these hands and the dealer's cards, with the
    edition's own burns (the Bad Beat editions burn before the flop only, 001 s.1770)."""
    used = [*board, *dealer, *(c for h in hands for c in h)]
    assert len(set(used)) == len(used), "a card twice in the stacked deal"
    rest = [c.code for c in standard_deck() if c.code not in used]
    order: list[str] = []
    for i, card in enumerate(board):
        if i in rules["burn_before"]:
            order.append(rest.pop(0))
        order.append(card)
    for h in hands:
        order += list(h)
    return order + list(dealer) + rest


def stacked(edition: str, *, board: str, hands: Sequence[str], dealer: str,
            bets: Mapping[int, Mapping[str, int]]) -> tuple[HoldemState, list[Event]]:
    rules = rules_of(edition)
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules, rng, None)
    events: list[Event] = []
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += ULTIMATE.apply(state, Action("bet", seat, spot, amount), rng)
    with deck(deck_order(rules, board.split(), [h.split() for h in hands], dealer.split())):
        events += ULTIMATE.apply(state, Action("deal"), rng)
    return state, events


def act(state: HoldemState, kind: str, seat: int = 0, spot: str = "") -> list[Event]:
    return ULTIMATE.apply(state, Action(kind, seat, spot), SeededRng(1))


def played(edition: str, board: str, hand: str, dealer: str, *, play: str = "4x", trips: int = 0,
           bad_beat: int = 0) -> dict[str, int]:
    """One position's nets on a $10 Ante after playing ``play`` (4x, 1x at the river, or fold)."""
    spots = {"ante": 1000, **({TRIPS: trips} if trips else {}), **({BAD_BEAT: bad_beat} if bad_beat else {})}
    state, events = stacked(edition, board=board, hands=[hand], dealer=dealer, bets={0: spots})
    if play == "4x":
        events += act(state, "play", 0, "4x")
    else:
        events += act(state, "check") + act(state, "check")
        events += act(state, "play", 0, "1x") if play == "1x" else act(state, "fold")
    assert ULTIMATE.is_over(state)
    check_money(events, True, state.settled)
    return nets(events)


# ---------------------------------------------------------------------------------------
# The data
# ---------------------------------------------------------------------------------------
def test_every_edition_is_banked_by_a_player_dealer_and_the_house_game_is_not() -> None:
    with open(RULES_DIR / "ultimate-texas-holdem.toml", "rb") as fh:
        raw = tomllib.load(fh)["variants"]
    assert {v for v, data in raw.items() if data.get("banking") == "player-dealer"} == set(EDITIONS)
    assert "banking" not in raw["grand-ronde"]


@pytest.mark.parametrize(("edition", "table", "quads", "full_house", "flush", "straight"), [
    ("lucky-derby", "uth-trips-001", "20 to 1", "7 to 1", "6 to 1", "5 to 1"),            # 001 s.2467-2470
    ("bad-beat-lucky-derby", "uth-trips-001", "20 to 1", "7 to 1", "6 to 1", "5 to 1"),   # 001 s.1841-1844
    ("bad-beat-1.0", "uth-trips-002", "30 to 1", "8 to 1", "6 to 1", "5 to 1"),           # 002 s.6120-6123
    ("crystal-park", "uth-trips-003", "30 to 1", "8 to 1", "6 to 1", "5 to 1"),           # 003 s.2109-2112
])
def test_each_edition_pays_trips_from_its_own_table(edition: str, table: str, quads: str, full_house: str,
                                                    flush: str, straight: str) -> None:
    rules = rules_of(edition)
    assert ULTIMATE.side_paytable(rules, TRIPS) == table
    lines = rules["paytables"][table]["lines"]
    assert (lines["royal-flush"], lines["straight-flush"], lines["three-of-a-kind"]) == ("50 to 1", "40 to 1", "3 to 1")
    assert (lines["four-of-a-kind"], lines["full-house"], lines["flush"], lines["straight"]) == \
        (quads, full_house, flush, straight)
    assert ULTIMATE.paytables_view(rules)[TRIPS]["lines"][2] == {"hand": "four-of-a-kind", "label": "Quads",
                                                                 "pays": quads}


@pytest.mark.parametrize("edition", EDITIONS)
def test_blind_and_play_are_the_house_games(edition: str) -> None:
    rules = rules_of(edition)
    house = resolve(load_game("ultimate-texas-holdem").variants["grand-ronde"])
    assert rules["paytables"][rules["matched_paytable"]]["lines"] == house["paytables"]["uth-blind"]["lines"]
    assert rules["paytables"][rules["main_paytable"]]["lines"] == house["paytables"]["uth-ante-play"]["lines"]
    assert [s["multiples"] for s in rules["streets"]] == [[4, 3], [2], [1]]
    assert rules["dealer_qualifies"] == "pair"


def test_only_the_bad_beat_editions_offer_the_bad_beat_bonus() -> None:
    for edition in EDITIONS:
        offered = rules_of(edition)["side_bets"]
        assert (BAD_BEAT in offered) == (edition in BAD_BEAT_EDITIONS) and TRIPS in offered
    assert BAD_BEAT not in resolve(load_game("ultimate-texas-holdem").variants["grand-ronde"])["side_bets"]


# ---------------------------------------------------------------------------------------
# Trips and the fold (D-297, D-305)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("edition", "trips"), [
    ("lucky-derby", 1500),            # 001 s.2406, s.2454: "the trips bet always wins - even if the player folds"
    ("crystal-park", 1500),           # 003 s.2034, s.2085 NOTE
    ("bad-beat-lucky-derby", -500),   # 001 s.1785: the fold collects "any trips bonus wager"
    ("bad-beat-1.0", -500),           # 002 s.5987
])
def test_a_fold_with_three_of_a_kind_and_trips(edition: str, trips: int) -> None:
    # Board trips of nines: the folded hand's best five is three of a kind (3 to 1 in every table).
    out = played(edition, "9c 9d 9h Js 4d", "2h 3c", "Ac Qs", play="fold", trips=500)
    assert out == {"ante": -1000, "blind": -1000, TRIPS: trips}


@pytest.mark.parametrize("edition", BAD_BEAT_EDITIONS)
def test_a_fold_loses_the_bad_beat_bonus_with_the_rest(edition: str) -> None:
    # The folded quads would have been beaten by nobody; it is a fold: everything is lost (D-303).
    out = played(edition, "9c 9d 9h 9s 4d", "2h 3c", "Ac Qs", play="fold", trips=500, bad_beat=500)
    assert out == {"ante": -1000, "blind": -1000, TRIPS: -500, BAD_BEAT: -500}


@pytest.mark.parametrize("edition", EDITIONS)
def test_trips_is_paid_on_a_losing_hand_that_plays(edition: str) -> None:
    # Three sevens lose to the P/D's straight; Trips still pays 3 to 1 (001 s.2441, s.1832; 002 s.6092).
    out = played(edition, "7c 7d 9h Ts 2d", "7h Kc", "8c Jd", play="1x", trips=500)
    assert out == {"ante": -1000, "play": -1000, "blind": -1000, TRIPS: 1500}


# ---------------------------------------------------------------------------------------
# A P/D without a pair (D-299, D-300)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("edition", "play", "blind"), [
    ("lucky-derby", -1000, -1000),        # 001 s.2422 "resolve ... normally": the ace high beats king high
    ("crystal-park", -1000, -1000),       # 003 s.2046
    ("bad-beat-lucky-derby", 1000, 0),    # 001 s.1798 "Pay the play, blind ... in accordance with the payouts"
    ("bad-beat-1.0", 1000, 0),            # 002 s.6005; the Blind pushes below a straight (D-300)
])
def test_a_non_qualifying_player_dealer(edition: str, play: int, blind: int) -> None:
    out = played(edition, "2c 7d 9h Js 4d", "Kh 3d", "As 5c", play="1x")
    assert out == {"ante": 0, "play": play, "blind": blind}


@pytest.mark.parametrize("edition", BAD_BEAT_EDITIONS)
def test_a_non_qualifying_player_dealer_pays_the_blind_by_its_table(edition: str) -> None:
    # A flush against an ace-high P/D: Ante pushes, Play 1 to 1, Blind 3 to 2, whatever the comparison.
    out = played(edition, "2h 7h Jh Qd 3c", "Ah 5h", "Ks 8c", play="4x")
    assert out == {"ante": 0, "play": 4000, "blind": 1500}


# ---------------------------------------------------------------------------------------
# The Bad Beat Bonus (001 s.1847-1868, 002 s.6095-6124, D-303)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", BAD_BEAT_EDITIONS)
@pytest.mark.parametrize(("board", "hand", "dealer", "won"), [
    # the player's hand of three of a kind or better loses: paid by the player's hand
    ("5h 6h 7h 8h Kc", "4h 2c", "9h 2d", 3_750_000),   # straight flush beaten, 7500 to 1 (001 s.1857, 002 s.6119)
    ("9c 9d Tc Jc 2d", "9h 9s", "Qc Kc", 250_000),     # quads beaten by a straight flush, 500 to 1
    ("5c 6d 7h Jh 2h", "8s 9c", "Ah Kh", 10_000),      # straight beaten by a flush, 20 to 1
    ("7c 7d 9h Ts 2d", "7h Kc", "8c Jd", 4_500),       # trips beaten by a straight, 9 to 1
    # the player beats the P/D's three of a kind or better: paid by the P/D's (beaten) hand
    ("8c 8d 8h 3s 2d", "8s Kd", "3c 3d", 25_000),      # quads beat a full house: the full house's 50 to 1
    ("Kh 7h 2h Kd 5c", "Kc 7c", "Ah 9h", 15_000),      # a full house beats a flush: 30 to 1
    # no bad beat
    ("As Ks Qs Js Ts", "2c 3d", "4h 5c", -500),        # identical hands (both play the board) lose it (001 s.1868)
    ("7c 7d 9h 2s 3d", "Ah Ad", "9c 9d", -500),        # two pair beaten: not three of a kind
    ("7c 7d 9h 2s 3d", "7h Ad", "Kc Qd", -500),        # trips beat a P/D who does not qualify (D-303)
    ("7c 7d 9h 2s 3d", "7h Ad", "9c Kd", -500),        # trips beat two pair: the beaten hand is below trips
])
def test_each_bad_beat_line_pays_by_the_beaten_hand(edition: str, board: str, hand: str, dealer: str,
                                                    won: int) -> None:
    out = played(edition, board, hand, dealer, play="1x", trips=500, bad_beat=500)
    assert out[BAD_BEAT] == won


@pytest.mark.parametrize("edition", BAD_BEAT_EDITIONS)
def test_trips_and_bad_beat_together_no_more_than_the_ante_d302(edition: str) -> None:
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules_of(edition), rng, None)
    ULTIMATE.apply(state, Action("bet", 0, "ante", 1000), rng)
    with pytest.raises(IllegalAction, match=r"^Place Trips before betting Bad Beat Bonus\.$"):
        ULTIMATE.apply(state, Action("bet", 0, BAD_BEAT, 100), rng)  # D-303: only beside Trips
    assert {lg.spot for lg in ULTIMATE.legal_actions(state, 0) if lg.kind == "bet"} == {"ante", TRIPS}
    with pytest.raises(IllegalAction, match=r"not be more than the Ante \(\$10\)"):
        ULTIMATE.apply(state, Action("bet", 0, TRIPS, 1100), rng)  # Trips alone above the Ante
    ULTIMATE.apply(state, Action("bet", 0, TRIPS, 600), rng)
    bad_beat = next(lg for lg in ULTIMATE.legal_actions(state, 0) if lg.spot == BAD_BEAT)
    assert (bad_beat.min, bad_beat.max) == (100, 400)  # what is left of the Ante
    before = ULTIMATE.dump(state)
    with pytest.raises(IllegalAction) as refused:
        ULTIMATE.apply(state, Action("bet", 0, BAD_BEAT, 500), rng)
    assert str(refused.value) == "Trips and Bad Beat Bonus together may not be more than the Ante ($10)."
    assert ULTIMATE.dump(state) == before  # a refused bet changes nothing
    ULTIMATE.apply(state, Action("bet", 0, BAD_BEAT, 400), rng)
    assert not any(lg.spot in (TRIPS, BAD_BEAT) for lg in ULTIMATE.legal_actions(state, 0))
    ULTIMATE.apply(state, Action("bet", 0, "ante", 500), rng)  # a bigger Ante makes room again
    assert {lg.spot for lg in ULTIMATE.legal_actions(state, 0) if lg.kind == "bet"} == {"ante", TRIPS, BAD_BEAT}


def test_taking_trips_back_takes_the_bad_beat_with_it_d303() -> None:
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules_of("bad-beat-1.0"), rng, None)
    for spot, amount in (("ante", 1000), (TRIPS, 500), (BAD_BEAT, 500)):
        ULTIMATE.apply(state, Action("bet", 0, spot, amount), rng)
    refunds = ULTIMATE.apply(state, Action("clear", 0, TRIPS), rng)
    assert sorted(e.bet for e in refunds if isinstance(e, Refund)) == sorted([TRIPS, BAD_BEAT])
    assert state.seats[0].bets == {"ante": 1000, "blind": 1000}


@pytest.mark.parametrize("edition", ["lucky-derby", "crystal-park"])
def test_trips_may_be_more_than_the_ante_where_no_cap_is_stated_d302(edition: str) -> None:
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules_of(edition), rng, None)
    ULTIMATE.apply(state, Action("bet", 0, "ante", 500), rng)
    ULTIMATE.apply(state, Action("bet", 0, TRIPS, 2500), rng)  # 001 s.2477: "more than the Ante"
    assert state.seats[0].bets[TRIPS] == 2500
    with pytest.raises(IllegalAction, match="no such bet|does not offer"):
        ULTIMATE.apply(state, Action("bet", 0, BAD_BEAT, 100), rng)


def test_a_winner_is_settled_ante_play_blind_trips_bad_beat() -> None:
    # 001 s.2443-2446: pay the Ante and Play, then the Blind, then Trips; the Bad Beat after it.
    state, events = stacked("bad-beat-1.0", board="8c 8d 8h 3s 2d", hands=["8s Kd"], dealer="3c 3d",
                            bets={0: {"ante": 1000, TRIPS: 500, BAD_BEAT: 500}})
    events += act(state, "play", 0, "4x")
    order = [e.bet for e in events if isinstance(e, Settlement)]
    assert order == ["ante", "play", "blind", TRIPS, BAD_BEAT]
    got = settled(events)
    assert got[(0, "blind")].net == 10_000 and got[(0, TRIPS)].net == 15_000  # quads: 10 to 1, 30 to 1


# ---------------------------------------------------------------------------------------
# Seeded full rounds
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_seeded_rounds_settle_every_wager_once(edition: str) -> None:
    """Forty rounds per edition, up to four positions with random bonus bets, the house bots
    deciding: every stake is settled once for what was put down, and the bonuses were in play."""
    rules = rules_of(edition)
    chooser = random.Random(edition)
    ante = rules["limits"]["main"]
    antes = sorted({min(ante["min"] * k, ante["max"]) for k in (1, 2, 5)})
    seen: set[str] = set()
    for n in range(40):
        rng = SeededRng(f"{edition}:{n}")
        state = ULTIMATE.new_round(rules, rng, None)
        events: list[Event] = []
        for seat in chooser.sample(range(7), chooser.randint(1, 4)):
            events += ULTIMATE.apply(state, Action("bet", seat, "ante", chooser.choice(antes)), rng)
            for spot in (TRIPS, BAD_BEAT):
                legal = next((lg for lg in ULTIMATE.legal_actions(state, seat) if lg.spot == spot), None)
                if legal is not None and chooser.random() < 0.7:
                    events += ULTIMATE.apply(state, Action("bet", seat, spot, legal.min), rng)
        events += ULTIMATE.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not ULTIMATE.is_over(state):
            turn = ULTIMATE.to_act(state)
            assert turn is not None
            move = ULTIMATE.bot_action(state, turn)
            assert move is not None
            events += ULTIMATE.apply(state, move, rng)
        check_money(events, True, state.settled)
        for seat, box in state.seats.items():
            assert sum(box.bets.get(s, 0) for s in (TRIPS, BAD_BEAT)) <= box.bets.get("ante", 0) or \
                edition not in BAD_BEAT_EDITIONS
            seen |= {s for s in box.bets if box.status}
    assert TRIPS in seen and (BAD_BEAT in seen) == (edition in BAD_BEAT_EDITIONS)
