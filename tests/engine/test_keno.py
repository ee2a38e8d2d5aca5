"""Keno (seed 000 §11, D-393 … D-400): tickets, the draw, the cap, the progressive, void draws."""

from __future__ import annotations

from typing import Any

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, IllegalAction, MeterMove, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.keno import KENO, KenoState
from webgame.games.keno.table import limit_refusal


def rules(variant: str = "grand-ronde", **options: Any) -> dict[str, Any]:
    r = resolve(load_game("keno").variants[variant], {"options": options})
    r["meters"] = {k: int(v) for k, v in (r.get("progressive_meters") or {}).items()}
    return r


def fresh(variant: str = "grand-ronde", carry: dict[str, Any] | None = None, **options: Any) -> KenoState:
    return KENO.new_round(rules(variant, **options), SeededRng(1), carry)


def buy(state: KenoState, seat: int, spec: str, wager: int) -> list[Any]:
    return KENO.apply(state, Action("ticket", seat, spec, wager), SeededRng(2))


def settled(events: list[Any]) -> dict[str, Settlement]:
    return {e.bet: e for e in events if isinstance(e, Settlement)}


OTHERS = list(range(41, 61))  # twenty numbers no test ticket marks


def balls_with(*numbers: int) -> list[int]:
    return list(numbers) + [b for b in OTHERS if b not in numbers][: 20 - len(numbers)]


def test_the_aggregate_cap_pro_rates_three_winners_to_the_cent() -> None:
    """D-398: winnings above $1,500 share $50,000 pro rata, truncated; smaller ones outside."""
    st = fresh()
    buy(st, 0, "numbers=1,2,3,4,5,6,7,8", 100)  # 8 of 8: $25,000 for $1 -> winnings $24,999
    buy(st, 1, "numbers=1,2,3,4,5,6,7", 200)  # 7 of 7 at $2: $14,000 -> winnings $13,998
    buy(st, 2, "numbers=1,2,3,4,5,6,7,8,9", 100)  # 9 of 9: $50,000 -> winnings $49,999
    buy(st, 3, "numbers=1", 100)  # 1 of 1: $3.50, paid in full and not in the pool
    ev = settled(KENO.settle_draw(st, balls_with(*range(1, 10))))
    # SUM = 2,499,900 + 1,399,800 + 4,999,900 = 8,899,600 cents; each × 5,000,000 ÷ SUM, truncated.
    assert ev["ticket-1/game-1"].returned == 100 + 1_404_501
    assert ev["ticket-2/game-1"].returned == 200 + 786_439
    assert ev["ticket-3/game-1"].returned == 100 + 2_809_058
    assert ev["ticket-4/game-1"].returned == 350
    assert st.kept_by_house == 2  # the truncated cents: the pooled ways get $49,999.98
    assert sum(ev[k].returned - ev[k].stake for k in ("ticket-1/game-1", "ticket-2/game-1", "ticket-3/game-1")) == 5_000_000 - 2
    assert "pro-rated" in ev["ticket-1/game-1"].detail and "pro-rated" not in ev["ticket-4/game-1"].detail


def test_one_way_over_the_cap_is_paid_fifty_thousand() -> None:
    st = fresh()
    buy(st, 0, "numbers=1,2,3,4,5,6,7,8,9", 200)  # $100,000 at $2: winnings capped at $50,000
    ev = settled(KENO.settle_draw(st, balls_with(*range(1, 10))))
    assert ev["ticket-1/game-1"].returned == 200 + 5_000_000


def test_a_way_ticket_pays_each_way_its_own_prize() -> None:
    """D-394: each combination of whole groups is a way with its own wager; D-395 per way."""
    st = fresh()
    events = buy(st, 0, "groups=1,2|3,4|5,6;ways=0+1,1+2,0+1+2", 100)
    assert events == [Stake(0, "ticket-1", 300)]
    assert st.tickets[0]["ways"] == [[1, 2, 3, 4], [3, 4, 5, 6], [1, 2, 3, 4, 5, 6]]
    ev = settled(KENO.settle_draw(st, balls_with(1, 2, 3, 4, 5)))
    assert ev["ticket-1/game-1/way-1"].returned == 15_000  # 4 of 4: 150 for 1
    assert ev["ticket-1/game-1/way-2"].returned == 500  # 3 of 4 (3, 4, 5): 5 for 1
    assert ev["ticket-1/game-1/way-3"].returned == 9_000  # 5 of 6: 90 for 1


