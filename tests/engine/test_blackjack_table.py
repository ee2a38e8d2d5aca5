"""Blackjack table set-up: the rules data, betting, limits and the deal.

This module also holds the small helpers the other blackjack tests use to deal a round
from a stacked shoe (``stacked_round``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from webgame.devices.shoe import Shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.blackjack import ENGINE, BlackjackState

VARIANTS = ("grand-ronde", "chapter4", "single-deck")


# ---------------------------------------------------------------------------------------
# Helpers for the blackjack tests
# ---------------------------------------------------------------------------------------
def rules_for(variant: str = "grand-ronde", **options: Any) -> dict[str, Any]:
    config = {"options": options} if options else None
    return resolve(load_game("blackjack").variants[variant], config)


def deal_order(hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = ()) -> list[str]:
    """The shoe order that deals ``hands`` (one per box, in seat order) and the dealer's up
    and hole cards (004 s.369-373), followed by ``draws`` for hits, doubles and splits."""
    order = [h[0] for h in hands] + [dealer[0]] + [h[1] for h in hands] + [dealer[1]]
    return order + list(draws)


def stack_shoe(shoe: Shoe, order: Sequence[str]) -> None:
    """Put ``order`` on top of the shoe; the rest of the shoe follows, so card counts stay true."""
    rest = list(shoe.remaining)
    for code in order:
        rest.remove(code)  # ValueError if the shoe does not hold that many of a card
    shoe.remaining = list(order) + rest


def stacked_round(
    variant: str = "grand-ronde",
    *,
    hands: Sequence[Sequence[str]],
    dealer: Sequence[str],
    draws: Sequence[str] = (),
    bets: Mapping[int, Mapping[str, int]] | None = None,
    options: Mapping[str, Any] | None = None,
    owners: Mapping[int, str] | None = None,
) -> tuple[BlackjackState, list[Event]]:
    """A round dealt from a stacked shoe. ``hands[k]`` goes to the k-th box with a main bet;
    by default boxes 0, 1, … each bet $10 on the main spot."""
    rng = SeededRng(0)
    state = ENGINE.new_round(rules_for(variant, **dict(options or {})), rng, None)
    stack_shoe(state.shoe, deal_order(hands, dealer, draws))
    events: list[Event] = []
    for seat, who in (owners or {}).items():
        events += ENGINE.apply(state, Action("owner", seat, who), rng)
    for seat, spots in (bets or {k: {"main": 1000} for k in range(len(hands))}).items():
        for spot, amount in spots.items():
            events += ENGINE.apply(state, Action("bet", seat, spot, amount), rng)
    events += ENGINE.apply(state, Action("deal"), rng)
    return state, events


def act(state: BlackjackState, kind: str, seat: int = 0, amount: int = 0, spot: str = "") -> list[Event]:
    return ENGINE.apply(state, Action(kind, seat, spot, amount), SeededRng(1))


def settled(events: Sequence[Event]) -> dict[tuple[int, str], Settlement]:
    out: dict[tuple[int, str], Settlement] = {}
    for e in events:
        if isinstance(e, Settlement):
            assert (e.seat, e.bet) not in out, f"{e.bet} settled twice"
            out[(e.seat, e.bet)] = e
    return out


def kinds(state: BlackjackState, seat: int = 0) -> set[str]:
    return {lg.kind for lg in ENGINE.legal_actions(state, seat)}


def new_table(variant: str = "grand-ronde", seed: int = 0, **options: Any) -> tuple[BlackjackState, SeededRng]:
    rng = SeededRng(seed)
    return ENGINE.new_round(rules_for(variant, **options), rng, None), rng


# ---------------------------------------------------------------------------------------
# Rules data
# ---------------------------------------------------------------------------------------
def test_registry_serves_the_engine() -> None:
    eng = registry.engine("blackjack")
    assert eng is ENGINE
    assert (eng.slug, eng.name, eng.family) == ("blackjack", "Blackjack", "blackjack")
    assert set(load_game("blackjack").variants) == set(VARIANTS)


def test_each_variant_rules_differ_as_the_rulebooks_say() -> None:
    gr, c4, sd = (rules_for(v) for v in VARIANTS)
    assert gr["dealer_hits_soft_17"] and not c4["dealer_hits_soft_17"] and sd["dealer_hits_soft_17"]
    assert (gr["decks"], c4["decks"], sd["decks"]) == (6, 6, 1)  # D-028
    assert (gr["blackjack_pays"], c4["blackjack_pays"], sd["blackjack_pays"]) == ("3 to 2", "3 to 2", "6 to 5")
    assert (gr["surrender"], c4["surrender"], sd["surrender"]) == (False, True, True)  # D-040
    assert (gr["insurance_rounding"], c4["insurance_rounding"], sd["insurance_rounding"]) == ("down", "up", "up")
    assert sd["double_totals"] == [10, 11] and gr["double_totals"] == [] == c4["double_totals"]
    assert gr["limits"]["main"] == {"min": 500, "max": 100000}  # D-044: $1,000 (000 s.265)
    assert c4["limits"]["main"] == {"min": 500, "max": 50000}
    for slug in ("super-bonus-blackjack", "21-plus-3-xtreme", "lucky-ladies"):
        assert gr["limits"][slug] == {"min": 100, "max": 2500}  # D-053, D-056, D-060


def test_side_bets_only_on_the_grand_ronde_table_d517() -> None:
    assert rules_for("grand-ronde")["side_bets"] == ["super-bonus-blackjack", "21-plus-3-xtreme", "lucky-ladies"]
    assert rules_for("chapter4")["side_bets"] == [] == rules_for("single-deck")["side_bets"]


def test_every_paytable_line_cites_the_rulebook() -> None:
    game = load_game("blackjack")
    for variant in game.variants.values():
        for table in variant.paytables.values():
            for line in table.lines:
                assert line.cite and line.odds is not None, (table.slug, line.hand)


def test_lucky_ladies_cap_is_data_d062() -> None:
    table = rules_for()["paytables"]["lucky-ladies"]
    assert table["cap"] == 2500000 and table["cap_min_wins"] == 2
    assert table["cap_line"] in table["lines"]


def test_posted_blackjack_line_matches_the_rule_in_each_variant() -> None:
    for v in VARIANTS:
        rules = rules_for(v)
        assert rules["paytables"][rules["main_paytable"]]["lines"]["blackjack"] == rules["blackjack_pays"]


def test_operator_options_have_defaults_among_their_choices() -> None:
    for variant in load_game("blackjack").variants.values():
        for name, spec in variant.options.items():
            assert spec["default"] in spec["choices"], name
            assert variant.rules[name] == spec["default"], name


def test_six_to_five_is_an_option_only_at_grand_ronde_d030() -> None:
    assert rules_for("grand-ronde", blackjack_pays="6 to 5")["blackjack_pays"] == "6 to 5"
    with pytest.raises(ValueError):
        rules_for("grand-ronde", blackjack_pays="2 to 1")
    # c004 tables always pay 3 to 2: the option does not exist there.
    assert rules_for("chapter4", blackjack_pays="6 to 5")["blackjack_pays"] == "3 to 2"


# ---------------------------------------------------------------------------------------
# A new round
# ---------------------------------------------------------------------------------------
def test_new_round_is_in_betting_with_a_shuffled_shoe() -> None:
    state, _ = new_table()
    assert state.phase == "betting" and ENGINE.to_act(state) is None and not ENGINE.is_over(state)
    assert state.shoe.decks == 6 and state.shoe.first_round_after_shuffle
    assert sorted(state.seats) == list(range(7))  # D-029
    assert round_trips(state)


def test_carry_keeps_the_shoe_between_rounds() -> None:
    state, rng = new_table()
    act(state, "bet", 0, 1000)
    act(state, "deal")
    while not ENGINE.is_over(state):
        timeout = ENGINE.timeout_action(state)  # stand / no insurance (D-009)
        assert timeout is not None
        ENGINE.apply(state, timeout, rng)
    dealt = state.shoe.dealt
    nxt = ENGINE.new_round(rules_for(), SeededRng(9), ENGINE.carry(state))
    assert nxt.shoe.dealt == dealt and nxt.shoe.shuffle_no == 1
    assert not nxt.shoe.first_round_after_shuffle
    # A table that changes its deck count starts a new shoe.
    other = ENGINE.new_round(rules_for(decks=2), SeededRng(9), ENGINE.carry(state))
    assert other.shoe.decks == 2 and other.shoe.dealt == 0


def test_new_round_refuses_a_bad_rules_snapshot() -> None:
    rules = rules_for()
    rules["insurance_rounding"] = "sideways"
    with pytest.raises(ValueError):
        ENGINE.new_round(rules, SeededRng(0), None)


# ---------------------------------------------------------------------------------------
# Betting
# ---------------------------------------------------------------------------------------
def test_bet_adds_chips_and_reports_the_stake() -> None:
    state, _ = new_table()
    assert act(state, "bet", 2, 500, "main") == [Stake(2, "main", 500)]
    assert act(state, "bet", 2, 300, "main") == [Stake(2, "main", 300)]
    assert state.seats[2].bets == {"main": 800}


@pytest.mark.parametrize("amount", [0, -500])
def test_bet_must_be_positive(amount: int) -> None:
    state, _ = new_table()
    with pytest.raises(IllegalAction, match="more than"):
        act(state, "bet", 0, amount)


def test_bet_over_the_table_maximum_is_refused_d044() -> None:
    state, _ = new_table("grand-ronde")
    act(state, "bet", 0, 90000)
    with pytest.raises(IllegalAction, match=r"The maximum on the main bet is \$1,000\."):
        act(state, "bet", 0, 20000)
    assert state.seats[0].bets["main"] == 90000
    state4, _ = new_table("chapter4")
    with pytest.raises(IllegalAction, match=r"\$500\."):
        act(state4, "bet", 0, 50100)


def test_bets_are_taken_in_whole_dollars_by_default_d003() -> None:
    state, _ = new_table()
    with pytest.raises(IllegalAction, match=r"steps of \$1"):
        act(state, "bet", 0, 550)
    cents, _ = new_table(bet_step=1)
    act(cents, "bet", 0, 551)
    assert cents.seats[0].main == 551


def test_unknown_spot_and_unknown_box_are_refused() -> None:
    state, _ = new_table()
    with pytest.raises(IllegalAction):
        act(state, "bet", 0, 500, "perfect-pairs")
    with pytest.raises(IllegalAction):
        act(state, "bet", 7, 500)
    with pytest.raises(IllegalAction):
        act(state, "fold", 0)


def test_side_bet_needs_a_main_bet_on_the_same_box() -> None:
    state, _ = new_table()
    with pytest.raises(IllegalAction, match="main bet"):
        act(state, "bet", 0, 500, "lucky-ladies")
    act(state, "bet", 1, 500)
    with pytest.raises(IllegalAction, match="main bet"):
        act(state, "bet", 0, 500, "21-plus-3-xtreme")


def test_side_bet_maximum_is_25_dollars_d060() -> None:
    state, _ = new_table()
    act(state, "bet", 0, 1000)
    act(state, "bet", 0, 2000, "lucky-ladies")
    with pytest.raises(IllegalAction, match=r"^The maximum on Lucky Ladies is \$25\.$"):
        act(state, "bet", 0, 600, "lucky-ladies")


def test_side_bets_refused_where_the_rulebook_has_none_d517() -> None:
    for variant in ("chapter4", "single-deck"):
        state, _ = new_table(variant)
        act(state, "bet", 0, 1000)
        for spot in ("lucky-ladies", "21-plus-3-xtreme", "super-bonus-player"):
            with pytest.raises(IllegalAction, match="does not offer"):
                act(state, "bet", 0, 100, spot)
        assert {lg.spot for lg in ENGINE.legal_actions(state, 0) if lg.kind == "bet"} == {"main"}


def test_clear_refunds_every_spot_of_the_box() -> None:
    state, _ = new_table()
    act(state, "bet", 0, 1000)
    act(state, "bet", 0, 500, "lucky-ladies")
    act(state, "bet", 0, 200, "21-plus-3-xtreme")
    events = act(state, "clear", 0, spot="lucky-ladies")
    assert events == [Refund(0, "lucky-ladies", 500)]
    events = act(state, "clear", 0)
    assert sorted((e.bet, e.amount) for e in events if isinstance(e, Refund)) == [
        ("21-plus-3-xtreme", 200), ("main", 1000)]
    assert state.seats[0].bets == {}
    with pytest.raises(IllegalAction, match="nothing to clear"):
        act(state, "clear", 0)


def test_clearing_the_main_bet_takes_the_side_bets_back_too() -> None:
    state, _ = new_table()
    act(state, "bet", 0, 1000)
    act(state, "bet", 0, 500, "lucky-ladies")
    events = act(state, "clear", 0, spot="main")
    assert {(e.bet, e.amount) for e in events if isinstance(e, Refund)} == {("main", 1000), ("lucky-ladies", 500)}


def test_betting_legal_actions_carry_the_limits() -> None:
    state, _ = new_table()
    legal = {lg.spot: lg for lg in ENGINE.legal_actions(state, 0) if lg.kind == "bet"}
    assert set(legal) == {"main"}
    assert (legal["main"].min, legal["main"].max) == (500, 100000)
    act(state, "bet", 0, 1000)
    legal = {lg.spot: lg for lg in ENGINE.legal_actions(state, 0) if lg.kind == "bet"}
    assert legal["lucky-ladies"].max == 2500 and legal["super-bonus-dealer"].min == 100
    assert (legal["main"].min, legal["main"].max) == (100, 99000)
    assert {"clear", "deal"} <= kinds(state, 0)
    assert [lg.kind for lg in ENGINE.legal_actions(state, SYSTEM_SEAT)] == ["deal"]


# ---------------------------------------------------------------------------------------
# Boxes and players (D-023)
# ---------------------------------------------------------------------------------------
def test_owner_action_tells_the_round_who_plays_each_box_d023() -> None:
    state, _ = new_table()
    assert ENGINE.seat_owner_action == "owner"
    for seat in (0, 1, 2, 3):  # the spots-per-player limit is enforced when a player sits down
        act(state, ENGINE.seat_owner_action, seat, spot="alice")
    act(state, "owner", 2, spot="")  # alice leaves box 3
    act(state, "owner", 5, spot="bob")
    assert state.owners == {0: "alice", 1: "alice", 3: "alice", 5: "bob"}
    assert ENGINE.view(state, None)["seats"][5]["owner"] == "bob"
    with pytest.raises(IllegalAction):
        act(state, "owner", 9, spot="carol")
    act(state, "bet", 0, 1000)
    act(state, "deal")
    with pytest.raises(IllegalAction, match="between rounds"):
        act(state, "owner", 4, spot="carol")


# ---------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------
def test_deal_needs_a_main_bet() -> None:
    state, _ = new_table()
    with pytest.raises(IllegalAction, match="Nobody"):
        act(state, "deal", SYSTEM_SEAT)
    with pytest.raises(IllegalAction, match="main bet"):
        act(state, "deal", 3)


def test_deal_refuses_a_main_bet_under_the_minimum_d044() -> None:
    state, _ = new_table()
    act(state, "bet", 0, 1000)
    act(state, "bet", 4, 300)
    with pytest.raises(IllegalAction, match=r"Spot 5: the minimum on the main bet is \$5\."):
        act(state, "deal")
    assert state.phase == "betting" and state.dealer == []
    act(state, "bet", 4, 200)
    act(state, "deal", 4)  # a box with a bet down may call the deal
    assert state.phase != "betting"


def test_deal_order_is_box_by_box_then_the_dealer_004_s369() -> None:
    state, _ = stacked_round(hands=[("2c", "3c"), ("4d", "5d")], dealer=("9h", "7s"),
                             bets={0: {"main": 1000}, 3: {"main": 1000}})
    assert state.seats[0].hands[0].cards == ["2c", "3c"]
    assert state.seats[3].hands[0].cards == ["4d", "5d"]
    assert state.dealer == ["9h", "7s"] and not state.seats[1].hands
    assert ENGINE.to_act(state) == 0


def test_betting_is_closed_after_the_deal_d026() -> None:
    state, _ = stacked_round(hands=[("Tc", "7c")], dealer=("9h", "7s"))
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(state, "bet", 0, 500)
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(state, "clear", 0)
    with pytest.raises(IllegalAction):
        act(state, "deal")


def test_view_is_plain_json() -> None:
    state, _ = stacked_round(hands=[("Tc", "7c")], dealer=("9h", "7s"))
    view = ENGINE.view(state, 0)
    json.dumps(view)
    assert set(view) >= {"phase", "dealer", "seats", "to_act", "shoe", "side_bets_open", "paytables",
                         "notes", "rules_summary"}
    assert view["to_act"] == {"seat": 0, "hand": 0}
    assert view["dealer"]["cards"] == ["9h", None] and view["dealer"]["total"] == 9
    hand = view["seats"][0]["hands"][0]
    assert hand["cards"] == ["Tc", "7c"] and hand["total"] == 17 and hand["active"]
    assert "remaining" not in json.dumps(view["shoe"])


def test_rules_summary_posts_the_table_rules_d045() -> None:
    for variant, lines in {
        "grand-ronde": ["Dealer hits soft 17", "Blackjack pays 3 to 2", "Even money offered"],
        "chapter4": ["Dealer stands on all 17s", "Blackjack pays 3 to 2", "Late surrender"],
        "single-deck": ["Dealer hits soft 17", "Blackjack pays 6 to 5", "No even money",
                        "Double on 10 and 11 only", "Insurance pays 2 to 1"],
    }.items():
        state, _ = new_table(variant)
        summary = ENGINE.view(state, None)["rules_summary"]
        for line in lines:
            assert line in summary, (variant, line)
