"""Chinese Poker's engine (003 §4, 004 §21, D-454): the 3/5/5 setting and its order, fouls,
clean sweeps, row-by-row scoring between every pair of players, the scoop, surrender, the
lowball rows, the all-in order, Chapter 4's pick-a-hand deal, and the money through the pot
with the house's take."""

from __future__ import annotations

import random
from typing import Any

import pytest

from webgame.engine.cards import RANKS, SUITS
from webgame.engine.paytable import resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Drop, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.chinese import rows, scoring
from webgame.games.chinese import table as chinese
from webgame.games.chinese.rows import Setting, parse_setting

GAME = "chinese-poker"
ENGINE = chinese.CHINESE_POKER
POINTS = scoring.Points(row=1, scoop=4, foul=4, surrender=2,
                        sweeps={"dragon": 13, "six-pairs": 3, "three-flushes": 3, "three-straights": 3})


def rules_of(variant: str, **options: Any) -> dict[str, Any]:
    return resolve(registry.rules(GAME).variants[variant], {"options": options})


def hand(seat: int, text: str, surrendered: bool = False) -> scoring.Hand:
    s = parse_setting(text)
    return scoring.Hand(seat, s.cards(), None if surrendered else s, surrendered)


# Three ordinary settings that do not foul (and no clean sweep among their cards).
STRONG = "AsAd2c/KsKdKh3c4d/QsQdQhQc5d"       # aces / trip kings / quad queens
MIDDLING = "JsJd3d/9s9d9h6c7d/8s8d8h8c6d"     # jacks / trip nines / quad eights
WEAK = "2s3s5h/4s4h7s7h9c/TsTdTcJhJc"          # 5-high / two pair / tens full


# -- the setting --------------------------------------------------------------------------------
def test_the_back_may_not_rank_below_the_middle_nor_the_middle_below_the_front() -> None:
    assert rows.foul(parse_setting(STRONG)) == ""
    # The middle (a flush) above the back (a pair): a foul.
    assert rows.foul(parse_setting("2c3d4h/As9s7s5s3s/KdKh8c6d2d")) == "the middle outranks the back"
    # A pair in front over a middle of high card: a foul.
    assert rows.foul(parse_setting("QcQd2h/AsJh9d6c4s/KsKh8h7c5d")) == "the front outranks the middle"
    # D-454: the front against the middle card by card over the front's three cards.
    assert rows.foul(parse_setting("AcKdQh/AsKhJd6c4s/2s2h8h7c5d")) == "the front outranks the middle"
    assert rows.foul(parse_setting("AcKdJh/AsKhQd6c4s/2s2h8h7c5d")) == ""
    # An exact tie is not a foul (D-454): the same pair with the same top kicker.
    assert rows.foul(parse_setting("QcQd9h/QsQh9d6c4s/AsAh8h7c5d")) == ""
    # A-2-3-4-5 is the lowest straight (003 s.177): below six-high.
    assert rows.foul(parse_setting("2c3d4h/2s3h4d5c6s/Ah2d3c4s5h")) == "the middle outranks the back"


def test_straights_and_flushes_do_not_count_in_front() -> None:
    # 004 s.611: Q-K-A suited in front is ace high, below a middle pair of deuces.
    assert rows.foul(parse_setting("QsKsAs/2c2d7h8c9d/3c3d3hJcJd")) == ""
    assert rows.row_words("front", ("Qs", "Ks", "As")).startswith("Ace high")


def test_a_forged_setting_is_refused_before_anything_is_scored() -> None:
    dealt = list(parse_setting(STRONG).cards())
    assert rows.refusal(dealt, parse_setting(STRONG)) == ""
    assert rows.refusal(dealt, parse_setting("AsAd2c/KsKdKh3c4d/QsQdQh2h5d")) == \
        "That setting uses a card you do not hold."
    assert rows.refusal(dealt, Setting(("As", "Ad", "2c", "Ks"), ("Kd", "Kh", "3c", "4d"),
                                       ("Qs", "Qd", "Qh", "Qc", "5d"))) == \
        "Set 3 cards in front, 5 in the middle and 5 in the back."
    with pytest.raises(ValueError):
        parse_setting("AsAd2c/KsKdKh3c4d")


