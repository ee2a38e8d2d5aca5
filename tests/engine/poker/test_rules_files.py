"""Every poker-room variant in the rules files loads, resolves, and deals a hand to the end
whose awards and take add up to what the seats put in."""

from __future__ import annotations

import random

import pytest

from tests.engine.poker.deal import FULL
from webgame.engine.paytable import load_game, resolve
from webgame.games.poker.games import kind_from_rules
from webgame.games.poker.hand import Forced, act, contributed, is_over, legal, showdown, start_hand, to_act
from webgame.games.poker.structures import from_rules

GAMES = ["texas-holdem", "omaha", "omaha-hi-lo", "double-board-omaha", "big-o", "pineapple"]
VARIANTS = [(g, v) for g in GAMES for v in load_game(g).variants]
# Each variant under every structure its operator may choose.
TABLES = [(g, v, s) for g, v in VARIANTS
          for s in load_game(g).variants[v].options.get("structure", {}).get("choices", [None])]
# INDEX section 7's variants of the six board games, and D-436's Big O Hi-Lo.
INDEX = {
    "texas-holdem": {"grand-ronde", "lucky-derby-limit", "lucky-derby-nl100", "nl-procedure", "lc-limit",
                     "lc-spread", "lc-nl", "cp-limit", "cp-nl", "chapter4"},
    "omaha": {"lucky-derby", "crystal-park", "chapter4"},
    "omaha-hi-lo": {"lucky-derby", "lc-limit", "lc-pot-limit", "crystal-park"},
    "double-board-omaha": {"lucky-derby"},
    "big-o": {"lucky-derby", "crystal-park", "crystal-park-hi-lo"},
    "pineapple": {"v1-discard-preflop", "v2-discard-after-flop", "crazy-chapter4"},
}


def test_every_index_variant_is_in_the_rules_files() -> None:
    assert {g: set(load_game(g).variants) for g in GAMES} == INDEX
    for g in GAMES:
        assert load_game(g).family == "poker"


@pytest.mark.parametrize(("game", "slug", "structure"), TABLES)
def test_each_variant_deals_a_hand_to_the_end(game: str, slug: str, structure: str | None) -> None:
    variant = load_game(game).variants[slug]
    assert variant.seed and variant.sections and variant.notes
    rules = resolve(variant, {"options": {"structure": structure}} if structure else None)
    assert rules["take"] and rules["seats"] in (8, 9, 10)
    assert set(rules["table_options"]) <= {"straddle", "bomb-pot", "run-it-twice", "bad-beat-jackpot", "kill"}
    kind = kind_from_rules(variant.game_name, rules)
    betting = from_rules(rules)
    assert betting.smallest_bet(0) > 0 and (betting.kind != "spread-limit" or betting.spread[1] > betting.spread[0])
    rng = random.Random(slug)
    n = 3
    deck = list(FULL)
    rng.shuffle(deck)
    blinds = rules["blinds"]
    forced = [Forced(1, "small-blind", blinds[0]), Forced(2, "big-blind", blinds[-1])]
    hand = start_hand(kind, betting, [(s, rules["limits"]["buy-in"]["min"]) for s in (1, 2, 3)], n, forced, deck,
                      run_it_twice=bool(rules.get("run-it-twice")))
    while not is_over(hand):
        seat = to_act(hand)
        assert seat is not None
        options = {o.kind: o for o in legal(hand, seat)}
        if "discard" in options:
            act(hand, seat, "discard", spot=legal(hand, seat)[0].spot)
        elif "run-twice" in options:
            act(hand, seat, "run-twice", spot="yes")
        elif "raise" in options and hand.street == 0:
            act(hand, seat, "raise", options["raise"].min)
        else:
            act(hand, seat, "check" if "check" in options else "call")
    awards = showdown(hand, 1)
    assert sum(a.amount for a in awards) + 1 == sum(contributed(hand).values())
    assert len(hand.boards) == kind.boards


