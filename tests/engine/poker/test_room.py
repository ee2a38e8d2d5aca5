"""The poker room between hands: the button draw, blinds, missed blinds, the dead button,
newcomers, sitting out, the straddle, the bomb pot and buy-ins (D-411, D-413, D-414, D-456)."""

from __future__ import annotations

import json

import pytest

from webgame.engine.state import dump, load, round_trips
from webgame.games.poker import room as rm
from webgame.games.poker.room import Room, RoomRules

RULES = RoomRules(blinds=(100, 200), structure="no-limit", straddle=True, bomb_pot=True)


def table(*seats: int, button: int) -> Room:
    room = Room(max_seats=10)
    for seat in seats:
        rm.sit(room, seat, f"p{seat}", RULES)
    room.button = button
    return room


def stacks(room: Room, amount: int = 20000) -> dict[int, int]:
    return {s.seat: amount for s in room.seats}


def play(room: Room, rules: RoomRules = RULES, busted: tuple[int, ...] = ()) -> rm.HandPlan:
    plan = rm.plan_hand(room, rules, stacks(room))
    assert not plan.reason, plan.reason
    rm.after_hand(room, plan, plan.dealt, list(busted))
    return plan


def blinds(plan: rm.HandPlan) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for seat, kind, _amount, _live in plan.forced:
        out.setdefault(kind, []).append(seat)
    return out


def test_button_by_high_card_with_suit_tie_break() -> None:
    room = Room()
    # three kings: the king of hearts beats the kings of diamonds and clubs (001 s.5642:
    # spades > hearts > diamonds > clubs); the nine of spades is lower whatever its suit
    button, dealt = rm.button_draw(room, [2, 4, 7, 9], ["Kd", "Kh", "9s", "Kc"])
    assert button == 4 and room.button == 4
    assert dealt == [(2, "Kd"), (4, "Kh"), (7, "9s"), (9, "Kc")]
    # rank beats suit: an ace of clubs beats every king
    assert rm.button_draw(room, [1, 2], ["Ks", "Ac"])[0] == 2
    # spades top a tie
    assert rm.button_draw(room, [1, 2, 3], ["Qc", "Qs", "Qh"])[0] == 2


def test_heads_up_button_posts_small_blind_and_acts_first() -> None:
    room = table(3, 8, button=8)
    plan = rm.plan_hand(room, RULES, stacks(room))
    assert plan.button == 8
    assert plan.forced == [(8, "small-blind", 100, True), (3, "big-blind", 200, True)]
    # dealt clockwise from the seat after the button: the big blind first, the button last,
    # so the button is first to act pre-flop (left of the big blind)
    assert plan.dealt == [3, 8]
    rm.after_hand(room, plan, plan.dealt, [])
    nxt = play(room)
    assert nxt.button == 3 and blinds(nxt) == {"small-blind": [3], "big-blind": [8]}


def test_three_handed_blinds_left_of_the_button_and_rotation() -> None:
    room = table(1, 4, 6, button=1)
    first = play(room)
    assert first.button == 1
    assert first.forced == [(4, "small-blind", 100, True), (6, "big-blind", 200, True)]
    assert first.dealt == [4, 6, 1]
    second = play(room)
    assert second.button == 4
    assert blinds(second) == {"small-blind": [6], "big-blind": [1]}
    assert second.dealt == [6, 1, 4]


def test_dead_button_after_the_small_blind_leaves() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # button 1, small blind 2, big blind 3
    rm.leave(room, 2)
    plan = play(room)
    # the big blind moves on to seat 4, seat 3 posts the small blind, and the button goes
    # to seat 2, which is empty: a dead button (D-413); nobody has the button twice
    assert plan.button == 2
    assert blinds(plan) == {"small-blind": [3], "big-blind": [4]}
    assert plan.dealt == [3, 4, 5, 1]


def test_dead_small_blind_after_the_big_blind_leaves() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # button 1, small blind 2, big blind 3
    rm.leave(room, 3)
    plan = play(room)
    # the player who had the big blind is gone: no small blind this hand; seat 4 takes
    # the big blind and the button moves to seat 2
    assert plan.button == 2
    assert blinds(plan) == {"big-blind": [4]}
    # next hand the button goes to the seat of the dead small blind: seat 3, empty
    nxt = play(room)
    assert nxt.button == 3 and blinds(nxt) == {"small-blind": [4], "big-blind": [5]}