def test_the_house_way_never_fouls_and_uses_the_cards_dealt() -> None:
    deck = [r + s for s in SUITS for r in RANKS]
    rng = random.Random(7)
    for _ in range(8):
        rng.shuffle(deck)
        cards = deck[:13]
        for lowball in ("none", "middle-a5", "back-27"):
            way = rows.house_way(cards, lowball)
            assert rows.refusal(cards, way) == "" and rows.foul(way, lowball) == ""


# -- scoring between players ---------------------------------------------------------------------
def test_each_row_is_a_point_and_winning_all_three_scores_the_scoop() -> None:
    p = scoring.pair(hand(0, STRONG), hand(1, MIDDLING), POINTS)
    assert (p.line, p.rows, p.points) == ("rows", (1, 1, 1), 4)  # 004 s.618: another point, 3 + 1
    split = scoring.pair(hand(0, MIDDLING), hand(1, WEAK), POINTS)
    assert split.rows == (1, 1, 1) and split.points == 4
    two_one = scoring.pair(hand(0, "KsKd2c/9s9d9h6c7d/8s8d8h8c6d"), hand(1, "AsAd3h/4s4h7s7h9c/TsTdTcJhJc"), POINTS)
    assert two_one.rows == (-1, 1, 1) and two_one.points == 1  # 003 s.143: two rows won and one lost nets 1


def test_a_fouled_hand_loses_to_everyone_who_did_not_foul() -> None:
    fouled = hand(2, "QcQd2h/AsJh9d6c4s/KsKh8h7c5d")  # would win the back row against WEAK; fouled anyway
    hands = [hand(0, STRONG), hand(1, WEAK), fouled]
    pairs = scoring.pairings(hands, POINTS)
    assert [(p.a, p.b, p.line, p.points) for p in pairs] == [
        (0, 1, "rows", 4), (0, 2, "foul", 4), (1, 2, "foul", 4)]
    nets = scoring.nets(scoring.settle(pairs, {0: 10**6, 1: 10**6, 2: 10**6}, 100))
    assert nets == {0: 800, 1: 0, 2: -800}
    # Two fouled hands exchange nothing (D-454).
    assert scoring.pair(fouled, hand(3, "2c3d4h/As9s7s5s3s/KdKh8c6d2d"), POINTS).points == 0


def test_a_clean_sweep_wins_automatically_and_a_higher_one_collects_from_a_lower() -> None:
    dragon = "2c3d4h/5s6h7d8c9s/TsJhQdKcAs"
    assert rows.clean_sweep(parse_setting(dragon).cards()) == "dragon"
    six_pairs = "2c2d3h/3s4h4d5c5s/6s6hAdAcKs"
    assert rows.clean_sweep(parse_setting(six_pairs).cards()) == "six-pairs"
    flushes = "2c5c9c/3d6d8dTdQd/4h7hJhKh2h"
    assert rows.clean_sweep(parse_setting(flushes).cards()) == "three-flushes"
    straights = "Ac2d3h/4s5h6d7c8s/4d5d6c7h8h"
    assert rows.clean_sweep(parse_setting(straights).cards()) == "three-straights"
    assert rows.clean_sweep(parse_setting(STRONG).cards()) == ""
    # The dragon collects 13 from the strongest ordinary hand, even set as a foul would be.
    assert scoring.pair(hand(0, "TsJhQd/5s6h7d8c9s/2c3d4hKcAs"), hand(1, STRONG), POINTS).points == 13
    assert scoring.pair(hand(0, six_pairs), hand(1, dragon), POINTS).points == -13
    assert scoring.pair(hand(0, flushes), hand(1, straights), POINTS).points == 0  # equal sweeps
    off = scoring.Points(sweeps={})
    assert scoring.pair(hand(0, "TsJhQd/5s6h7d8c9s/2c3d4hKcAs"), hand(1, STRONG), off).line == "foul"


