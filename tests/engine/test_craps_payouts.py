"""Every craps wager on every one of the 36 dice outcomes, on the come-out and on each point.

The expected results below are typed from the rulebooks (seed 000 s.446-474; seed 004
s.107-165, s.174-190, s.196-203) and DECISIONS, independently of the rules TOML, so a
wrong paytable line or a wrong resolution fails here.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.engine.protocol import Settlement
from webgame.engine.rng import SeededRng
from webgame.games.dice.bets import DICE, POINTS
from webgame.games.dice.craps import CRAPS, CrapsState, table_rules

VARIANTS = ("grand-ronde", "chapter4")
PLACE = {4: F(9, 5), 5: F(7, 5), 6: F(7, 6), 8: F(7, 6), 9: F(7, 5), 10: F(9, 5)}
TRUE_WIN = {4: F(2), 5: F(3, 2), 6: F(6, 5), 8: F(6, 5), 9: F(3, 2), 10: F(2)}
TRUE_LOSE = {4: F(1, 2), 5: F(2, 3), 6: F(5, 6), 8: F(5, 6), 9: F(2, 3), 10: F(1, 2)}
PLACE_LOSE = {4: F(5, 11), 5: F(5, 8), 6: F(4, 5), 8: F(4, 5), 9: F(5, 8), 10: F(5, 11)}  # 004 s.123-128
HARD = {4: 7, 6: 9, 8: 9, 10: 7}
FIELD = {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 2}  # both books: 2 to 1 on 2 and on 12
SINGLE = {2: 30, 3: 15, 7: 4, 11: 15, 12: 30}
ANY_CRAPS = 7

OFFERED = {
    "grand-ronde": {
        "pass", "dont-pass", "come", "dont-come", "place", "buy", "lay", "hard", "field", "any-seven",
        "any-craps", "craps-2", "craps-3", "craps-12", "eleven", "c-and-e", "hop", "horn", "horn-high", "whirl",
    },
    "chapter4": {
        "pass", "dont-pass", "come", "dont-come", "put", "place", "place-lose", "buy", "lay", "hard", "big",
        "field", "any-seven", "any-craps", "craps-2", "craps-3", "craps-12", "eleven", "horn", "horn-high",
        "world", "three-way-craps", "hop", "c-and-e", "high-low", "ace-deuce-any-craps",
    },
}


def paid(amount: int, ratio: F | int) -> int:
    """Stake back plus the win truncated to the cent (D-002)."""
    return amount + int(amount * F(ratio))


def units(amount: int, layout: dict[int, int], total: int) -> int:
    n = sum(layout.values())
    unit = amount // n
    return paid(unit * layout[total], SINGLE[total]) if total in layout else 0


def expected(key: str, amount: int, d1: int, d2: int, point: int) -> tuple[str, int] | None:
    """(result, returned) by the rulebooks, ("point", n) for a line bet getting its point,
    or None when the roll does not decide the bet. Bets are at their table defaults."""
    t = d1 + d2
    come_out = point == 0
    kind, _, rest = key.partition("/")
    n = int(rest) if rest.isdigit() else 0
    if kind in ("pass", "come") and not n:
        number = point if kind == "pass" else 0
        if number:
            return ("win", 2 * amount) if t == number else ("lose", 0) if t == 7 else None
        if t in (7, 11):
            return ("win", 2 * amount)
        return ("lose", 0) if t in (2, 3, 12) else ("point", t)
    if kind in ("dont-pass", "dont-come") and not n:
        number = point if kind == "dont-pass" else 0
        if number:
            return ("win", 2 * amount) if t == 7 else ("lose", 0) if t == number else None
        if t == 12:
            return ("push", amount)  # bar 12: 000 s.382; 004 s.35
        if t in (2, 3):
            return ("win", 2 * amount)
        return ("lose", 0) if t in (7, 11) else ("point", t)
    if kind in ("come", "put", "big"):
        return ("win", 2 * amount) if t == n else ("lose", 0) if t == 7 else None
    if kind == "dont-come":
        return ("win", 2 * amount) if t == 7 else ("lose", 0) if t == n else None
    if kind in ("place", "buy"):
        if come_out:
            return None  # off on the come-out (000 s.438; 004 s.89; D-355)
        ratio = PLACE[n] if kind == "place" else TRUE_WIN[n]
        return ("win", paid(amount, ratio)) if t == n else ("lose", 0) if t == 7 else None
    if kind in ("lay", "place-lose"):
        ratio = TRUE_LOSE[n] if kind == "lay" else PLACE_LOSE[n]
        return ("win", paid(amount, ratio)) if t == 7 else ("lose", 0) if t == n else None
    if kind == "hard":
        if come_out:
            return None  # D-354: off on the come-out unless called on
        if t == n and d1 == d2:
            return ("win", paid(amount, HARD[n]))
        return ("lose", 0) if t in (n, 7) else None
    if kind == "field":
        return ("win", paid(amount, FIELD[t])) if t in FIELD else ("lose", 0)
    if kind == "any-seven":
        return ("win", paid(amount, 4)) if t == 7 else ("lose", 0)
    if kind == "any-craps":
        return ("win", paid(amount, ANY_CRAPS)) if t in (2, 3, 12) else ("lose", 0)
    if kind in ("craps-2", "craps-3", "craps-12", "eleven"):
        target = {"craps-2": 2, "craps-3": 3, "craps-12": 12, "eleven": 11}[kind]
        return ("win", paid(amount, SINGLE[target])) if t == target else ("lose", 0)
    if kind == "hop":
        a, b = (int(x) for x in rest.split("-"))
        if sorted((d1, d2)) == [a, b]:
            return ("win", paid(amount, 30 if a == b else 15))
        return ("lose", 0)
    if kind in ("horn", "horn-high", "whirl", "world", "three-way-craps"):
        layouts = {  # D-349, D-350; 004 s.73-76, s.167: equal units, each at its own odds, net
            "horn": {2: 1, 3: 1, 11: 1, 12: 1},
            "whirl": {2: 1, 3: 1, 7: 1, 11: 1, 12: 1},
            "world": {2: 1, 3: 1, 7: 1, 11: 1, 12: 1},
            "three-way-craps": {2: 1, 3: 1, 12: 1},
        }
        layout = dict(layouts["horn" if kind == "horn-high" else kind])
        if kind == "horn-high":
            layout[n] += 1  # the fifth unit on the named number
        back = units(amount, layout, t)
    elif kind == "c-and-e":
        half = amount // 2
        back = (paid(half, ANY_CRAPS) if t in (2, 3, 12) else 0) + (paid(half, 15) if t == 11 else 0)
    elif kind == "high-low":
        half = amount // 2
        back = paid(half, 30) if t in (2, 12) else 0
    elif kind == "ace-deuce-any-craps":
        half = amount // 2
        back = (paid(half, 15) if t == 3 else 0) + (paid(half, ANY_CRAPS) if t in (2, 3, 12) else 0)
    else:
        raise AssertionError(key)
    if back > amount:
        return ("win", back)
    return ("push", back) if back == amount else ("lose", back)


def roll_one(variant: str, key: str, amount: int, d1: int, d2: int, point: int,
              **wager: object) -> tuple[list[Settlement], CrapsState]:
    carry = {"point": point, "bets": {"0": {key: {"amount": amount, **wager}}}}
    st = CRAPS.new_round(table_rules(variant), SeededRng(0), carry)
    events = CRAPS.settle_roll(st, d1, d2, 0)
    return [e for e in events if isinstance(e, Settlement)], st


def spots_for(variant: str) -> list[str]:
    """Every spot of the variant, in the state where it can stand."""
    out = ["pass", "dont-pass", "come", "dont-come"]
    out += [f"come/{n}" for n in POINTS] + [f"dont-come/{n}" for n in POINTS]
    st = CRAPS.new_round(table_rules(variant), SeededRng(0), {"point": 6})
    out += [s.key for s in CRAPS.open_spots(st) if s.kind not in ("pass", "dont-pass", "come", "dont-come")]
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_offers_exactly_its_rulebook_wagers(variant: str) -> None:
    """D-517: put, Big 6/8, place to lose, 3-way craps, world and the split bets are chapter4 only."""
    assert set(table_rules(variant)["wagers"]) == OFFERED[variant]


UNIT_KINDS = ("horn", "horn-high", "whirl", "world", "three-way-craps", "c-and-e", "high-low", "ace-deuce-any-craps")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("point", (0, *POINTS))
@pytest.mark.parametrize("odd_amount", (False, True), ids=("exact", "truncated"))
def test_every_wager_on_every_roll(variant: str, point: int, odd_amount: bool) -> None:
    """All spots stand together for one roll; each is checked against the rulebook oracle.
    The "truncated" run uses $7, whose 7 to 6, 9 to 5, 3 to 2 ... wins are cut to the cent (D-002)."""
    rules = table_rules(variant)
    keys = [k for k in spots_for(variant)
            if not (point == 0 and k in ("come", "dont-come"))]  # come bets only once a point is set

    def amount_of(key: str) -> int:
        if not odd_amount:
            return 13200
        return 6000 if key.split("/")[0] in UNIT_KINDS else 700  # unit bets split into whole cents

    for d1, d2 in DICE:
        carry = {"point": point, "bets": {"0": {k: {"amount": amount_of(k)} for k in keys}}}
        st = CRAPS.new_round(rules, SeededRng(0), carry)
        settled = {e.bet: e for e in CRAPS.settle_roll(st, d1, d2, 0) if isinstance(e, Settlement)}
        standing = st.bets.get(0, {})
        for key in keys:
            want = expected(key, amount_of(key), d1, d2, point)
            kind = key.split("/")[0]
            if want is None or want[0] == "point":
                assert key not in settled, (key, d1, d2, point)
                if want is not None and key in ("come", "dont-come"):
                    assert f"{kind}/{want[1]}" in standing, (key, d1, d2)  # moved to its number
                else:
                    assert key in standing, (key, d1, d2, point)
            else:
                got = settled[key]
                assert (got.result, got.returned) == want, (key, d1, d2, point)
                assert got.stake == amount_of(key)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("number", POINTS)
def test_odds_pay_true_odds_on_every_roll(variant: str, number: int) -> None:
    amount = 6600
    for d1, d2 in DICE:
        t = d1 + d2
        for line, ratio in (("pass", TRUE_WIN), ("dont-pass", TRUE_LOSE)):
            settled, _ = roll_one(variant, line, 1000, d1, d2, number, odds=amount)
            odds = [s for s in settled if s.bet == f"{line}/odds"]
            wins = (t == number) if line == "pass" else (t == 7)
            loses = (t == 7) if line == "pass" else (t == number)
            if wins:
                assert [(o.result, o.returned) for o in odds] == [("win", paid(amount, ratio[number]))]
            elif loses:
                assert [(o.result, o.returned) for o in odds] == [("lose", 0)]
            else:
                assert odds == []


@pytest.mark.parametrize("number", POINTS)
def test_come_odds_are_off_on_the_come_out_and_come_back(number: int) -> None:
    """D-355: come odds are off on the come-out; a 7 takes the come bet but returns the odds."""
    for total_dice in ((3, 4), (number // 2, number - number // 2)):
        settled, _ = roll_one("grand-ronde", f"come/{number}", 1000, *total_dice, 0, odds=2000)
        odds = [s for s in settled if s.bet == f"come/{number}/odds"]
        assert [(o.result, o.returned) for o in odds] == [("void", 2000)]
    settled, _ = roll_one("grand-ronde", f"come/{number}", 1000, 3, 4, 0, odds=2000, odds_working="on")
    assert [(s.bet, s.result) for s in settled] == [(f"come/{number}", "lose"), (f"come/{number}/odds", "lose")]


@pytest.mark.parametrize("number", POINTS)
def test_dont_come_odds_work_on_the_come_out(number: int) -> None:
    """D-355: Don't Come odds are on during the come-out."""
    settled, _ = roll_one("chapter4", f"dont-come/{number}", 1200, 3, 4, 0, odds=6000)
    assert [(s.result, s.returned) for s in settled] == [("win", 2400), ("win", paid(6000, TRUE_LOSE[number]))]