def test_missing_both_blinds_then_posting_big_live_and_small_dead() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # button 1, blinds 2 and 3
    rm.sit_out(room, 4)             # seat 4 would have the big blind next
    plan = play(room)
    assert 4 not in plan.dealt and blinds(plan)["big-blind"] == [5]
    seat4 = next(s for s in room.seats if s.seat == 4)
    assert seat4.owes_big and seat4.owes_small
    rm.sit_in(room, 4, post=True)
    back = rm.plan_hand(room, RULES, stacks(room))
    assert (4, "big-blind", 200, True) in back.forced
    assert (4, "dead", 100, False) in back.forced
    assert 4 in back.dealt
    rm.after_hand(room, back, back.dealt, [])
    assert not seat4.owes_big and not seat4.owes_small


def test_returning_player_who_waits_sits_until_the_big_blind_comes() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # blinds 2, 3
    rm.sit_out(room, 4)
    play(room)                      # big blind skips seat 4 to seat 5
    rm.sit_in(room, 4, post=False)
    dealt_in = []
    for _ in range(4):
        plan = play(room)
        dealt_in.append(4 in plan.dealt)
        if 4 in plan.dealt:
            assert blinds(plan)["big-blind"] == [4]
            assert not any(kind == "dead" for _, kind, _, _ in plan.forced)
            break
    assert dealt_in == [False, False, False, True]


def test_missing_only_the_small_blind_posts_it_dead() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # big blind seat 3
    rm.sit_out(room, 3)             # seat 3 would post the small blind next
    plan = play(room)
    assert blinds(plan) == {"big-blind": [4]}     # dead small blind
    seat3 = next(s for s in room.seats if s.seat == 3)
    assert seat3.owes_small and not seat3.owes_big
    rm.sit_in(room, 3, post=True)
    back = rm.plan_hand(room, RULES, stacks(room))
    assert [f for f in back.forced if f[0] == 3] == [(3, "dead", 100, False)]


def test_newcomer_waits_for_the_big_blind_or_posts() -> None:
    room = table(1, 3, 5, button=1)
    play(room)                      # button 1, blinds 3 and 5
    rm.sit(room, 7, "newcomer", RULES)
    plan = rm.plan_hand(room, RULES, stacks(room))
    # the big blind moves from 5 to the next seat in the game: the newcomer at 7 posts it
    assert blinds(plan)["big-blind"] == [7] and 7 in plan.dealt

    room = table(1, 3, 5, 8, button=1)
    play(room)                      # button 1, blinds 3 and 5; next big blind is 8
    rm.sit(room, 2, "newcomer", RULES)
    waits = rm.plan_hand(room, RULES, stacks(room))
    assert 2 not in waits.dealt
    rm.post_to_play(room, 2)
    posts = rm.plan_hand(room, RULES, stacks(room))
    assert (2, "big-blind", 200, True) in posts.forced and 2 in posts.dealt


def test_newcomer_in_the_button_seat_waits_even_when_posting() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    play(room)                      # button 1, blinds 2 and 3; next button is seat 2
    rm.leave(room, 2)
    rm.sit(room, 2, "newcomer", RULES)
    rm.post_to_play(room, 2)
    plan = rm.plan_hand(room, RULES, stacks(room))
    assert plan.button == 2 and 2 not in plan.dealt


def test_sitting_out_player_is_not_dealt_and_sitting_in_before_blinds_pass_owes_nothing() -> None:
    room = table(1, 2, 3, 4, 5, 6, button=1)
    play(room)                      # blinds 2, 3
    rm.sit_out(room, 6)             # the big blind goes to 4 next: 6 is not passed
    plan = play(room)
    assert 6 not in plan.dealt
    seat6 = next(s for s in room.seats if s.seat == 6)
    assert not seat6.owes_big and not seat6.owes_small
    rm.sit_in(room, 6, post=False)
    assert 6 in rm.plan_hand(room, RULES, stacks(room)).dealt


def test_fewer_than_two_players_gives_a_reason() -> None:
    room = table(4, button=4)
    assert rm.plan_hand(room, RULES, stacks(room)).reason
    room = table(4, 6, button=4)
    rm.sit_out(room, 6)
    assert rm.plan_hand(room, RULES, stacks(room)).reason
    assert rm.plan_hand(Room(), RULES, {}).reason


def test_busted_seat_is_taken_out() -> None:
    room = table(1, 2, 3, button=1)
    play(room, busted=(2,))
    assert [s.seat for s in room.seats] == [1, 3]


def test_straddle_left_of_the_big_blind_only() -> None:
    room = table(1, 2, 3, 4, 5, button=1)
    rm.ask_straddle(room, 4, RULES)
    plan = rm.plan_hand(room, RULES, stacks(room))
    assert (4, "straddle", 400, True) in plan.forced and plan.straddle == 4
    room.straddle_seat = 5          # not directly left of the big blind
    assert rm.plan_hand(room, RULES, stacks(room)).straddle == 0
    with pytest.raises(ValueError):
        rm.ask_straddle(room, 4, RoomRules(straddle=False))