def test_every_combination_of_groups_when_asked() -> None:
    st = fresh()
    buy(st, 0, "groups=1,2,3|4,5,6|7,8,9|10,11,12;ways=all", 100)
    sizes = sorted(len(w) for w in st.tickets[0]["ways"])
    assert sizes == [3] * 4 + [6] * 6 + [9] * 4 + [12]  # 15 ways: 1, 2, 3 and 4 groups


def test_only_the_highest_prize_per_ticket_per_game() -> None:
    """000 s.528: a 6-spot catching 6 is paid the 6-catch line only, not also 5, 4 and 3."""
    st = fresh()
    buy(st, 0, "numbers=1,2,3,4,5,6", 100)
    events = KENO.settle_draw(st, balls_with(1, 2, 3, 4, 5, 6))
    wins = [e for e in events if isinstance(e, Settlement)]
    assert [(w.bet, w.returned) for w in wins] == [("ticket-1/game-1", 200_000)]


def test_a_multi_game_ticket_plays_three_draws() -> None:
    st = fresh()
    assert buy(st, 0, "numbers=1,2;games=3", 100) == [Stake(0, "ticket-1", 300)]
    seen = []
    for draw in range(3):
        ev = settled(KENO.settle_draw(st, balls_with(1, 2) if draw == 1 else balls_with()))
        seen.append({k: v.returned for k, v in ev.items()})
        carry = KENO.carry(st)
        assert KENO.standing(carry, 0) == 100 * (2 - draw)
        st = KENO.new_round(rules(), SeededRng(3), carry)
        assert st.draw_no == draw + 2
    assert seen == [{"ticket-1/game-1": 0}, {"ticket-1/game-2": 1500}, {"ticket-1/game-3": 0}]
    assert st.tickets == []


def test_the_progressive_meter_takes_its_contribution_awards_and_resets() -> None:
    """D-400: 2% of a $1 8-spot way to its meter; all 8 caught wins the meter instead of the
    fixed $25,000, paid in full outside the cap; the meter resets to its seed."""
    st = fresh("chapter4")
    st.rules["meters"]["keno-8-spot"] = 3_000_000
    buy(st, 0, "numbers=1,2,3,4,5,6,7,8", 100)
    buy(st, 1, "numbers=11,12,13,14,15,16,17,18", 200)  # $2: not a qualifying wager
    events = KENO.settle_draw(st, balls_with(*range(1, 9)))
    moves = [e for e in events if isinstance(e, MeterMove)]
    assert moves == [MeterMove("keno-8-spot", 2, "in", "ticket 1 contribution"),
                     MeterMove("keno-8-spot", 3_000_002, "out", "progressive keno award"),
                     MeterMove("keno-8-spot", 2_500_000, "in", "meter reset to its seed")]
    ev = settled(events)
    assert ev["ticket-1/game-1"].returned == 3_000_002
    assert ev["ticket-2/game-1"].returned == 0
    assert st.meters["keno-8-spot"] == 2_500_000


def test_two_winners_split_the_meter_odd_cent_to_the_lower_serial() -> None:
    st = fresh("chapter4")
    st.rules["meters"]["keno-9-spot"] = 5_000_001
    buy(st, 0, "numbers=1,2,3,4,5,6,7,8,9", 100)
    buy(st, 1, "numbers=1,2,3,4,5,6,7,8,9", 100)
    ev = settled(KENO.settle_draw(st, balls_with(*range(1, 10))))
    # 5,000,001 + 2 + 2 = 5,000,005 split: 2,500,003 and 2,500,002 (D-021).
    assert (ev["ticket-1/game-1"].returned, ev["ticket-2/game-1"].returned) == (2_500_003, 2_500_002)


