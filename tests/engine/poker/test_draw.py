"""The draw games on stacked decks: the draw order from the button's left and the replacement
counts (004 s.574, D-446), standing pat, forged draws, the deck running out (D-802), the limits
before and after the draw (D-446, D-450), each evaluator's showdown (A-5 and 2-7 lowball, D-445;
Badugi by the rulebook's own examples, 004 s.623-630, D-450; the joker as an ace or filler in
high draw and as the lowest missing card in lowball, 004 s.541; Mexican Draw's wild joker,
D-453; hi-lo with and without a qualifying low, D-447), what each seat sees and the history."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from tests.engine.poker.deal import FULL
from webgame.engine.hands.value import HandValue
from webgame.engine.protocol import IllegalAction
from webgame.engine.state import dump, load
from webgame.games.poker import bots, draw
from webgame.games.poker.games import GameKind
from webgame.games.poker.hand import (
    Forced,
    HandState,
    act,
    is_over,
    legal,
    record,
    showdown,
    start_hand,
    timeout_action,
    to_act,
    view,
)
from webgame.games.poker.history import history_text
from webgame.games.poker.structures import Structure

HIGH = GameKind("Five-Card Draw", hole_cards=5, draws=1, evaluator="high")
HIGH_JOKER = GameKind("Five-Card Draw", hole_cards=5, draws=1, evaluator="high", joker="bug")
MEXICAN = GameKind("Mexican Draw", hole_cards=5, draws=1, evaluator="high", joker="wild")
A5 = GameKind("Lowball Draw", hole_cards=5, draws=1, evaluator="a5")
A5_JOKER = GameKind("Lowball Draw", hole_cards=5, draws=1, evaluator="a5", joker="bug")
DEUCE = GameKind("Lowball Draw", hole_cards=5, draws=1, evaluator="27")
DEUCE_JOKER = GameKind("Lowball Draw", hole_cards=5, draws=1, evaluator="27", joker="bug")
HI_LO = GameKind("Five-Card Draw Hi-Lo", hole_cards=5, draws=1, evaluator="hi-lo", hi_lo=True)
BADUGI = GameKind("Badugi", hole_cards=4, draws=3, evaluator="badugi")
LIMIT = Structure("fixed-limit", 100, 200, bets=(200, 200, 400, 400), raise_cap=3, cap_heads_up=True)


def cards(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def deal(kind: GameKind, holes: list[str], after: str = "", stacks: list[int] | None = None,
         joker: bool = False) -> HandState:
    """Seats 1, 2, … clockwise from the button's left, the button the last; blinds $1-$2 from
    seats 1 and 2 (heads-up: the button posts the small blind). ``after``: the next cards of the
    deck after the deal (the burn first, then the draws in turn)."""
    hole = [cards(h) for h in holes]
    rest = cards(after)
    named = [c for h in hole for c in h] + rest
    universe = FULL + (["JK"] if joker or "JK" in named else [])
    deck = [h[i] for i in range(len(hole[0])) for h in hole] + rest + [c for c in universe if c not in named]
    seats = [(n + 1, (stacks or [10000] * len(holes))[n]) for n in range(len(holes))]
    if len(holes) == 2:
        forced = [Forced(2, "small-blind", 100), Forced(1, "big-blind", 200)]
    else:
        forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)]
    return start_hand(kind, LIMIT, seats, len(holes), forced, deck)


def call_round(h: HandState) -> None:
    """Everyone calls or checks until the betting round is over."""
    while not is_over(h) and h.phase == "betting":
        seat = to_act(h)
        assert seat is not None
        kinds = {o.kind for o in legal(h, seat)}
        act(h, seat, "check" if "check" in kinds else "call")


def stand_pat_all(h: HandState) -> None:
    while not is_over(h) and h.phase == "draw":
        act(h, to_act(h) or 0, "draw", spot="")


def play_out(h: HandState) -> None:
    """Call every round, stand pat at every draw."""
    while not is_over(h):
        call_round(h)
        stand_pat_all(h)


# --------------------------------------------------------------------------- the draw

def test_the_draw_goes_from_the_button_left_with_one_card_for_each_discard_after_a_burn_D446() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c", "QsQdJh8c6d"], after="9s" + "AhAc" + "TdTh8d")
    call_round(h)
    assert h.phase == "draw" and to_act(h) == 1  # the seat left of the button draws first
    assert [(o.kind, o.min, o.max) for o in legal(h, 1)] == [("draw", 0, 5)]
    assert act(h, 1, "draw", spot="2c,3d") == ["Seat 1 draws 2 cards"]
    assert h.player(1).hole == ["Ah", "Ac", "4h", "5s", "7c"]  # each new card where its discard was
    assert to_act(h) == 2
    assert act(h, 2, "draw", spot="") == ["Seat 2 stands pat"]
    assert h.player(2).hole == cards("AsAdKhKd9c")
    act(h, 3, "draw", spot="Jh,8c,6d")
    assert h.player(3).hole == cards("QsQdTdTh8d")
    assert h.burns == ["9s"]
    # The betting round after the draw opens left of the button, at the big bet.
    assert h.phase == "betting" and to_act(h) == 1
    bet = next(o for o in legal(h, 1) if o.kind == "bet")
    assert (bet.min, bet.max) == (400, 400)


def test_a_seat_sees_how_many_cards_the_others_drew_but_never_their_cards() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c"], after="9s" + "AhAc")
    call_round(h)
    assert view(h, 1)["street"] == "the draw"
    act(h, 1, "draw", spot="2c 3d")     # as the felt's form of ticked cards posts it
    act(h, 2, "draw", spot="")
    seen = {s["seat"]: s for s in view(h, 2)["seats"]}
    assert seen[1]["cards"] == [] and seen[1]["face_down"] == 5 and seen[1]["drew"] == [2]
    assert seen[1]["my_discards"] == [] and seen[2]["drew"] == [0]
    assert "2c" not in json.dumps(view(h, 2)) and "Ah" not in json.dumps(view(h, 2))
    mine = {s["seat"]: s for s in view(h, 1)["seats"]}[1]
    assert mine["cards"] == ["Ah", "Ac", "4h", "5s", "7c"] and mine["my_discards"] == [["2c", "3d"]]
    assert view(h, 1)["street"] == "after the draw" and view(h, 1)["boards"] == []
    assert "Ah" not in json.dumps(view(h, None))


def test_forged_draws_are_refused_and_the_turn_stays() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c"])
    call_round(h)
    assert to_act(h) == 1  # heads-up: the big blind, left of the button, draws first
    for spot in ("Ks", "2c,2c", "JK", "2c,3d,4h,5s,7c,As"):
        with pytest.raises(IllegalAction):
            act(h, 1, "draw", spot=spot)
    with pytest.raises(IllegalAction):
        act(h, 1, "check")           # a draw is due, not a bet
    with pytest.raises(IllegalAction):
        act(h, 2, "draw", spot="")   # not seat 2's turn
    assert to_act(h) == 1 and h.player(1).hole == cards("2c3d4h5s7c")


def test_a_silent_player_stands_pat_P321() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c"])
    call_round(h)
    assert timeout_action(h, 1) == ("draw", 0, "")


def test_an_all_in_player_still_draws() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c", "QsQdJh8c6d"], stacks=[10000, 10000, 150])
    act(h, 3, "call")  # all-in for $1.50
    call_round(h)
    assert h.player(3).all_in
    order = []
    while h.phase == "draw":
        order.append(to_act(h))
        act(h, to_act(h) or 0, "draw", spot="")
    assert order == [1, 2, 3]


def test_the_stub_running_out_is_made_up_from_the_last_card_the_burns_and_other_discards_D802() -> None:
    kind = GameKind("Triple Draw", hole_cards=5, draws=3, evaluator="a5")
    deck = list(FULL)
    seats = [(n, 10000) for n in range(1, 9)]
    h = start_hand(kind, LIMIT, seats, 8, [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)], deck)
    call_round(h)
    burn, stub, last = deck[40], deck[41:51], deck[51]
    assert h.burns == [burn]
    thrown: dict[int, list[str]] = {}
    for seat in range(1, 9):
        before = list(h.player(seat).hole)
        act(h, seat, "draw", spot=",".join(before))
        thrown[seat] = before
        got = h.player(seat).hole
        assert not set(got) & set(before)  # never the drawer's own discards
        held = [c for s in range(1, 9) for c in h.player(s).hole]
        assert len(held) == len(set(held)) == 40
        if seat == 1:
            assert got == stub[:5]
        if seat == 2:
            assert got == stub[5:]  # down to the card before the last: the last is never dealt
            assert h.deck[h.dealt:] == [last] and draw._spare(h) == 0
        if seat == 3:
            # The last card and the burn make the new stub, then the discards of seats 1 and 2.
            assert {last, burn} <= set(got) and set(got) - {last, burn} <= set(thrown[1] + thrown[2])
    assert h.phase == "betting"
    # The second draw: the first round's discards (those not dealt again) join the muck.
    call_round(h)
    for seat in range(1, 9):
        before = list(h.player(seat).hole)
        act(h, seat, "draw", spot=",".join(before))
        assert not set(h.player(seat).hole) & set(before)
        held = [c for s in range(1, 9) for c in h.player(s).hole]
        assert len(held) == len(set(held)) == 40
    # The state still round-trips through JSON.
    assert dump(load(HandState, dump(h))) == dump(h)


def test_limits_small_before_and_big_after_the_draw_and_triple_draw_two_and_two_D446_D450() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c", "QsQdJh8c6d"])
    assert h.structure.bets == (200, 400)
    raise_ = next(o for o in legal(h, 3) if o.kind == "raise")
    assert (raise_.min, raise_.max) == (400, 400)  # the big blind plus one small bet
    b = deal(BADUGI, ["Ac2d3h4s", "5c6d7h8s", "9cTdJhQs"])
    assert b.structure.bets == (200, 200, 400, 400)
    sizes = []
    while not is_over(b):
        if b.phase == "betting":
            seat = to_act(b) or 0
            opt = next(o for o in legal(b, seat) if o.kind in ("bet", "raise"))
            sizes.append(opt.min - b.current)
            call_round(b)
        stand_pat_all(b)
    assert sizes == [200, 200, 400, 400]  # four betting rounds: three draws (004 s.624)


# --------------------------------------------------------------------------- showdowns

def showdown_of(kind: GameKind, holes: list[str], take: int = 0) -> dict[str, object]:
    h = deal(kind, holes, joker=any("JK" in x for x in holes))
    play_out(h)
    awards = showdown(h, take)
    won: dict[int, int] = {}
    for aw in awards:
        for s, a in aw.winners.items():
            won[s] = won.get(s, 0) + a
    return {"winners": won,
            "halves": [(aw.half, dict(aw.winners)) for aw in awards],
            "names": {s: n for aw in awards for s, n in aw.hand_names.items()},
            "hand": h}


def test_deuce_to_seven_the_wheel_is_ace_high_and_loses_to_seven_five_D445() -> None:
    out = showdown_of(DEUCE, ["As2d3c4h5s", "7c5d4s3h2c"])
    assert out["winners"] == {2: 400} and out["names"] == {2: "7-5-4-3-2 low"}
    # The same cards at ace-to-five: the wheel is the best hand.
    out = showdown_of(A5, ["As2d3c4h5s", "7c5d4s3h2c"])
    assert out["winners"] == {1: 400} and out["names"] == {1: "5-4-3-2-A low"}


def test_deuce_to_seven_straights_and_flushes_count_against_the_hand_D445() -> None:
    assert showdown_of(DEUCE, ["2c3d4h5s6c", "Kc9d7h5d3s"])["winners"] == {2: 400}   # a straight loses to king high
    assert showdown_of(DEUCE, ["2h4h6h8hTh", "2c2d5s7c9d"])["winners"] == {2: 400}   # a flush loses to a pair
    assert showdown_of(A5, ["2h4h6h8hTh", "2c2d5s7c9d"])["winners"] == {1: 400}      # A-5 ignores the flush


def test_ace_to_five_one_pair_beats_two_pair_and_lower_pairs_win_D445() -> None:
    assert showdown_of(A5, ["KcKdQh2s3c", "4c4d5h5s6c"])["winners"] == {1: 400}
    assert showdown_of(A5, ["3c3d9h8s7c", "4c4d5h2s6c"])["winners"] == {1: 400}


def test_the_joker_is_the_lowest_missing_card_in_lowball_004_s541() -> None:
    assert draw.rank_hand(A5_JOKER, cards("Ac2d3h5sJK"))[0].description == "5-4-3-2-A low"
    assert draw.rank_hand(DEUCE_JOKER, cards("3c4d5h8sJK"))[0].description == "8-5-4-3-2 low"
    # At 2-7 the joker's suit makes no flush: four hearts and the joker are still 8-5-4-3-2.
    assert draw.rank_hand(DEUCE_JOKER, cards("3h4h5h8hJK"))[0].description == "8-5-4-3-2 low"
    out = showdown_of(A5_JOKER, ["Ac2d3h5sJK", "6c4d3s2cAh"])
    assert out["winners"] == {1: 400}


def test_the_joker_is_an_ace_or_a_straight_or_flush_filler_in_high_draw_004_s541() -> None:
    def name(kind: GameKind, text: str) -> str:
        return draw.rank_hand(kind, cards(text))[0].description
    assert name(HIGH_JOKER, "AsAdAhAcJK") == "five aces"
    assert name(HIGH_JOKER, "KsQdJhTcJK") == "straight, ace high"
    assert name(HIGH_JOKER, "2h5h8hJhJK").startswith("flush")
    assert name(HIGH_JOKER, "7s7dKh3cJK").startswith("pair of sevens")   # the joker is an ace, not a seven
    assert name(MEXICAN, "7s7dKh3cJK").startswith("three of a kind, sevens")  # wild (D-453)
    out = showdown_of(HIGH_JOKER, ["AsAdAhAcJK", "9hThJhQhKh"])
    assert out["winners"] == {1: 400} and out["names"] == {1: "five aces"}   # above a straight flush (004 s.528)


def test_mexican_draw_five_of_a_kind_beats_a_straight_flush_and_five_aces_is_best_D453() -> None:
    five_kings = draw.rank_hand(MEXICAN, cards("KsKdKhKcJK"))[0]
    five_aces = draw.rank_hand(MEXICAN, cards("AsAdAhAcJK"))[0]
    royal = draw.rank_hand(MEXICAN, cards("AsKsQsJsTs"))[0]
    assert five_aces > five_kings > royal


BADUGI_LINES = [
    # (004 line, cards, the hand's words)
    ("s.625-627", "Ac2d3h4s", "Badugi, 4-3-2-A"),
    ("s.627", "2s3h4d5c", "Badugi, 5-4-3-2"),
    ("s.627", "2d4c6s7h", "Badugi, 7-6-4-2"),
    ("s.628", "Ac2d4h4s", "3-card hand, 4-2-A"),
    ("s.628", "Ac2d2h2s", "2-card hand, 2-A"),
    ("s.628", "4c4d4h4s", "1-card hand, 4"),
    ("s.629", "Ad4s5h6h", "3-card hand, 5-4-A"),   # one heart plays: the lower (D-450)
    ("s.630", "KhKc9c8s", "3-card hand, K-9-8"),
]


@pytest.mark.parametrize(("line", "hand", "words"), BADUGI_LINES)
def test_badugi_hands_as_the_rulebook_values_them_D450(line: str, hand: str, words: str) -> None:
    assert draw.rank_hand(BADUGI, cards(hand))[0].description == words, line


def test_badugi_more_cards_always_beat_fewer_and_lower_wins_within_a_size_004_s628_D450() -> None:
    def value(text: str) -> HandValue:
        return draw.rank_hand(BADUGI, cards(text))[0]
    order = ["Ac2d3h4s", "2s3h4d5c", "2d4c6s7h", "KcQdJhTs",   # Badugis, best first (s.627)
             "Ac2d4h4s", "KcKdQhJs",                            # three-card hands (s.628)
             "Ac2d2h2s", "KcQcJcKd",                            # two-card hands
             "3c3d3h3s", "4c4d4h4s"]                            # one-card hands
    values = [value(h) for h in order]
    assert all(a > b for a, b in pairwise(values))


def test_badugi_showdown_through_the_three_draws() -> None:
    out = showdown_of(BADUGI, ["KcKdQhJs", "2d4c6s7h", "As2s3s5s"])
    assert out["winners"] == {2: 600} and out["names"] == {2: "Badugi, 7-6-4-2"}


def test_hi_lo_without_a_qualifying_low_the_high_takes_it_all_D447() -> None:
    out = showdown_of(HI_LO, ["KsKd9h9c2s", "QsQdJhTc9s"])
    assert out["halves"] == [("whole", {1: 400})]


def test_hi_lo_splits_high_and_low_with_the_odd_chip_to_the_high_004_s582() -> None:
    out = showdown_of(HI_LO, ["KsKd9h9c2s", "8c6d4h3s2c", "QsQdJhTc9s"], take=1)
    assert out["halves"] == [("high", {1: 300}), ("low", {2: 299})]
    assert out["names"][2] == "8-6-4-3-2 low"
    # A wheel is a straight and the best low: it scoops.
    out = showdown_of(HI_LO, ["KsKd9h9c2s", "As2d3h4c5s"])
    assert out["winners"] == {2: 400}


# --------------------------------------------------------------------------- the record

def test_the_history_shows_the_draws_cards_only_to_their_owner() -> None:
    h = deal(HIGH, ["2c3d4h5s7c", "AsAdKhKd9c"], after="9s" + "AhAc")
    play_out_draw = [("draw", 1, "2c,3d"), ("draw", 2, "")]
    call_round(h)
    for kind, seat, spot in play_out_draw:
        act(h, seat, kind, spot=spot)
    play_out(h)
    showdown(h, 0)
    rec = record(h)
    assert rec["dealt"]["1"] == cards("2c3d4h5s7c") and rec["hole"]["1"] == ["Ah", "Ac", "4h", "5s", "7c"]
    mine = history_text(rec, 1, "T", 1, "2026-01-01T00:00:00")
    theirs = history_text(rec, 2, "T", 1, "2026-01-01T00:00:00")
    assert "Dealt to Seat 1 [2c 3d 4h 5s 7c]" in mine
    assert "*** FIRST DRAW ***" in mine and "Seat 1: discards 2 cards [2c 3d]" in mine
    assert "Dealt to Seat 1 [4h 5s 7c] [Ah Ac]" in mine and "Seat 2: stands pat" in mine
    assert "Seat 1: discards 2 cards\n" in theirs and "[2c 3d]" not in theirs.split("*** SHOW DOWN")[0]


# --------------------------------------------------------------------------- the bots

@pytest.mark.parametrize(("kind", "hand", "thrown"), [
    (HIGH, "5s6d7h8c9s", ""),            # a straight stands pat
    (HIGH, "7s7dKh3c2d", "Kh,3c,2d"),     # keep the pair
    (HIGH, "7s7d7hKc2d", "Kc,2d"),        # keep the trips
    (HIGH, "As9s5s2sKd", "Kd"),           # four to a flush
    (HIGH_JOKER, "JK7d7hKc2d", "Kc,2d"),  # the joker stays with the pair
    (A5, "Ac2d3h9sKd", "9s,Kd"),          # keep the low cards: two to A-2-3
    (A5, "Ac2d3h5s7c", ""),               # a smooth seven stands pat
    (A5, "Ac2d2h5sKc", "Kc,2h"),          # a paired card goes
    (DEUCE, "As2d3h7c8s", "As"),          # the ace is high at 2-7
    (BADUGI, "Ac2d4h4s", "4s"),           # the counterfeited four goes
    (BADUGI, "Ac2d3h4s", ""),             # a Badugi stands pat
    (BADUGI, "AcKc3h4s", "Kc"),           # the king of the same suit goes
])
def test_bots_draw_sensibly(kind: GameKind, hand: str, thrown: str) -> None:
    assert sorted(bots.draw_discards(kind, cards(hand))) == sorted(c for c in thrown.split(",") if c)


# --------------------------------------------------------------------------- the rules files

DRAW_GAMES = {"five-card-draw": {"chapter4"}, "lowball-draw": {"chapter4"}, "five-card-draw-hi-lo": {"chapter4"},
              "mexican-draw": {"crystal-park"}, "badugi": {"chapter4"}}


def _tables() -> list[tuple[str, str, dict[str, object]]]:
    from webgame.engine.paytable import load_game

    out: list[tuple[str, str, dict[str, object]]] = []
    for game in DRAW_GAMES:
        for slug, variant in load_game(game).variants.items():
            choices = [(name, c) for name, spec in variant.options.items() for c in spec["choices"]]
            out += [(game, slug, {})] + [(game, slug, {name: c}) for name, c in choices]
    return out


@pytest.mark.parametrize(("game", "slug", "options"), _tables())
def test_each_draw_variant_deals_a_hand_to_the_end(game: str, slug: str, options: dict[str, object]) -> None:
    import random

    from webgame.engine.paytable import load_game, resolve
    from webgame.games.poker.games import kind_from_rules
    from webgame.games.poker.structures import from_rules

    assert set(load_game(game).variants) == DRAW_GAMES[game]
    variant = load_game(game).variants[slug]
    assert variant.seed and variant.sections and variant.notes
    rules = resolve(variant, {"options": options} if options else None)
    kind = kind_from_rules(variant.game_name, rules)
    assert kind.draws and rules["take"] and rules["seats"] in (6, 8)
    deck = list(FULL) + (["JK"] if kind.joker else [])
    random.Random(slug + str(options)).shuffle(deck)
    blinds = rules["blinds"]
    forced = [Forced(1, "big-blind", blinds[-1])] if len(blinds) == 1 else \
        [Forced(1, "small-blind", blinds[0]), Forced(2, "big-blind", blinds[-1])]
    h = start_hand(kind, from_rules(rules), [(s, 5000) for s in (1, 2, 3)], 3, forced, deck)
    while not is_over(h):
        seat = to_act(h) or 0
        kinds = {o.kind for o in legal(h, seat)}
        if "draw" in kinds:
            act(h, seat, "draw", spot=",".join(bots.draw_discards(kind, h.player(seat).hole)))
        else:
            act(h, seat, "check" if "check" in kinds else "call")
    awards = showdown(h, 1)
    assert sum(a.amount for a in awards) + 1 == sum(p.put_in for p in h.players)
    assert all(a.hand_names for a in awards)


# --------------------------------------------------------------------------- Badugi's seats

def test_badugi_newcomers_post_anywhere_in_a_short_game_but_wait_for_the_big_blind_when_full_s632() -> None:
    from webgame.games.poker import room as rm

    holdem = rm.RoomRules(blinds=(100, 200), structure="fixed-limit", max_seats=6)
    badugi = rm.RoomRules(blinds=(100, 200), structure="fixed-limit", max_seats=6, entry_any_position_short=True)

    def seated(rules: rm.RoomRules, *seats: int) -> rm.Room:
        room = rm.Room(max_seats=6)
        for seat in seats:
            rm.sit(room, seat, f"p{seat}", rules)
        room.button = 1
        plan = rm.plan_hand(room, rules, {s.seat: 5000 for s in room.seats})
        rm.after_hand(room, plan, plan.dealt, [])
        return room

    # A short game: seats 1, 2, 4, 5, the button moving to 2 and the blinds to 4 and 5; a
    # newcomer in seat 3, between the button and the small blind, posts and plays at Badugi
    # but waits for the button to pass at hold'em (D-413).
    for rules, dealt in ((badugi, True), (holdem, False)):
        room = seated(rules, 1, 2, 4, 5)
        rm.sit(room, 3, "newcomer", rules)
        rm.post_to_play(room, 3)
        plan = rm.plan_hand(room, rules, {s.seat: 5000 for s in room.seats})
        assert plan.button == 2 and plan.blinds_at == [4, 5]
        assert (3 in plan.dealt) is dealt, rules
    # A full game: posting is not enough; the newcomer waits for the big blind.
    room = seated(badugi, 1, 2, 3, 4, 5)
    rm.sit(room, 6, "newcomer", badugi)
    rm.post_to_play(room, 6)
    plan = rm.plan_hand(room, badugi, {s.seat: 5000 for s in room.seats})
    assert 6 not in plan.dealt and not rm.may_post(room, badugi)


# --------------------------------------------------------------------------- the table

@pytest.mark.parametrize(("table_name", "game", "slug", "options"), [
    ("BADUGI", "badugi", "chapter4", {}),
    ("MEXICAN_DRAW", "mexican-draw", "crystal-park", {}),
    ("FIVE_CARD_DRAW", "five-card-draw", "chapter4", {"joker": True}),
])
def test_house_bots_play_a_draw_hand_through_the_table_and_the_pot_ends_empty(
        table_name: str, game: str, slug: str, options: dict[str, object]) -> None:
    from webgame.engine.paytable import load_game, resolve
    from webgame.engine.protocol import Action, Drop, Settlement, Stake
    from webgame.engine.rng import SeededRng
    from webgame.games.poker import table as poker_table

    table = getattr(poker_table, table_name)
    rules = resolve(load_game(game).variants[slug], {"options": options} if options else None)
    drew = False
    for deal in range(6):  # a few hands: three bots may fold to the blind before any draw
        rng = SeededRng(f"draw-bots-{table_name}-{deal}".encode())
        state = table.new_round(rules, rng, None)
        for seat in range(4):
            table.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
        events = table.apply(state, Action("deal"), rng)
        assert state.hand is not None and ("JK" in state.hand.deck) is bool(state.hand.kind.joker)
        assert len(state.hand.deck) == (53 if state.hand.kind.joker else 52)
        for _ in range(200):
            seat = table.to_act(state)
            if seat is None:
                break
            move = table.bot_action(state, seat)
            assert move is not None
            drew = drew or move.kind == "draw"
            events += table.apply(state, move, rng)
        assert table.is_over(state)
        staked = sum(e.amount for e in events if isinstance(e, Stake))
        back = sum(e.returned for e in events if isinstance(e, Settlement) and e.bet == "pot")
        taken = sum(e.amount for e in events if isinstance(e, Drop))
        assert staked == back + taken
        if drew:
            break
    assert drew
    felt = table.view(state, 0)["poker"]
    assert felt["draw_game"] and all("drew" in s for s in felt["seats"].values())
    assert "Dealt to" in table.history(state, 0, {}, "T", 1, "2026-01-01T00:00:00")


def test_a_deal_plan_from_rules_data() -> None:
    from webgame.games.poker.games import kind_from_rules

    kind = kind_from_rules("Draw", {"hole_cards": 5, "draws": 1, "evaluator": "high-joker"})
    assert (kind.evaluator, kind.joker, kind.draws) == ("high", "bug", 1)
    assert kind_from_rules("Draw", {"hole_cards": 5, "draws": 1, "joker": True}).joker == "bug"
    assert kind_from_rules("Draw", {"hole_cards": 5, "draws": 1, "joker": False}).joker == ""
    for bad in ({"evaluator": "razz"}, {"draws": 4}, {"evaluator": "badugi", "joker": True}):
        with pytest.raises(ValueError):
            kind_from_rules("Draw", {"hole_cards": 4, "draws": 1, **bad})


def test_the_posted_rules_of_each_draw_table() -> None:
    from webgame.engine.paytable import load_game, resolve
    from webgame.games.poker.table import rules_lines, take_words

    def lines(game: str, slug: str, options: dict[str, object] | None = None) -> str:
        rules = resolve(load_game(game).variants[slug], {"options": options} if options else None)
        return " ".join(rules_lines(rules)) + " " + take_words(rules)

    low = lines("lowball-draw", "chapter4", {"evaluator": "27", "joker": True})
    assert "Deuce-to-seven" in low and "7-5-4-3-2" in low and "lowest card missing" in low
    assert "none before the draw" in low and "flop" not in low
    assert "5-4-3-2-A is the best hand" in lines("lowball-draw", "chapter4")
    mexican = lines("mexican-draw", "crystal-park")
    assert "joker is wild" in mexican and "Five aces" in mexican and "reaches the draw" in mexican
    assert "There are 3 draws of 0 to 4 cards" in lines("badugi", "chapter4")
    assert "big bet on the last two" in lines("badugi", "chapter4")
    assert "odd chip" in lines("five-card-draw-hi-lo", "chapter4")