def test_the_raise_cap_follows_each_rulebook_and_structure_D403() -> None:
    def cap(game: str, slug: str, structure: str) -> int:
        return from_rules(resolve(load_game(game).variants[slug], {"options": {"structure": structure}}
                                  if "structure" in load_game(game).variants[slug].options else None)
                          | ({"structure": structure})).raise_cap
    assert cap("texas-holdem", "nl-procedure", "no-limit") == 3        # 001 s.5656
    assert cap("texas-holdem", "lucky-derby-nl100", "no-limit") == -1  # 001 s.37, D-423
    assert cap("texas-holdem", "lc-nl", "no-limit") == -1              # D-403: no cap elsewhere
    assert cap("texas-holdem", "chapter4", "no-limit") == -1
    assert cap("texas-holdem", "chapter4", "fixed-limit") == 3
    assert cap("texas-holdem", "grand-ronde", "no-limit") == 3         # 000 s.897-903
    assert cap("omaha", "lucky-derby", "pot-limit") == 3               # 001 s.5813
    nl100 = from_rules(resolve(load_game("texas-holdem").variants["lucky-derby-nl100"]))
    assert (nl100.big_blind, nl100.min_bet, nl100.max_raise) == (300, 300, 20000)  # D-423


# The posted games of 002 Appendix B (P-306): each choice sets the table's stakes and its row.
POSTED = [(g, v, c) for g, v in VARIANTS
          for c in load_game(g).variants[v].options.get("house_take", {}).get("sets", {})]


def test_the_lucky_chances_tables_offer_every_posted_game() -> None:
    from webgame.games.poker import take

    by_variant: dict[tuple[str, str], int] = {}
    for g, v, _ in POSTED:
        by_variant[(g, v)] = by_variant.get((g, v), 0) + 1
    # every option printed in each schedule the variant names (002 Appendix B)
    assert by_variant == {("texas-holdem", "lc-limit"): 30, ("texas-holdem", "lc-spread"): 6,
                          ("texas-holdem", "lc-nl"): 15 + 18, ("omaha-hi-lo", "lc-limit"): 9,
                          ("omaha-hi-lo", "lc-pot-limit"): 7 + 5}
    assert sum(len(take.schedule(s).options) for s in (
        "lucky-chances-holdem-limit", "lucky-chances-holdem-spread", "lucky-chances-holdem-nl",
        "lucky-chances-holdem-nl-timed", "lucky-chances-omaha-hi-lo-limit",
        "lucky-chances-omaha-hi-lo-pot-limit", "lucky-chances-omaha-hi-lo-pot-limit-timed")) == len(POSTED)


@pytest.mark.parametrize(("game", "slug", "choice"), POSTED)
def test_a_posted_game_sets_the_blinds_bets_buy_in_and_row(game: str, slug: str, choice: str) -> None:
    from webgame.games.poker import take
    from webgame.games.poker.table import take_spec

    rules = resolve(load_game(game).variants[slug], {"options": {"house_take": choice}})
    _, option = take.resolve(choice)
    assert option is not None and take_spec(rules) == choice
    assert rules["blinds"] == list(option.blinds)
    big_blind = option.blinds[-1]
    buy_in = rules["limits"]["buy-in"]
    if rules["structure"] == "fixed-limit":
        assert rules["bets"] == list(option.game)
        assert buy_in["min"] == 10 * option.game[-1]                  # D-411: ten big bets
    elif rules["structure"] == "spread-limit":
        assert rules["spread"] == list(option.game) and rules["min_bet"] == option.game[0]
        assert buy_in["min"] == 10 * option.game[-1]
    else:
        assert rules["min_bet"] == big_blind
        assert (buy_in["min"], buy_in["max"]) == (40 * big_blind, 100 * big_blind)   # D-411
    assert from_rules(rules).big_blind == big_blind