def test_a_surrender_pays_its_penalty_to_each_player_who_did_not_surrender() -> None:
    hands = [hand(0, STRONG, surrendered=True), hand(1, WEAK), hand(2, MIDDLING, surrendered=True)]
    assert [(p.line, p.points) for p in scoring.pairings(hands, POINTS)] == [
        ("surrender", -2), ("surrender", 0), ("surrender", 2)]


def test_three_players_row_by_row_sum_to_zero() -> None:
    deck = [r + s for s in SUITS for r in RANKS]
    rng = random.Random(3)
    for _ in range(12):
        rng.shuffle(deck)
        hands = []
        for seat in range(3):
            cards = deck[seat * 13:(seat + 1) * 13]
            setting = rows.house_way(cards) if seat != 1 else parse_setting(
                "/".join("".join(part) for part in (cards[:3], cards[3:8], cards[8:])))  # set as dealt: may foul
            hands.append(scoring.Hand(seat, tuple(cards), setting))
        pairs = scoring.pairings(hands, POINTS)
        nets = scoring.nets(scoring.settle(pairs, {0: 10**6, 1: 10**6, 2: 10**6}, 200))
        assert sum(nets.values()) == 0
        for p in pairs:  # each pairing is the mirror of its reverse
            back = scoring.pair(hands[p.b], hands[p.a], POINTS)
            assert back.points == -p.points and back.rows == tuple(-r for r in p.rows)


def test_the_lowball_rows_option_plays_a_row_low() -> None:
    lb = scoring.Points(sweeps={}, lowball="middle-a5")
    low_middle = "7c8d9h/As2s3d4h6c/QsQdQhQc5d"   # a 6-4-3-2-A low in the middle
    pair_middle = "2h3h5c/9s9d8h6h7d/8s8d8c7h7c"   # a pair of nines in the middle
    # Played high, the pair of nines takes the middle; played low, the six-low does.
    assert scoring.pair(hand(0, low_middle), hand(1, pair_middle), scoring.Points(sweeps={})).rows[1] == -1
    assert scoring.pair(hand(0, low_middle), hand(1, pair_middle), lb).rows[1] == 1
    # With the middle low, the order binds the front and the back only (P-343).
    wheel_over_quads = parse_setting("2c3d4h/AsKsQsJsTs/5c6h7c8d9h")
    assert rows.foul(wheel_over_quads, "none") == "the middle outranks the back"
    assert rows.foul(wheel_over_quads, "middle-27") == ""
    assert rows.foul(parse_setting("AcAd4h/2s3s5s7h8c/KsQd9s6c5h"), "middle-a5") == "the front outranks the back"
    assert rows.foul(parse_setting("2c3d4h/KsKdQh9c8d/As2s3h5c7d"), "back-a5") == ""


def test_an_all_in_player_exchanges_no_more_than_it_had_at_risk_in_settlement_order() -> None:
    # 003 rule 8, D-454: the player left of the button settles with each opponent clockwise,
    # then the next; seat 0 has only $5 at risk and loses 4 points to each of two at $2.
    hands = [hand(0, WEAK), hand(1, STRONG), hand(2, MIDDLING)]
    moneys = scoring.settle(scoring.pairings(hands, POINTS), {0: 500, 1: 10**6, 2: 10**6}, 200)
    assert [(m.pairing.a, m.pairing.b, m.amount, m.full) for m in moneys] == [
        (0, 1, -500, -800), (0, 2, 0, -800), (1, 2, 800, 800)]
    assert scoring.nets(moneys) == {0: -500, 1: 1300, 2: -800}


# -- the table ---------------------------------------------------------------------------------------
def seated(variant: str, stacks: dict[int, int], **options: Any) -> chinese.ChineseState:
    state = ENGINE.new_round(rules_of(variant, **options), SeededRng(b"open"), {"button": 3})
    for seat, chips in stacks.items():
        ENGINE.apply(state, Action("owner", seat, str(100 + seat), chips), SeededRng(b"o"))
    return state