def test_bomb_pot_antes_no_blinds_and_button_moves() -> None:
    room = table(1, 2, 3, 4, button=1)
    play(room)                      # button 1, blinds 2 and 3
    rm.propose_bomb(room, 2, 500, RULES)
    for seat in (3, 4, 1):
        rm.confirm_bomb(room, seat)
    plan = rm.plan_hand(room, RULES, {1: 20000, 2: 20000, 3: 300, 4: 20000})
    assert plan.bomb and plan.button == 2
    assert sorted(plan.forced) == [(1, "bomb", 500, False), (2, "bomb", 500, False),
                                   (3, "bomb", 300, False), (4, "bomb", 500, False)]
    rm.after_hand(room, plan, plan.dealt, [])
    assert room.bomb_amount == 0 and room.since_bomb == 0
    nxt = play(room)
    # blinds carry on from where they would have been: nobody misses one
    assert nxt.button == 3 and blinds(nxt) == {"small-blind": [4], "big-blind": [1]}


def test_bomb_pot_decliner_is_dealt_out_and_amount_limits() -> None:
    room = table(1, 2, 3, button=1)
    rm.propose_bomb(room, 1, 400, RULES)
    rm.confirm_bomb(room, 2)
    plan = rm.plan_hand(room, RULES, stacks(room))
    assert plan.bomb and sorted(plan.dealt) == [1, 2]
    with pytest.raises(ValueError):
        rm.propose_bomb(room, 1, 100, RULES)          # below the big blind
    limit = RoomRules(blinds=(100, 200), structure="limit", big_bet=400, bomb_pot=True)
    with pytest.raises(ValueError):
        rm.propose_bomb(room, 1, 600, limit)          # above the big bet
    every = RoomRules(bomb_pot=True, bomb_every=3)
    room.since_bomb = 2
    assert not rm.bomb_due(room, every)
    room.since_bomb = 3
    assert rm.bomb_due(room, every)


def test_buy_in_bounds_and_the_short_buy_in() -> None:
    nl = RoomRules(blinds=(100, 200))
    assert rm.buy_in_bounds(nl) == (8000, 20000)                 # 40 and 100 big blinds
    limit = RoomRules(blinds=(200, 400), structure="limit", big_bet=800)
    assert rm.buy_in_bounds(limit) == (8000, 0)                  # 10 big bets, no maximum
    full, short = rm.FULL_BUY_IN, rm.SHORT_BUY_IN
    assert rm.buy_in_kind(nl, 0, 8000) == full
    assert rm.buy_in_kind(nl, 3000, 5000) == full                # an add-on up to the minimum
    assert rm.buy_in_kind(nl, 0, 5000) == short
    assert "after a full one" in rm.buy_in_refusal(nl, 0, 5000)  # short before any full buy-in
    assert rm.buy_in_refusal(nl, 0, 10000) == ""
    assert rm.buy_in_refusal(nl, 0, 2000, [(full, "d1")]) == ""  # one short buy-in after it
    assert "after each full buy-in" in rm.buy_in_refusal(nl, 0, 2000, [(full, "d1"), (short, "d1")])
    assert rm.buy_in_refusal(nl, 0, 2000, [(full, "d1"), (short, "d1"), (full, "d2")]) == ""
    assert "at most $200" in rm.buy_in_refusal(nl, 15000, 10000, [(full, "d1")])   # over 100 big blinds
    assert rm.buy_in_refusal(nl, 0, 0) != ""
    daily = RoomRules(blinds=(100, 200), short_buy_in="per-day")
    assert rm.buy_in_refusal(daily, 0, 2000, [], today="2026-11-27") != ""          # after the initial one
    assert rm.buy_in_refusal(daily, 0, 2000, [(full, "2026-11-27")], today="2026-11-27") == ""
    used = [(full, "2026-11-27"), (short, "2026-11-27")]
    assert "today" in rm.buy_in_refusal(daily, 0, 2000, used, today="2026-11-27")
    assert rm.buy_in_refusal(daily, 0, 2000, used, today="2026-11-28") == ""
    assert rm.buy_in_refusal(daily, 0, 2000, used + [(full, "2026-11-27")], today="2026-11-27") != ""


def test_room_round_trips_through_json() -> None:
    room = table(1, 2, 3, button=1)
    play(room)
    rm.sit_out(room, 2)
    assert round_trips(room)
    again = load(Room, json.loads(json.dumps(dump(room))))
    assert rm.plan_hand(again, RULES, stacks(again)) == rm.plan_hand(room, RULES, stacks(room))