def test_a_kill_table_collects_by_the_kill_row_of_its_own_game() -> None:
    from webgame.games.poker.table import take_spec

    variant = load_game("texas-holdem").variants["lc-limit"]
    assert take_spec(resolve(variant)) == "lucky-chances-holdem-limit:7-10"          # $3-$6
    half = resolve(variant, {"options": {"kill": "half"}})
    assert take_spec(half) == "lucky-chances-holdem-kill:128-131"                    # $3-$6 w/ kill
    bigger = resolve(variant, {"options": {"kill": "full", "house_take": "lucky-chances-holdem-limit:92-95"}})
    assert bigger["bets"] == [1000, 2000]
    # the kill schedule prints no $10-$20 game: the table keeps its own row
    assert take_spec(bigger) == "lucky-chances-holdem-limit:92-95"


def test_lucky_derby_15x30_has_its_re_buy() -> None:
    from webgame.games.poker import room

    variant = load_game("texas-holdem").variants["lucky-derby-limit"]
    small = room.RoomRules.from_rules(resolve(variant))
    big = room.RoomRules.from_rules(resolve(variant, {"options": {"game": "15x30"}}))
    assert (small.big_bet, small.free_rebuy, big.big_bet, big.free_rebuy) == (1600, 0, 3000, 15000)
    assert room.buy_in_bounds(big) == (30000, 10000000) and big.short_buy_in == "per-day"
    assert room.buy_in_kind(big, 0, 15000) == room.RE_BUY                    # 001 s.33
    assert room.buy_in_kind(small, 0, 15000) == room.SHORT_BUY_IN


CRYSTAL_PARK = [(g, v, c) for g, v in VARIANTS
                for c in load_game(g).variants[v].options.get("game", {}).get("sets", {})
                if load_game(g).variants[v].seed == "003"]


def test_crystal_park_offers_every_printed_limit() -> None:
    assert len(CRYSTAL_PARK) == 12 + 5 + 5 + 5 + 5       # 003 Appendix A's limit groups


@pytest.mark.parametrize(("game", "slug", "choice"), CRYSTAL_PARK)
def test_a_crystal_park_limit_collects_by_its_own_row(game: str, slug: str, choice: str) -> None:
    from webgame.games.poker import take
    from webgame.games.poker.table import take_spec

    rules = resolve(load_game(game).variants[slug], {"options": {"game": choice}})
    _, option = take.resolve(take_spec(rules))
    assert option is not None
    printed = [lim.replace(" ", "").lower().removesuffix("kill").removesuffix("w/") for lim in option.limits]
    assert choice.lower() in printed                       # the row printed for this limit
    small, big = (int(x.strip("$")) * 100 for x in choice.split("-"))
    assert rules["bets"] == [small, big] and rules["limits"]["buy-in"]["min"] == 10 * big


def test_crystal_park_no_limit_collects_by_the_tables_buy_in() -> None:
    from webgame.games.poker.table import take_spec

    variant = load_game("texas-holdem").variants["cp-nl"]
    assert take_spec(resolve(variant)) == "crystal-park-holdem-nl:2"      # an $80 minimum: the $40+ row
    low = resolve(variant, {"limits": {"buy-in": {"min": 2000, "max": 20000}}})
    assert take_spec(low) == "crystal-park-holdem-nl:1"
    high = resolve(variant, {"limits": {"buy-in": {"min": 10000, "max": 20000}}})
    assert take_spec(high) == "crystal-park-holdem-nl:3"


def test_a_lucky_derby_table_collects_by_an_option_of_its_structure() -> None:
    from webgame.games.poker import take
    from webgame.games.poker.table import take_spec

    omaha = load_game("omaha").variants["lucky-derby"]
    assert take_spec(resolve(omaha)) == "lucky-derby-omaha:52"                       # pot-limit (D-430)
    limit = take_spec(resolve(omaha, {"options": {"structure": "fixed-limit"}}))
    _, option = take.resolve(limit)
    assert option is not None and "limit" in option.structures and limit == "lucky-derby-omaha:1"