def test_chapter4_deals_four_hands_and_the_players_take_them_in_turn_from_the_buttons_left() -> None:
    state = seated("chapter4", {0: 5000, 1: 5000, 2: 5000}, point=100)
    state.button = 1
    ENGINE.apply(state, Action("deal"), SeededRng(b"deal"))
    assert state.button == 2 and state.order == [0, 1, 2]  # the button moved on to seat 2
    assert state.phase == "pick" and len(state.packets) == 4 and all(len(p) == 13 for p in state.packets)
    assert len({c for p in state.packets for c in p}) == 52
    assert ENGINE.to_act(state) == 0
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("pick", 1, "0"), SeededRng(b"x"))  # seat 1 waits for seat 0
    ENGINE.apply(state, Action("pick", 0, "2"), SeededRng(b"x"))
    assert [a.spot for a in ENGINE.legal_actions(state, 1)] == ["0", "1", "3"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("pick", 1, "2"), SeededRng(b"x"))  # already taken
    ENGINE.apply(state, Action("pick", 1, "3"), SeededRng(b"x"))
    ENGINE.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(b"x"))  # the clock takes the first left
    assert state.picked == {"0": 2, "1": 3, "2": 0}
    assert state.cards["1"] == state.packets[3] and state.phase == "setting"
    assert not any(a.kind == "surrender" for a in ENGINE.legal_actions(state, 0))  # 004: no surrender


def play_hand(variant: str, stacks: dict[int, int], settings: dict[int, str] | None = None,
              **options: Any) -> tuple[chinese.ChineseState, list[Any]]:
    state = seated(variant, stacks, **options)
    events = ENGINE.apply(state, Action("deal"), SeededRng(b"deal"))
    while state.phase == "pick":
        seat = ENGINE.to_act(state)
        assert seat is not None
        move = ENGINE.bot_action(state, seat)
        assert move is not None
        events += ENGINE.apply(state, move, SeededRng(b"pick"))
    for seat, text in (settings or {}).items():
        state.cards[str(seat)] = list(parse_setting(text.rstrip("!")).cards())
        events += ENGINE.apply(state, Action("set", seat, text), SeededRng(b"set"))
    if state.phase != "over":
        events += ENGINE.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(b"clock"))
    return state, events


def books(events: list[Any]) -> tuple[int, int, int]:
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    dropped = sum(e.amount for e in events if isinstance(e, Drop))
    back = sum(e.returned for e in events if isinstance(e, Settlement))
    return staked, dropped, back


def test_crystal_park_collects_two_dollars_a_player_and_the_pot_balances() -> None:
    _state, events = play_hand("crystal-park", {0: 10000, 1: 10000, 2: 10000},
                              {0: STRONG, 1: MIDDLING, 2: WEAK}, point=300)
    staked, dropped, back = books(events)
    assert dropped == 3 * 200 and all(e.account == "fees" for e in events if isinstance(e, Drop))  # D-455
    assert staked == dropped + back  # the pot is empty again
    nets = {e.seat: e.returned - e.stake for e in events if isinstance(e, Settlement)}
    # STRONG scoops both (+8 points), MIDDLING scoops WEAK (+4, -4), WEAK loses 8; $3 a point.
    assert nets == {0: 8 * 300 - 200, 1: 0 - 200, 2: -8 * 300 - 200}
    assert len([e for e in events if isinstance(e, Settlement)]) == 3  # one settlement per seat