def test_three_blind_structure_posts_in_listed_order() -> None:
    three = RoomRules(blinds=(100, 100, 200))          # c002 "$1-$1-$2" (D-428)
    room = table(1, 2, 3, 4, 5, button=1)
    plan = rm.plan_hand(room, three, stacks(room))
    assert plan.forced == [(2, "small-blind", 100, True), (3, "small-blind", 100, True),
                           (4, "big-blind", 200, True)]
    rm.after_hand(room, plan, plan.dealt, [])
    nxt = rm.plan_hand(room, three, stacks(room))
    assert nxt.button == 2 and [f[0] for f in nxt.forced] == [3, 4, 5]


def test_rules_from_a_variant() -> None:
    resolved = {"blinds": [300, 600], "structure": "fixed-limit", "bets": [600, 1200], "seats": 9,
                "table_options": ["straddle", "bomb-pot"], "limits": {"buy-in": {"min": 12000, "max": 0}}}
    rules = RoomRules.from_rules(resolved)
    assert rules.big_blind == 600 and rules.small_blind == 300 and rules.big_bet == 1200
    assert rules.limit and rules.straddle and rules.bomb_pot and rules.max_seats == 9
    assert rm.buy_in_bounds(rules) == (12000, 0)
    # an operator's switch turns an allowed option off; an unlisted option is off
    assert not RoomRules.from_rules({**resolved, "straddle": False}).straddle
    assert not RoomRules.from_rules({"blinds": [100, 200]}).straddle


def test_newcomer_who_sits_out_before_playing_still_owes_the_big_blind() -> None:
    room = table(1, 3, 5, 8, button=1)
    play(room)                      # blinds 3 and 5; the big blind goes to 8 next
    rm.sit(room, 2, "newcomer", RULES)
    rm.sit_out(room, 2)
    rm.sit_in(room, 2, post=False)
    assert 2 not in rm.plan_hand(room, RULES, stacks(room)).dealt
    assert rm.missed_blind_seats(room) == [2]
    rm.post_to_play(room, 2)
    assert (2, "big-blind", 200, True) in rm.plan_hand(room, RULES, stacks(room)).forced


def test_time_collection_clocks_live_in_the_room() -> None:
    room = Room()
    rm.sit(room, 4, "p4", RULES, now_seconds=1000)
    assert rm.paid_until(room) == {4: 1000}
    rm.keep_paid(room, {4: 2800})
    assert rm.paid_until(room) == {4: 2800}


def test_newcomer_between_the_dead_button_and_the_small_blind_waits() -> None:
    room = table(1, 4, 6, 8, button=1)
    play(room)                      # button 1, blinds 4 and 6
    rm.leave(room, 1)
    rm.leave(room, 4)
    # next hand: seat 6 posts the small blind, seat 8 the big blind, the button is dead on 4
    rm.sit(room, 5, "newcomer", RULES)
    rm.post_to_play(room, 5)
    plan = rm.plan_hand(room, RULES, stacks(room))
    assert plan.button == 4 and plan.blinds_at == [6, 8]
    assert 5 not in plan.dealt      # seat 5 sits between the button (4) and the small blind (6)
    rm.sit(room, 9, "other", RULES)
    rm.post_to_play(room, 9)
    assert 9 in rm.plan_hand(room, RULES, stacks(room)).dealt     # seat 9 is after the big blind


def test_the_15x30_rebuy_does_not_use_up_the_short_buy_in() -> None:
    rules = RoomRules(blinds=(1000, 1500), structure="fixed-limit", big_bet=3000,
                      short_buy_in="per-day", free_rebuy=15000)
    assert rm.buy_in_bounds(rules) == (30000, 0)                  # 10 big bets
    assert rm.buy_in_kind(rules, 0, 15000) == rm.RE_BUY           # the $150 re-buy (001 s.33)
    earlier = [(rm.FULL_BUY_IN, "d1"), (rm.RE_BUY, "d1"), (rm.RE_BUY, "d1")]
    assert rm.buy_in_refusal(rules, 0, 15000, earlier, today="d1") == ""   # again and again
    assert rm.buy_in_refusal(rules, 0, 10000, earlier, today="d1") == ""   # the day's short buy-in
    assert rm.buy_in_refusal(rules, 0, 10000, earlier + [(rm.SHORT_BUY_IN, "d1")], today="d1") != ""


def test_a_sitting_out_seat_is_held_ten_minutes() -> None:
    room = table(1, 2, 3, button=1)
    rm.sit_out(room, 2, now_seconds=1000)
    assert rm.seats_to_release(room, 1000 + 599) == []
    assert rm.seats_to_release(room, 1000 + 600) == [2]      # D-418: 10 minutes
    rm.sit_in(room, 2, post=False)
    assert rm.seats_to_release(room, 5000) == []