def test_the_limit_stops_the_meter_and_must_be_above_it() -> None:
    st = fresh("chapter4", progressive_limit=3_000_000)
    st.rules["meters"]["keno-8-spot"] = 2_999_999
    buy(st, 0, "numbers=1,2,3,4,5,6,7,8", 100)
    events = KENO.settle_draw(st, balls_with(41))
    assert [e.amount for e in events if isinstance(e, MeterMove)] == [1]  # 2 cents, 1 fits
    r = rules("chapter4", progressive_limit=3_000_000)
    assert limit_refusal(r, {"keno-8-spot": 2_500_000, "keno-9-spot": 5_000_000, "keno-10-spot": 5_000_000}) != ""
    r = rules("chapter4", progressive_limit=6_000_000)
    assert limit_refusal(r, {"keno-8-spot": 2_500_000, "keno-9-spot": 5_000_000, "keno-10-spot": 5_000_000}) == ""
    assert "004 s.1171" in limit_refusal(r, {"keno-9-spot": 6_000_000})
    r = rules("chapter4", progressive_limit=3_000_000, progressive_9=False, progressive_10=False)
    assert limit_refusal(r, {"keno-8-spot": 2_500_000}) == ""


def test_a_void_draw_refunds_this_draw_only() -> None:
    """D-399 / D-008 item 4: a multi-game ticket is refunded for the void draw alone."""
    st = fresh()
    buy(st, 0, "numbers=1,2;games=2", 100)
    buy(st, 1, "groups=1|2;ways=0,1", 100)
    events = KENO.apply(st, Action("void"), SeededRng(0))
    ev = settled(events)
    assert {k: (v.returned, v.result) for k, v in ev.items()} == {
        "ticket-1/game-1": (100, "void"), "ticket-2/game-1/way-1": (100, "void"), "ticket-2/game-1/way-2": (100, "void")}
    carry = KENO.carry(st)
    assert KENO.standing(carry, 0) == 100 and KENO.standing(carry, 1) == 0


@pytest.mark.parametrize("spec,wager,words", [
    ("numbers=" + ",".join(map(str, range(1, 17))), 100, "1 to 15 spots"),
    ("numbers=5,81", 100, "81"),
    ("numbers=5,5", 100, "once"),
    ("numbers=5", -100, "minimum"),
    ("numbers=5", 0, "minimum"),
    ("numbers=5", 100_001, "maximum"),
    ("numbers=5;games=51", 100, "consecutive"),
    ("quick=16", 100, "quick pick"),
    ("groups=1,2;ways=all", 100, "groups"),
    ("groups=1|2|3;ways=0+5", 100, "whole groups"),
    ("groups=1|2|3|4|5|6|7|8|9", 100, "groups"),
    ("numbers=abc", 100, "not a number"),
])
def test_forged_tickets_are_refused(spec: str, wager: int, words: str) -> None:
    st = fresh()
    with pytest.raises(IllegalAction, match=words):
        buy(st, 0, spec, wager)
    assert st.tickets == [] and st.serial == 0


def test_a_way_ticket_over_a_thousand_dollars_a_game_is_refused() -> None:
    st = fresh()
    with pytest.raises(IllegalAction, match="000 s.524"):
        buy(st, 0, "groups=1|2|3|4;ways=all", 10_000)  # 15 ways × $100 = $1,500


def test_no_ticket_for_a_closed_draw_and_the_draw_is_twenty_of_eighty() -> None:
    st = fresh()
    buy(st, 0, "quick=10", 100)
    assert len(st.tickets[0]["numbers"]) == 10 and all(1 <= n <= 80 for n in st.tickets[0]["numbers"])
    KENO.apply(st, Action("draw"), SeededRng(7))
    assert len(st.balls) == 20 and len(set(st.balls)) == 20 and all(1 <= b <= 80 for b in st.balls)
    with pytest.raises(IllegalAction, match="closed"):
        buy(st, 0, "numbers=1", 100)
    assert KENO.is_over(st) and KENO.timeout_action(st) is None


def test_the_view_shows_only_the_viewers_tickets() -> None:
    st = fresh()
    buy(st, 0, "numbers=1,2,3", 100)
    buy(st, 1, "numbers=4,5,6", 100)
    assert [t["numbers"] for t in KENO.view(st, 1)["tickets"]] == [[4, 5, 6]]
    assert KENO.view(st, None)["tickets"] == [] and KENO.view(st, None)["tickets_in_play"] == 2
    assert KENO.load(KENO.dump(st)) == st