def test_chapter4_rakes_five_percent_of_each_net_win_at_most_four_dollars() -> None:
    _state, events = play_hand("chapter4", {0: 100000, 1: 100000, 2: 100000},
                              {0: STRONG, 1: MIDDLING, 2: WEAK}, point=1000)
    staked, dropped, back = books(events)
    drops = [e for e in events if isinstance(e, Drop)]
    assert [(d.account, d.amount) for d in drops] == [("rake", 400)]  # 5% of $80 is $4, the cap (D-412)
    assert staked == dropped + back
    _state, events = play_hand("chapter4", {0: 100000, 1: 100000, 2: 100000},
                              {0: STRONG, 1: MIDDLING, 2: WEAK}, point=100)
    assert [(e.account, e.amount) for e in events if isinstance(e, Drop)] == [("rake", 40)]  # 5% of $8


def test_a_foul_is_set_only_when_the_player_keeps_it_and_then_pays_everyone() -> None:
    state = seated("crystal-park", {0: 10000, 1: 10000})
    ENGINE.apply(state, Action("deal"), SeededRng(b"deal"))
    state.cards["0"] = list(parse_setting("QcQd2h/AsJh9d6c4s/KsKh8h7c5d").cards())
    with pytest.raises(IllegalAction, match="fouls"):
        ENGINE.apply(state, Action("set", 0, "QcQd2h/AsJh9d6c4s/KsKh8h7c5d"), SeededRng(b"s"))
    with pytest.raises(IllegalAction, match="do not hold"):
        ENGINE.apply(state, Action("set", 0, "QcQd2h/AsJh9d6c4s/KsKh8h7c5s!"), SeededRng(b"s"))
    ENGINE.apply(state, Action("set", 0, "QcQd2h/AsJh9d6c4s/KsKh8h7c5d!"), SeededRng(b"s"))
    events = ENGINE.apply(state, Action("house-way", 1), SeededRng(b"s"))
    nets = {e.seat: e.returned - e.stake for e in events if isinstance(e, Settlement)}
    assert nets == {0: -4 * 200 - 200, 1: 4 * 200 - 200}


def test_nobody_sees_another_players_cards_before_every_hand_is_set() -> None:
    state = seated("crystal-park", {0: 10000, 1: 10000, 2: 10000})
    ENGINE.apply(state, Action("deal"), SeededRng(b"deal"))
    ENGINE.apply(state, Action("house-way", 0), SeededRng(b"s"))
    for viewer in (0, 1, 2, None):
        seen = ENGINE.view(state, viewer)["chinese"]["seats"]
        for seat, entry in seen.items():
            shown = {c for c in entry["cards"] if c} | {c for r in entry["rows"] for c in r["cards"]}
            assert not shown if int(seat) != viewer else shown == set(state.cards[seat])
    ENGINE.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(b"s"))
    seen = ENGINE.view(state, None)["chinese"]
    assert all(len(e["rows"]) == 3 for e in seen["seats"].values()) and len(seen["lines"]) == 3


def test_a_short_stack_risks_only_its_chips_and_a_seat_under_one_point_is_not_dealt() -> None:
    # $2 a point and a $2 collection: seat 2 holds $3.99, under one point and the collection.
    state = seated("crystal-park", {0: 10000, 1: 500, 2: 399})
    events = ENGINE.apply(state, Action("deal"), SeededRng(b"deal"))
    assert sorted(state.order) == [0, 1]
    # Seat 0 risks what one opponent can take from it (a dragon's 13 points) and its collection.
    assert {e.seat: e.amount for e in events if isinstance(e, Stake)} == {0: 13 * 200 + 200, 1: 500}
    state.cards = {"0": list(parse_setting(STRONG).cards()), "1": list(parse_setting(WEAK).cards())}
    ENGINE.apply(state, Action("set", 0, STRONG), SeededRng(b"s"))
    events = ENGINE.apply(state, Action("set", 1, WEAK), SeededRng(b"s"))
    back = {e.seat: (e.stake, e.returned) for e in events if isinstance(e, Settlement)}
    # The scoop is worth $8, but seat 1 had $3 at risk beside its $2 collection (003 rule 8).
    assert back == {0: (2800, 2800 + 300 - 200), 1: (500, 0)}
    staked, dropped, returned = books(events + [Stake(0, "pot", 2800), Stake(1, "pot", 500)])
    assert staked == dropped + returned
