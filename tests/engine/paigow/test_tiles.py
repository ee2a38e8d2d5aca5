"""Pai Gow tiles (002 §11, s.546-981): the tile set, two-tile hands, every tie-break, copies,
and the House Way of D-263 over every four-tile set."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from webgame.games.paigow.tiles import (
    GONG,
    PAIR,
    POINTS,
    WONG,
    Setting,
    TileHouseWay,
    all_four_tile_sets,
    build,
    half,
    hand,
    house_way,
    improves_both,
    pairings,
    set_tiles,
    tile_set,
    versus,
)

TS = tile_set()
WAY = TileHouseWay("D-263", 7)

# One tile of each kind by the rulebook's notation (D-257), and both tiles of each kind.
BY_C002 = {"12": "66a", "2": "11a", "R8": "44a", "R4": "13a", "W10": "55a", "W6": "33a", "W4": "22a",
           "11": "56a", "R10": "46a", "Big 7": "16a", "R6": "15a", "9": "45", "W8": "35", "Sm. 7": "34",
           "5": "23", "3": "12", "6": "24"}
SECOND = {"66a": "66b", "11a": "11b", "44a": "44b", "13a": "13b", "55a": "55b", "33a": "33b", "22a": "22b",
          "56a": "56b", "46a": "46b", "16a": "16b", "15a": "15b", "45": "36", "35": "26", "34": "25",
          "23": "14", "12": "24"}
# The chart's generic names stand for any tile of that value (catalog-002 §11).
GENERIC = {"7": ["16a", "34", "25"], "4": ["13a", "22a"], "10": ["55a", "46a"], "6": ["33a", "15a", "24"],
           "3": ["12"]}

# The rulebook's non-pair chart (002 s.801-981, cleaned in catalog-002 §11), best first.
CHART = {
    9: ["12+7", "2+7", "R8+11", "R4+5", "W10+9", "W6+3", "W4+5", "11+W8", "R10+9", "R6+3"],
    8: ["12+6", "2+6", "R8+10", "R4+W4", "W10+W8", "11+7", "R10+W8", "3+5"],
    7: ["12+5", "2+5", "R8+9", "R4+3", "W10+7", "W6+11", "W4+3", "11+R6", "R10+7", "9+W8"],
    6: ["12+4", "2+4", "R8+W8", "W10+6", "W6+R10", "11+5", "R10+R6", "Big 7+9", "9+Sm. 7"],
    5: ["R8+7", "R4+11", "W10+5", "W6+9", "W4+11", "R10+5", "Big 7+W8", "R6+9", "W8+Sm. 7"],
    4: ["12+2", "R8+6", "R4+10", "W10+W4", "W6+W8", "W4+R10", "Big 7+Sm. 7", "R6+W8", "9+5", "W8+3"],
    3: ["12+11", "2+11", "R8+5", "R4+9", "W6+7", "W4+9", "Big 7+R6", "R6+Sm. 7", "W8+5"],
    2: ["12+10", "2+10", "R8+4", "R4+W8", "W6+R6", "W4+W8", "Big 7+5", "Sm. 7+5"],
    1: ["R4+7", "W10+11", "W6+5", "W4+7", "11+R10", "R6+5"],
}


def hands_of(entry: str) -> list[tuple[str, str]]:
    """Every two-tile hand a chart entry names (a generic name stands for each tile of its value)."""
    left, right = entry.split("+")
    options = [GENERIC.get(name.strip()) or [BY_C002[name.strip()]] for name in (left, right)]
    out = []
    for a in options[0]:
        for b in options[1]:
            if a == b:
                b = SECOND[b]
            out.append((a, b))
    return out


def h(*names: str) -> tuple[str, str]:
    a, b = (BY_C002[n] for n in names)
    return (a, SECOND[b]) if a == b else (a, b)


# -- the set -----------------------------------------------------------------------------
def test_the_set_is_32_tiles_in_16_pairs_with_the_standard_pips() -> None:
    pips = sorted(tuple(t.pips) for t in TS.tiles.values())
    assert len(pips) == 32
    doubles = {(6, 6), (1, 1), (4, 4), (1, 3), (5, 5), (3, 3), (2, 2), (5, 6), (4, 6), (1, 6), (1, 5)}
    for p in doubles:
        assert pips.count(p) == 2, p  # D-257: two each of the civil tiles and Foo, Ping, Tit, Look
    for p in [(4, 5), (3, 6), (3, 5), (2, 6), (3, 4), (2, 5), (2, 3), (1, 4), (1, 2), (2, 4)]:
        assert pips.count(p) == 1, p  # one each of the mixed tiles and the Gee Joon
    assert len({t.kind for t in TS.tiles.values()}) == 16


def test_the_set_data_is_checked() -> None:
    with pytest.raises(ValueError, match="32"):
        build([{"kind": "teen", "name": "Teen", "c002": "12", "faces": [[6, 6]], "count": 2, "rank": 1, "pair_rank": 1}])


def test_single_tile_ranks_follow_d257() -> None:
    order = ["Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon", "Foo", "Ping", "Tit", "Look",
             "Chop Gow", "Chop Bot", "Chop Chit", "Chop Ng", "Gee Joon"]
    by_rank = sorted({(t.rank, t.name) for t in TS.tiles.values()})
    assert [n for _, n in by_rank] == order
    assert TS["45"].rank == TS["36"].rank and TS["12"].rank == TS["24"].rank  # equal as singles


# -- pairs, Wong, Gong -------------------------------------------------------------------
PAIR_ORDER = ["3", "12", "2", "R8", "R4", "W10", "W6", "W4", "11", "R10", "Big 7", "R6", "9", "W8", "Sm. 7", "5"]


def test_every_pair_ranks_as_d258_says() -> None:
    pairs = [hand([BY_C002[n], SECOND[BY_C002[n]]]) for n in PAIR_ORDER]
    assert all(p.category == PAIR for p in pairs)
    for higher, lower in pairwise(pairs):
        assert higher.beats(lower), (higher.words, lower.words)
    assert pairs[0].words == "Pair of Gee Joon"  # 1-2 with 2-4: the highest hand
    # The lowest pair beats the best Wong.
    assert pairs[-1].beats(hand(h("12", "9")))


def test_mixed_tiles_pair_only_with_their_own_value() -> None:
    assert hand(["45", "36"]).category == PAIR  # the two 9s
    assert hand(["35", "26"]).category == PAIR  # the two 8s
    assert hand(["13a", "22a"]).category == POINTS  # Gor with Bon: a non-pair 8 (D-258, "R4+W4")
    assert hand(["13a", "22a"]).points == 8
    assert hand(["44a", "35"]).category == POINTS  # Yun with a Chop Bot is no pair: 16 = 6
    assert hand(["44a", "35"]).points == 6


def test_wong_and_gong() -> None:
    assert hand(h("12", "9")).category == WONG and hand(["11a", "36"]).category == WONG
    assert hand(h("12", "R8")).category == GONG and hand(["11a", "26"]).category == GONG  # Yun or Chop Bot
    assert hand(h("12", "9")).beats(hand(h("2", "9")))  # two Wongs: the Teen wins (D-259)
    assert hand(h("2", "9")).beats(hand(h("12", "R8")))  # any Wong beats any Gong
    assert hand(h("2", "W8")).beats(hand(h("12", "Big 7")))  # any Gong beats any 9
    # The 9 or the 8 never breaks a tie: Teen with either 9, or with Yun or a Chop Bot, is a copy.
    assert half(hand(["66a", "45"]), hand(["66b", "36"])) == "copy"
    assert half(hand(["66a", "44a"]), hand(["66b", "26"])) == "copy"
    assert half(hand(["11a", "44a"]), hand(["11b", "35"])) == "copy"


# -- points and the chart ----------------------------------------------------------------
@pytest.mark.parametrize("value", sorted(CHART, reverse=True))
def test_every_chart_row_has_its_value_and_its_order(value: int) -> None:
    rows = [[hand(list(pair)) for pair in hands_of(entry)] for entry in CHART[value]]
    for entry, hands in zip(CHART[value], rows, strict=True):
        for one in hands:
            assert one.category == POINTS and one.points == value, (entry, one)
    for upper, lower in pairwise(rows):
        assert all(a.beats(b) for a in upper for b in lower), (upper[0].words, lower[0].words)


def test_each_value_beats_every_lower_value() -> None:
    bottom_of_9 = hand(list(hands_of("R6+3")[0]))
    top_of_8 = hand(list(hands_of("12+6")[0]))
    assert bottom_of_9.beats(top_of_8)
    assert hand(list(hands_of("R6+5")[0])).beats(hand(h("R4", "W6")))  # the lowest 1 beats a zero


def test_gee_joon_counts_3_or_6_whichever_is_higher() -> None:
    assert hand(["35", "12"]).points == 4  # W8 + 3 is a 4: 8 + 6 = 14 (the chart's last 4)
    assert hand(["24", "35"]).points == 4  # the other Gee Joon tile the same
    assert hand(["12", "23"]).points == 8  # 3 + 5 is an 8: 3 + 5 (6 would give 1)
    assert hand(["24", "23"]).points == 8
    assert hand(["12", "33a"]).points == 9  # W6 + 3: 6 + 3
    assert hand(["12", "13a"]).points == 7  # R4 + 3: 4 + 3 (6 would give 0)
    # D-261: the two hands the chart lacks rank by the general rule.
    assert hand(["12", "45"]).points == 5 and hand(["24", "36"]).points == 5
    assert hand(["12", "34"]).points == 3 and hand(["24", "25"]).points == 3
    nine_gee = hand(["12", "45"])
    assert hand(list(hands_of("R6+9")[0])).beats(nine_gee)  # between R6+9 and W8+Sm. 7 (D-261)
    assert nine_gee.beats(hand(list(hands_of("W8+Sm. 7")[0])))
    assert hand(list(hands_of("W8+5")[0])).beats(hand(["12", "34"]))  # after W8+5


def test_equal_points_go_by_the_highest_single_tile_only() -> None:
    # Rule 58: 9 points each; Teen + Big 7 beats Day + Big 7 (Teen outranks Day).
    assert half(hand(["66a", "16a"]), hand(["11a", "16b"])) == "win"
    # The second tile never breaks the tie: Day + Tit against Day + Chop Chit, both 9, is a copy.
    assert half(hand(["11a", "16a"]), hand(["11b", "34"])) == "copy"
    # Equal high tiles of one mixed kind are equal: Chop Gow 4-5 and 3-6 with equal points.
    assert half(hand(["45", "23"]), hand(["36", "14"])) == "copy"
    # A lower second tile does not lose it either: Teen + Gor (6) v Teen + Bon (6).
    assert half(hand(["66a", "13a"]), hand(["66b", "22a"])) == "copy"
    # The higher single tile wins even when the other hand's second tile is higher.
    assert half(hand(["44a", "55a"]), hand(["13a", "22a"])) == "win"  # Yun high beats Gor high at 8


def test_zero_against_zero_is_always_a_copy() -> None:
    assert hand(["66a", "22a"]).points is not None
    zeros = [hand(["13a", "33a"]), hand(["13a", "15a"]), hand(["55a", "46a"]), hand(["33a", "22a"]),
             hand(["22a", "15a"]), hand(["56a", "45"])]
    assert all(z.points == 0 for z in zeros)
    for a, b in combinations(zeros, 2):
        assert half(a, b) == "copy" and half(b, a) == "copy"  # rule 59, whatever the tiles


def test_a_copy_goes_to_the_bank_and_both_halves_must_win() -> None:
    bank = Setting(hand(["66a", "16a"]), hand(["13a", "15a"]))  # 9 Teen high; 0
    win = Setting(hand(["44a", "44b"]), hand(["22a", "12"]))  # pair of Yun; 4 + 3 = 7
    assert versus(win, bank).result == "win"
    push = Setting(hand(["66b", "34"]), hand(["55a", "56a"]))  # 9 Teen high: a copy; 1
    v = versus(push, bank)
    assert (v.high, v.low, v.result) == ("copy", "win", "push")  # one half wins: push
    lose = Setting(hand(["66b", "34"]), hand(["55a", "46a"]))  # copy high; zero against zero: copy
    v = versus(lose, bank)
    assert (v.high, v.low, v.result) == ("copy", "copy", "lose")


# -- setting four tiles ------------------------------------------------------------------
def test_set_tiles_and_foul() -> None:
    s = set_tiles(["66a", "66b", "22a", "13a"], ["22a", "13a"])
    assert s.high.words == "Pair of Teen" and s.low.points == 8 and not s.foul
    assert set_tiles(["66a", "66b", "22a", "13a"], ["66a", "66b"]).foul
    with pytest.raises(ValueError):
        set_tiles(["66a", "66b", "22a", "13a"], ["66a", "45"])


def test_pairings_put_the_stronger_hand_high() -> None:
    four = ["66a", "45", "13a", "22a"]
    found = pairings(four)
    assert len(found) == 3 and all(not s.foul for s in found)
    assert {frozenset(s.codes) for s in found} == {frozenset(four)}


@pytest.mark.parametrize(("four", "high", "low", "step"), [
    # Step 2: the strongest low hand whose high hand is 7 or better. Teen-Teen-Gor-Bon: the
    # pair of Teens stays together (high pair, low Gor + Bon = 8) rather than 6/6 splits.
    (["66a", "66b", "13a", "22a"], {"66a", "66b"}, {"13a", "22a"}, "strongest low"),
    # Teen, Day, Chop Gow 4-5, Gee Joon 1-2: Wong (Day + 9) high with Teen + Gee Joon low
    # (12 + 6 = 8, Teen high) beats Wong (Teen + 9) with Day + Gee Joon (1 + 6 = 7) low, and
    # Teen + Day (4) with 9 + Gee Joon (5).
    (["66a", "11a", "45", "12"], {"11a", "45"}, {"66a", "12"}, "strongest low"),
    # A split that leaves the high hand below 7 is not taken even for a stronger low hand:
    # Gor, Bon, Mooy, Ping: Gor+Bon 8 / Mooy+Ping 0, Gor+Mooy 4 / Bon+Ping 4, Gor+Ping 4 / Bon+Mooy 4.
    (["13a", "22a", "55a", "46a"], {"13a", "22a"}, {"55a", "46a"}, "strongest low"),
    # Look, Chop Ng 2-3, Mooy, Bon: Look+Chop Ng 1 / Mooy+Bon 4; Look+Mooy 6 / Chop Ng+Bon 9;
    # Look+Bon 0 / Chop Ng+Mooy 0: only 9 high with 6 low qualifies.
    (["15a", "23", "55a", "22a"], {"23", "22a"}, {"15a", "55a"}, "strongest low"),
    # Pair of Gee Joon with Teen + Day: the pair stays (Teen + Day is only a 4 low; a split gives
    # Teen + 1-2 = 9 high and Day + 2-4 = 8 low, which is stronger low with a 9 high).
    (["12", "24", "66a", "11a"], {"66a", "12"}, {"11a", "24"}, "strongest low"),
])
def test_house_way_cases(four: list[str], high: set[str], low: set[str], step: str) -> None:
    done = house_way(four, WAY)
    got_high, got_low = set(done.setting.high.codes), set(done.setting.low.codes)
    assert {frozenset(got_high), frozenset(got_low)} == {frozenset(high), frozenset(low)}, (done.setting, done.row)
    assert step in done.row


def test_house_way_step_3_takes_the_strongest_high_hand() -> None:
    # Gor, Bon, Chong, Look: Gor+Bon 8 points / Chong+Look 2 -> 8 qualifies. Use a weaker set:
    # Mooy, Ping, Chong, Bon: Mooy+Ping 0 / Chong+Bon 0; Mooy+Chong 6 / Ping+Bon 6;
    # Mooy+Bon 4 / Ping+Chong 9 -> qualifies. Find one with no 7+ by search, then check it.
    for four in all_four_tile_sets():
        options = pairings(four)
        if all(not WAY.strong_enough(s.high) for s in options):
            done = house_way(four, WAY)
            best = max(s.high.key for s in options)
            assert done.setting.high.key == best and "strongest high" in done.row
            lows = [s.low.key for s in options if s.high.key == best]
            assert done.setting.low.key == max(lows)  # D-263 step 4: then the stronger low
            break
    else:
        pytest.fail("no four tiles without a high hand of 7")


def test_house_way_threshold_is_data() -> None:
    # Teen, Teen, Gor, Bon: with a threshold of 10 (pairs, Wongs, Gongs only) the pair still
    # stays; with the threshold at 0 any high hand counts and the strongest low is taken.
    four = ["66a", "66b", "13a", "22a"]
    assert set(house_way(four, TileHouseWay("x", 0)).setting.low.codes) == {"13a", "22a"}
    nines = ["66a", "16a", "11a", "16b"]  # Teen+Tit 9 / Day+Tit 9, or Teen+Day 4 / Tit pair
    assert house_way(nines, TileHouseWay("x", 10)).setting.high.category == PAIR
    assert set(house_way(nines, WAY).setting.low.codes) in ({"11a", "16b"}, {"11a", "16a"})
    with pytest.raises(ValueError):
        TileHouseWay.of({"name": "x", "high_at_least": 11})


def test_house_way_step_4_breaks_a_tie_of_low_hands_by_the_high_hand() -> None:
    # Teen, Teen, Day, Chong: Teen pair / Day + Chong 8; Teen + Chong 8 / Teen + Day 4; the
    # strongest low behind a 7+ high is Day + Chong behind the pair of Teens.
    done = house_way(["66a", "66b", "11a", "33a"], WAY).setting
    assert done.high.words == "Pair of Teen" and done.low.points == 8
    # Yun, Day, Bon, Tit: Yun + Day 0 / Bon + Tit 1; Day + Tit 9 / Yun + Bon 2; Day + Bon 6 /
    # Yun + Tit 5: only the 9 is a high hand of 7 or more, so 9 / 2 although 6 / 5 has the stronger low.
    done = house_way(["44a", "11a", "22a", "16a"], WAY).setting
    assert (done.high.points, done.low.points) == (9, 2)
    # Two qualifying pairings with equal low hands: the stronger high hand is taken (step 4).
    found = 0
    for four in all_four_tile_sets():
        strong = [s for s in pairings(four) if WAY.strong_enough(s.high)]
        best_low = max((s.low.key for s in strong), default=None)
        tied = [s for s in strong if s.low.key == best_low]
        if len({s.high.key for s in tied}) > 1:
            assert house_way(four, WAY).setting.high.key == max(s.high.key for s in tied), four
            found += 1
    assert found  # the case occurs


def test_house_way_never_fouls_over_every_four_tile_set() -> None:
    sets = all_four_tile_sets()
    assert len(sets) == 35960
    for four in sets:
        done = house_way(four, WAY).setting
        assert not done.foul, four
        assert sorted(done.codes) == sorted(four)
        assert done.high.key >= done.low.key
        options = pairings(four)
        strong = [s for s in options if WAY.strong_enough(s.high)]
        if strong:  # D-263 step 2, then step 4: the strongest low, then the stronger high
            assert WAY.strong_enough(done.high)
            assert all((done.low.key, done.high.key) >= (s.low.key, s.high.key) for s in strong)
        else:  # step 3, then step 4: the strongest high, then the stronger low
            assert all((done.high.key, done.low.key) >= (s.high.key, s.low.key) for s in options)


def test_rule_42_obviously_incorrect_means_another_setting_improves_both_hands() -> None:
    """002 rule 42: "both the front hand and the back hand can be improved". Never the House
    Way's own setting, so a hand reset by it is never reset again."""
    mis = ["66b", "11a", "56a", "45"]
    bad = set_tiles(mis, ["56a", "45"])  # Teen + Day 4 high, Foo + Chop Ng 0 low
    better = improves_both(bad, mis)
    assert better is not None and better.high.words == "Wong (Day and a 9)"
    assert improves_both(set_tiles(mis, ["66b", "56a"]), mis) is None  # the House Way's setting
    found = 0
    for four in all_four_tile_sets():
        assert improves_both(house_way(four, WAY).setting, four) is None, four
        found += sum(improves_both(s, four) is not None for s in pairings(four))
    assert found  # the case occurs
