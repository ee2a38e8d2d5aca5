"""Rulebook limits bind the operator (D-004, revised on review).

A maximum a rulebook states is the highest maximum a table may post, a stated minimum the
lowest minimum, a fixed amount the only one, and Big Six's "the maximum wager shall be at
least" a floor under the maximum (D-377). The stated figures are the defaults, and a table
configuration outside them is refused with the rule and the line that states it. Limits no
rulebook states stay freely configurable.
"""

from __future__ import annotations

from typing import Any

import pytest

from webgame.engine import paytable
from webgame.engine.paytable import RULES_DIR, Bound, RulebookLimitError, load_game, parse_game, resolve
from webgame.services.tables import ConfigError, validate

# Every limit the five rulebooks state, as (game, variant, limit) → bounds (kind, cents, line).
STATED: dict[tuple[str, str, str], set[tuple[str, int, str]]] = {
    ("blackjack", "grand-ronde", "main"): {("max", 100000, "000 s.265")},
    ("spanish-21", "grand-ronde", "main"): {("max", 50000, "000 s.1124")},
    ("pure-spanish-21-5", "lucky-derby", "match-the-dealer"): {("max", 5000, "001 s.938")},
    ("pure-spanish-21-5", "lucky-derby", "blackjack-bonus-bet"): {("min", 100, "001 s.290"), ("max", 2500, "001 s.290")},
    ("no-bust-21st-century-blackjack", "4.0", "blackjack-bonus-bet"): {("min", 100, "001 s.290"), ("max", 2500, "001 s.290")},
    ("no-bust-21st-century-blackjack", "buster-4.0", "blackjack-bonus-bet"): {("min", 100, "001 s.290"),
                                                                              ("max", 2500, "001 s.290")},
    ("free-bet-blackjack", "grand-ronde", "main"): {("max", 100000, "000 s.1215")},
    ("craps", "grand-ronde", "bet"): {("max", 50000, "000 s.422")},
    ("craps", "grand-ronde", "odds"): {("max", 50000, "000 s.422")},
    ("craps", "grand-ronde", "place/6"): {("max", 60000, "000 s.425")},
    ("craps", "grand-ronde", "place/8"): {("max", 60000, "000 s.425")},
    ("craps", "grand-ronde", "lay/6"): {("max", 60000, "000 s.425")},
    ("craps", "grand-ronde", "lay/8"): {("max", 60000, "000 s.425")},
    ("craps", "grand-ronde", "lay/5"): {("max", 75000, "000 s.426")},
    ("craps", "grand-ronde", "lay/9"): {("max", 75000, "000 s.426")},
    ("craps", "grand-ronde", "lay/4"): {("max", 100000, "000 s.427")},
    ("craps", "grand-ronde", "lay/10"): {("max", 100000, "000 s.427")},
    ("craps", "grand-ronde", "lay-odds/4"): {("max", 100000, "000 s.427")},
    ("craps", "grand-ronde", "lay-odds/10"): {("max", 100000, "000 s.427")},
    ("craps", "grand-ronde", "lay-odds/5"): {("max", 75000, "000 s.426")},
    ("craps", "grand-ronde", "lay-odds/9"): {("max", 75000, "000 s.426")},
    ("craps", "grand-ronde", "lay-odds/6"): {("max", 50000, "000 s.422")},  # $600 only behind $100 (s.425, D-352)
    ("craps", "grand-ronde", "lay-odds/8"): {("max", 50000, "000 s.422")},
    ("let-it-ride", "grand-ronde", "base"): {("max", 5000, "000 s.588")},
    ("let-it-ride", "grand-ronde", "lir-dollar-bonus"): {("fixed", 100, "000 s.583")},
    ("let-it-ride", "grand-ronde", "lir-three-card-bonus"): {("min", 100, "000 s.584"), ("max", 2500, "000 s.584")},
    ("let-it-ride", "chapter4", "base"): {("min", 100, "004 s.1147"), ("max", 200000, "004 s.1147")},
    ("three-card-poker", "grand-ronde", "ante"): {("max", 50000, "000 s.1028")},
    ("three-card-poker", "grand-ronde", "pair-plus"): {("max", 50000, "000 s.1028")},
    ("three-card-poker", "chapter4", "ante"): {("min", 100, "004 s.1509"), ("max", 50000, "004 s.1509")},
    ("three-card-poker", "chapter4", "pair-plus"): {("min", 100, "004 s.1509"), ("max", 10000, "004 s.1509")},
    ("ultimate-texas-holdem", "grand-ronde", "main"): {("max", 10000, "000 s.1293")},
    ("ultimate-texas-holdem", "grand-ronde", "uth-trips"): {("max", 10000, "000 s.1293")},
    ("jackpot-holdem", "grand-ronde", "main"): {("max", 2500, "000 s.1563")},
    ("jackpot-holdem", "grand-ronde", "jh-player-bonus"): {("max", 2500, "000 s.1563")},
    ("jackpot-holdem", "grand-ronde", "jh-3-up-bonus"): {("max", 2500, "000 s.1563")},
    ("roulette", "chapter4-00", "back-to-back"): {("fixed", 100, "004 s.263")},
    ("roulette", "chapter4-0", "back-to-back"): {("fixed", 100, "004 s.263")},
    # The table limits printed with Four Card Poker's collection schedule (002 Appendix A9).
    ("four-card-poker", "lucky-chances", "ante"): {("min", 1000, "002 s.4078"), ("max", 100000, "002 s.4094")},
    ("red-dog", "chapter4", "main"): {("min", 100, "004 s.1427"), ("max", 100000, "004 s.1427")},
    ("casino-war", "chapter4", "main"): {("min", 100, "004 s.1566"), ("max", 500000, "004 s.1566")},
    ("pai-gow-poker", "grand-ronde", "main"): {("max", 50000, "000 s.726")},
    ("pai-gow-poker", "grand-ronde", "fortune-bonus"): {("max", 2500, "000 s.726")},
    ("pai-gow-poker", "chapter4", "main"): {("min", 500, "004 s.1263"), ("max", 1000000, "004 s.1263")},
    ("fortune-pai-gow-poker", "lucky-derby", "fortune-bonus"): {("min", 100, "001 s.1217"), ("max", 5000, "001 s.1217")},
    ("fortune-pai-gow-poker", "crystal-park", "fortune-bonus"): {("min", 100, "003 s.3000"), ("max", 20000, "003 s.3000")},
    ("face-up-pai-gow-poker", "crystal-park", "fortune-bonus"): {("min", 500, "003 s.3642"), ("max", 10000, "003 s.3642")},
    ("ez-baccarat", "grand-ronde", "player"): {("max", 600000, "000 s.1455")},
    ("ez-baccarat", "grand-ronde", "banker"): {("max", 600000, "000 s.1455")},
    ("ez-baccarat", "grand-ronde", "divine-9"): {("max", 10000, "000 s.1459")},
    ("ez-baccarat", "grand-ronde", "golden-talons"): {("max", 20000, "000 s.1460")},
    ("ez-baccarat", "lucky-chances", "dragon-7"): {("max", 5000, "002 s.5721")},
    ("21st-century-baccarat", "5.0-lc", "bonus-pair"): {("min", 1000, "002 s.1837"), ("max", 30000, "002 s.1839")},
    ("21st-century-baccarat", "5.0-cp", "bonus-pair"): {("min", 1000, "003 s.926"), ("max", 30000, "003 s.926")},
    ("ez-baccarat", "lucky-chances", "panda-8"): {("max", 8000, "002 s.5720")},
    ("ez-baccarat", "crystal-park", "baccarat-tie"): {("max", 10000, "003 s.1907")},
    ("ez-baccarat", "crystal-park", "dragon-7"): {("max", 2500, "003 s.1907")},  # at the $10-$100 table (P-131)
    ("ez-baccarat", "crystal-park", "panda-8"): {("max", 2500, "003 s.1907")},
    ("ruyi-baccarat", "crystal-park", "gold-7"): {("max", 200000, "003 s.4185")},
    ("ruyi-baccarat", "crystal-park", "jade-8"): {("max", 200000, "003 s.4185")},
    ("ruyi-baccarat", "crystal-park", "ruby-9"): {("max", 200000, "003 s.4185")},
    ("ruyi-baccarat", "crystal-park", "baccarat-tie"): {("max", 200000, "003 s.4185")},
    ("texas-holdem", "lucky-derby-nl100", "buy-in"): {("fixed", 10000, "001 s.37")},  # "$100 Max/Min Buy In" (D-423)
    # 000 s.524 "The maximum bet limit shall not exceed $1,000": a keno ticket's price per game
    # (D-394); the Chapter 4 progressive plays on the same rules (D-400).
    ("keno", "grand-ronde", "ticket"): {("max", 100000, "000 s.524")},
    ("keno", "chapter4", "ticket"): {("max", 100000, "000 s.524")},
    **{("big-six", "chapter4", symbol): {("min", 100, "004 s.1047"), ("max_at_least", floor, line)}
       for symbol, floor, line in [("1", 40000, "004 s.1048"), ("2", 20000, "004 s.1049"),
                                   ("5", 8000, "004 s.1050"), ("10", 5000, "004 s.1051"),
                                   ("20", 2500, "004 s.1052"), ("joker", 5000, "004 s.1053"),
                                   ("casino", 5000, "004 s.1053")]},
}

