"""The table limits a collection-fee schedule is printed for bind the table that posts it
(P-034, D-004, D-481): every schedule option of every player-dealer edition, its printed
bounds refused one cent past them, and the defaults moved inside the chosen option."""

from __future__ import annotations

from typing import Any

import pytest

from webgame.engine.paytable import RulebookLimitError, Variant, main_limit_name, resolve
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import PlayerDealerTable
from webgame.services.tables import ConfigError, validate

EDITIONS = [(game, slug) for game in registry.ENGINES
            for slug, v in registry.rules(game).variants.items() if v.player_banked]
CHOICES = [(game, slug, sid) for game, slug in EDITIONS
           for sid in registry.rules(game).variants[slug].options["collection_fee"]["choices"]]


def variant(game: str, slug: str) -> Variant:
    return registry.rules(game).variants[slug]


def posting(sid: str, limits: dict[str, dict[str, int]] | None = None) -> dict[str, Any]:
    return {"options": {"collection_fee": sid}, **({"limits": limits} if limits else {})}


def test_every_edition_posts_schedules_and_most_print_limits() -> None:
    assert len(EDITIONS) >= 12
    bound = [sid for _, _, sid in CHOICES if fees.schedule(sid).limit_bounds]
    assert len(bound) >= len(CHOICES) * 3 // 4


@pytest.mark.parametrize(("game", "slug", "sid"), CHOICES)
def test_choosing_a_schedule_moves_the_default_limits_inside_it(game: str, slug: str, sid: str) -> None:
    v = variant(game, slug)
    main = main_limit_name(v)
    assert main is not None
    lim = resolve(v, posting(sid))["limits"][main]
    for kind, amount in fees.schedule(sid).limit_bounds:
        ok = {"min": lim["min"] >= amount, "max": lim["max"] <= amount,
              "min_at_most": lim["min"] <= amount, "max_at_least": lim["max"] >= amount}[kind]
        assert ok, (sid, kind, amount, lim)
    assert 0 < lim["min"] <= lim["max"]


@pytest.mark.parametrize(("game", "slug", "sid"), [c for c in CHOICES if fees.schedule(c[2]).limit_bounds])
def test_one_cent_past_a_printed_bound_is_refused_with_the_schedule_named(game: str, slug: str, sid: str) -> None:
    v = variant(game, slug)
    main = main_limit_name(v)
    assert main is not None
    lim = resolve(v, posting(sid))["limits"][main]
    option = fees.schedule(sid)
    for kind, amount in option.limit_bounds:
        lo, hi = lim["min"], lim["max"]
        past = {"min": (amount - 1, hi), "max": (lo, amount + 1), "min_at_most": (amount + 1, max(hi, amount + 1)),
                "max_at_least": (min(lo, amount - 1), amount - 1)}[kind]
        with pytest.raises(RulebookLimitError) as caught:
            resolve(v, posting(sid, {main: {"min": past[0], "max": past[1]}}))
        # A rulebook's own bound may speak first; otherwise the schedule is named with its lines.
        words = str(caught.value)
        assert f"option {option.option}, {option.cite}" in words or "(rulebook " in words, words
    # The limits the option moved the table to are accepted when posted back as shown.
    assert resolve(v, posting(sid, {main: lim}))["limits"][main] == lim


def test_four_card_poker_limits_follow_the_posted_option() -> None:
    """002 prints $10-$500, $20-$500 and $40-$1,000 tables (s.3930-3961); the game allows $10-$1,000."""
    v = variant("four-card-poker", "lucky-chances")
    got = [resolve(v, posting(sid))["limits"]["ante"] for sid in v.options["collection_fee"]["choices"]]
    assert got == [{"min": 1000, "max": 50000}, {"min": 2000, "max": 50000}, {"min": 4000, "max": 100000}]
    with pytest.raises(RulebookLimitError, match=r"maximum on Four Card Poker Ante is \$500 \(collection-fee"):
        resolve(v, posting("002-three-card-poker-1", {"ante": {"min": 1000, "max": 100000}}))


def test_a_schedule_printed_for_ranges_bounds_the_minimum_and_the_maximum() -> None:
    """Seed 001's TCP option 5 is for tables whose minimum is $100-$500 and maximum $1,000-$5,000."""
    v = variant("three-card-poker", "6cb-lucky-derby")
    sid = "001-blackjack-tcp-5"
    assert dict(fees.schedule(sid).limit_bounds) == {"min": 10000, "min_at_most": 50000,
                                                     "max_at_least": 100000, "max": 500000}
    assert resolve(v, posting(sid))["limits"]["ante"] == {"min": 10000, "max": 100000}
    ok = resolve(v, posting(sid, {"ante": {"min": 50000, "max": 500000}}))
    assert ok["limits"]["ante"] == {"min": 50000, "max": 500000}
    for lo, hi, words in [(50100, 500000, "minimum on Three Card Poker Ante is not more than $500"),
                          (10000, 99900, "maximum on Three Card Poker Ante is at least $1,000")]:
        with pytest.raises(RulebookLimitError, match=words.replace("$", r"\$")):
            resolve(v, posting(sid, {"ante": {"min": lo, "max": hi}}))


def test_the_operator_is_told_in_plain_words() -> None:
    with pytest.raises(ConfigError, match=r"collection-fee schedule option 2, 002 s\.3930-3961"):
        validate("four-card-poker", "lucky-chances",
                 posting("002-three-card-poker-2", {"ante": {"min": 1000, "max": 50000}}))


def test_the_bank_is_at_least_the_minimum_the_schedule_posts() -> None:
    """D-471: the P/D's stake is at least the table minimum, which the schedule may raise."""
    v = variant("three-card-poker", "6cb-lucky-chances")
    rules = resolve(v, posting("002-three-card-poker-6cb-3"))
    assert rules["limits"]["ante"]["min"] == 4000
    assert PlayerDealerTable.bank_limit(rules)[0] == 4000