@pytest.mark.parametrize("number", POINTS)
def test_put_odds_are_off_on_the_come_out_unless_called_on(number: int) -> None:
    """D-365: the put bet works on the come-out; its odds do not, unless turned on."""
    settled, _ = roll_one("chapter4", f"put/{number}", 1000, 3, 4, 0, odds=3000)
    assert [(s.bet, s.result, s.returned) for s in settled] == [
        (f"put/{number}", "lose", 0), (f"put/{number}/odds", "void", 3000)]
    a = number // 2
    settled, _ = roll_one("chapter4", f"put/{number}", 1000, a, number - a, 0, odds=3000, odds_working="on")
    assert [(s.result, s.returned) for s in settled] == [("win", 2000), ("win", paid(3000, TRUE_WIN[number]))]


@pytest.mark.parametrize("number", POINTS)
def test_place_and_buy_called_on_work_on_the_come_out(number: int) -> None:
    a = number // 2
    for kind, ratio in (("place", PLACE), ("buy", TRUE_WIN)):
        settled, _ = roll_one("grand-ronde", f"{kind}/{number}", 3000, a, number - a, 0, working="on")
        assert settled[0].returned == paid(3000, ratio[number])


@pytest.mark.parametrize("variant", VARIANTS)
def test_hardways_off_on_the_come_out_unless_called_on(variant: str) -> None:
    """D-354: hardways are off on the come-out unless turned on (both books)."""
    settled, st = roll_one(variant, "hard/6", 500, 3, 3, 0)
    assert settled == [] and "hard/6" in st.bets[0]
    settled, _ = roll_one(variant, "hard/6", 500, 3, 4, 0)
    assert settled == []
    settled, _ = roll_one(variant, "hard/6", 500, 3, 3, 0, working="on")
    assert [(s.result, s.returned) for s in settled] == [("win", 5000)]


def test_hardways_table_default_can_be_on() -> None:
    """D-354 [configurable]: a table may default hardways to on; a player may still call them off."""
    rules = table_rules("chapter4", {"options": {"hardways_on_come_out": True}})
    st = CRAPS.new_round(rules, SeededRng(0), {"bets": {"0": {"hard/8": {"amount": 500}}}})
    settled = [e for e in CRAPS.settle_roll(st, 4, 4, 0) if isinstance(e, Settlement)]
    assert [(s.result, s.returned) for s in settled] == [("win", 5000)]
    st = CRAPS.new_round(rules, SeededRng(0), {"bets": {"0": {"hard/8": {"amount": 500, "working": "off"}}}})
    assert [e for e in CRAPS.settle_roll(st, 4, 4, 0) if isinstance(e, Settlement)] == []