GAMES = sorted(p.stem for p in RULES_DIR.glob("*.toml"))


def variant(game: str, slug: str) -> Any:
    return load_game(game).variants[slug]


@pytest.fixture
def no_fee_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook's own bounds, apart from the table limits a player-dealer table's fee
    schedule posts (P-034: Four Card Poker's $10-$1,000 spans three schedules, none of which
    takes both ends); tests/engine/california/test_schedule_limits.py checks those."""
    monkeypatch.setattr(paytable, "OPTION_BOUNDS", {})


def configure(game: str, slug: str, limits: dict[str, tuple[int, int]]) -> dict[str, Any]:
    config = {"limits": {name: {"min": lo, "max": hi} for name, (lo, hi) in limits.items()}}
    return resolve(variant(game, slug), config)


def refusal(game: str, slug: str, limits: dict[str, tuple[int, int]]) -> str:
    with pytest.raises(RulebookLimitError) as caught:
        configure(game, slug, limits)
    return str(caught.value)


# ---------------------------------------------------------------------------------------
# The data: every stated limit of the 12 games is marked, with its line; nothing else is
# ---------------------------------------------------------------------------------------
def test_every_limit_the_rulebooks_state_is_marked_binding_and_no_other() -> None:
    found = {}
    for game in GAMES:
        for v in load_game(game).variants.values():
            for name, limit in v.limits.items():
                if limit.rulebook:
                    found[(game, v.slug, name)] = {(b.kind, b.amount, b.cite) for b in limit.rulebook}
    assert found == STATED


@pytest.mark.parametrize("key", sorted(STATED))
def test_the_stated_figures_are_the_defaults(key: tuple[str, str, str], no_fee_schedule: None) -> None:
    game, slug, name = key
    limit = variant(game, slug).limits[name]
    for kind, amount, _ in STATED[key]:
        if kind in ("max", "max_at_least"):
            assert limit.max == amount
        elif kind == "min":
            assert limit.min == amount
        else:
            assert (limit.min, limit.max) == (amount, amount)
    assert resolve(variant(game, slug))["limits"][name] == {"min": limit.min, "max": limit.max}


def test_a_default_that_drifts_from_its_rulebook_is_refused_at_load() -> None:
    data = {
        "game": {"slug": "x", "name": "X", "family": "carnival"},
        "variants": {"v": {"limits": {"ante": {"min": 500, "max": 60000,
                                               "rulebook": {"max": 50000, "cite": "000 s.1028"}}}}},
    }
    with pytest.raises(ValueError, match="000 s.1028"):
        parse_game(data)
    data["variants"]["v"]["limits"]["ante"]["rulebook"] = {"most": 50000, "cite": "000 s.1028"}
    with pytest.raises(ValueError, match="needs one of"):
        parse_game(data)


# ---------------------------------------------------------------------------------------
# Each kind of violation is refused, naming the rule and its line
# ---------------------------------------------------------------------------------------
VIOLATIONS = [
    # the five
    ("blackjack", "grand-ronde", "main", (500, 110000), "The maximum on Blackjack main bet is $1,000 (rulebook 000 s.265)."),
    ("three-card-poker", "grand-ronde", "ante", (500, 60000), "The maximum on Three Card Poker Ante is $500 (rulebook 000 s.1028)."),
    ("let-it-ride", "grand-ronde", "lir-dollar-bonus", (500, 500),
     "Let It Ride $1 Bonus is $1 only, as its minimum and its maximum (rulebook 000 s.583)."),
    ("roulette", "chapter4-00", "back-to-back", (100, 2500),
     "Roulette Back-to-Back is $1 only, as its minimum and its maximum (rulebook 004 s.263)."),
    ("three-card-poker", "chapter4", "ante", (25, 50000),
     "The minimum on Three Card Poker Ante is not less than $1 (rulebook 004 s.1509)."),
    # and the others like them
    ("ultimate-texas-holdem", "grand-ronde", "main", (500, 20000),
     "The maximum on Ultimate Texas Hold'em Ante and Blind is $100 (rulebook 000 s.1293)."),
    ("jackpot-holdem", "grand-ronde", "main", (500, 5000),
     "The maximum on Jackpot Hold'em Ante and X-tra Bonus is $25 (rulebook 000 s.1563)."),
    ("craps", "grand-ronde", "place/6", (500, 100000), "The maximum on Craps place 6 is $600 (rulebook 000 s.425)."),
    ("let-it-ride", "chapter4", "base", (100, 500000), "The maximum on Let It Ride basic bet is $2,000 (rulebook 004 s.1147)."),
    ("red-dog", "chapter4", "main", (50, 100000), "The minimum on Red Dog Poker wager is not less than $1 (rulebook 004 s.1427)."),
    ("casino-war", "chapter4", "main", (100, 1000000), "The maximum on Casino War initial wager is $5,000 (rulebook 004 s.1566)."),
    ("big-six", "chapter4", "1", (100, 10000), "The maximum on Big Six $1 bill is at least $400 (rulebook 004 s.1048)."),
    # more of the same kinds
    ("let-it-ride", "grand-ronde", "base", (500, 10000), "The maximum on Let It Ride basic bet is $50 (rulebook 000 s.588)."),
    ("let-it-ride", "grand-ronde", "lir-dollar-bonus", (50, 100), "(rulebook 000 s.583)"),
    ("let-it-ride", "grand-ronde", "lir-three-card-bonus", (100, 5000), "is $25 (rulebook 000 s.584)"),
    ("let-it-ride", "grand-ronde", "lir-three-card-bonus", (50, 2500), "not less than $1 (rulebook 000 s.584)"),
    ("let-it-ride", "chapter4", "base", (25, 200000), "not less than $1 (rulebook 004 s.1147)"),
    ("three-card-poker", "grand-ronde", "pair-plus", (100, 60000), "Three Card Poker Pair Plus is $500 (rulebook 000 s.1028)"),
    ("three-card-poker", "chapter4", "pair-plus", (100, 20000), "Three Card Poker Pair Plus is $100 (rulebook 004 s.1509)"),
    ("three-card-poker", "chapter4", "ante", (100, 60000), "Three Card Poker Ante is $500 (rulebook 004 s.1509)"),
    ("ultimate-texas-holdem", "grand-ronde", "uth-trips", (100, 10100), "Trips is $100 (rulebook 000 s.1293)"),
    ("jackpot-holdem", "grand-ronde", "jh-player-bonus", (100, 5000), "Player Bonus is $25 (rulebook 000 s.1563)"),
    ("jackpot-holdem", "grand-ronde", "jh-3-up-bonus", (100, 2600), "3-Up Bonus is $25 (rulebook 000 s.1563)"),
    ("roulette", "chapter4-0", "back-to-back", (500, 500), "(rulebook 004 s.263)"),
    ("craps", "grand-ronde", "bet", (500, 60000), "Craps any one bet is $500 (rulebook 000 s.422)"),
    ("craps", "grand-ronde", "odds", (100, 100000), "Craps odds is $500 (rulebook 000 s.422)"),
    ("craps", "grand-ronde", "lay/5", (500, 100000), "Craps lay 5 is $750 (rulebook 000 s.426)"),
    ("craps", "grand-ronde", "lay/4", (500, 150000), "Craps lay 4 is $1,000 (rulebook 000 s.427)"),
    ("craps", "grand-ronde", "lay-odds/4", (100, 120000), "Craps lay odds on 4 is $1,000 (rulebook 000 s.427)"),
    ("craps", "grand-ronde", "lay-odds/6", (100, 60000), "Craps lay odds on 6 is $500 (rulebook 000 s.422)"),
    ("red-dog", "chapter4", "main", (100, 150000), "Red Dog Poker wager is $1,000 (rulebook 004 s.1427)"),
    ("casino-war", "chapter4", "main", (25, 500000), "not less than $1 (rulebook 004 s.1566)"),
    ("big-six", "chapter4", "joker", (100, 2500), "Big Six Joker is at least $50 (rulebook 004 s.1053)"),
    ("big-six", "chapter4", "20", (50, 2500), "Big Six $20 bill is not less than $1 (rulebook 004 s.1047)"),
]


@pytest.mark.parametrize("game,slug,name,bounds,message", VIOLATIONS,
                         ids=[f"{g}@{v}/{n}/{lo}-{hi}" for g, v, n, (lo, hi), _ in VIOLATIONS])
def test_a_configuration_outside_the_rulebook_is_refused_with_its_line(
        game: str, slug: str, name: str, bounds: tuple[int, int], message: str) -> None:
    text = refusal(game, slug, {name: bounds})
    assert message in text
    assert " s." in text and "(rulebook " in text


@pytest.mark.parametrize("game,slug,name,bounds,message", VIOLATIONS,
                         ids=[f"{g}@{v}/{n}/{lo}-{hi}" for g, v, n, (lo, hi), _ in VIOLATIONS])
def test_the_operators_config_path_refuses_it_too(
        game: str, slug: str, name: str, bounds: tuple[int, int], message: str) -> None:
    config = {"limits": {name: {"min": bounds[0], "max": bounds[1]}}}
    with pytest.raises(ConfigError) as caught:
        validate(game, slug, config)
    assert message in str(caught.value)


def test_every_bound_of_every_stated_limit_refuses_just_past_it(no_fee_schedule: None) -> None:
    """One cent past each stated figure is refused, the figure itself accepted."""
    for (game, slug, name), bounds in STATED.items():
        limit = variant(game, slug).limits[name]
        for kind, amount, cite in bounds:
            lo, hi = limit.min, limit.max
            past = {"max": (lo, amount + 1), "min": (amount - 1, hi), "max_at_least": (lo, amount - 1),
                    "fixed": (amount, amount + 1)}[kind]
            assert f"(rulebook {cite})" in refusal(game, slug, {name: past}), (game, slug, name, kind)
            assert configure(game, slug, {name: (lo, hi)})["limits"][name] == {"min": lo, "max": hi}


# ---------------------------------------------------------------------------------------
# Inside the rulebook, and where no rulebook speaks, the operator chooses
# ---------------------------------------------------------------------------------------
IN_BOUNDS = [
    ("blackjack", "grand-ronde", "main", (2500, 100000)),       # $25-$1,000: at the ceiling
    ("blackjack", "grand-ronde", "main", (1000, 30000)),        # a lower maximum
    ("three-card-poker", "grand-ronde", "ante", (100, 50000)),  # no minimum stated: $1 is the operator's
    ("three-card-poker", "chapter4", "ante", (100, 20000)),
    ("three-card-poker", "chapter4", "pair-plus", (500, 10000)),
    ("let-it-ride", "grand-ronde", "lir-dollar-bonus", (100, 100)),
    ("let-it-ride", "grand-ronde", "lir-three-card-bonus", (500, 1000)),
    ("let-it-ride", "chapter4", "base", (500, 100000)),
    ("roulette", "chapter4-00", "back-to-back", (100, 100)),
    ("craps", "grand-ronde", "lay-odds/6", (100, 50000)),
    ("craps", "grand-ronde", "bet", (100, 10000)),
    ("big-six", "chapter4", "1", (500, 200000)),                # a maximum above the floor: no ceiling stated
    ("red-dog", "chapter4", "main", (1000, 100000)),
    ("casino-war", "chapter4", "main", (500, 25000)),
    ("ultimate-texas-holdem", "grand-ronde", "main", (1000, 10000)),
    ("jackpot-holdem", "grand-ronde", "jh-3-up-bonus", (500, 2500)),
    # not stated by any rulebook: freely configurable (D-004 defaults)
    ("blackjack", "chapter4", "main", (100, 1000000)),
    ("blackjack", "grand-ronde", "lucky-ladies", (100, 10000)),
    ("craps", "chapter4", "bet", (100, 500000)),
    ("roulette", "grand-ronde-00", "inside", (25, 100000)),
    ("caribbean-stud", "chapter4", "ante", (500, 1000000)),
    ("caribbean-stud", "chapter4", "caribbean-progressive", (500, 500)),
    ("mississippi-stud", "chapter4", "ante", (1000, 100000)),
    ("casino-war", "chapter4", "war-tie", (100, 10000)),
    ("jackpot-holdem", "grand-ronde", "jh-hole-card-bonus", (100, 10000)),
]


@pytest.mark.parametrize("game,slug,name,bounds", IN_BOUNDS,
                         ids=[f"{g}@{v}/{n}/{lo}-{hi}" for g, v, n, (lo, hi) in IN_BOUNDS])
def test_a_configuration_inside_the_rulebook_is_accepted(game: str, slug: str, name: str,
                                                         bounds: tuple[int, int]) -> None:
    rules = configure(game, slug, {name: bounds})
    assert rules["limits"][name] == {"min": bounds[0], "max": bounds[1]}
    validate(game, slug, {"limits": {name: {"min": bounds[0], "max": bounds[1]}}})


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_resolves_as_shipped_and_with_its_own_limits_posted_back(game: str) -> None:
    """The operator page posts every limit back as shown: the defaults pass their own bounds."""
    for v in load_game(game).variants.values():
        posted = {name: (lim["min"], lim["max"]) for name, lim in resolve(v)["limits"].items()}
        assert configure(game, v.slug, posted)["limits"] == resolve(v)["limits"]


def test_the_bound_reads_as_the_rulebook_says_it() -> None:
    assert Bound("max", 50000, "000 s.1028").text == "maximum not more than $500 (000 s.1028)"
    assert Bound("min", 100, "004 s.1509").text == "minimum not less than $1 (004 s.1509)"
    assert Bound("fixed", 100, "004 s.263").text == "only $1 (004 s.263)"
    assert Bound("max_at_least", 40000, "004 s.1048").text == "maximum at least $400 (004 s.1048)"
