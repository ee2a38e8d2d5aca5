"""The house's take: the rake (D-412), every printed collection row at its band edges
(001 Appendix B, 002 Appendix B, 003 Appendix A; D-422, D-428, D-508, D-514-D-516), the
time and button collections, and the Bad Beat Jackpot (000 §18, D-421)."""

from __future__ import annotations

import re

import pytest

from webgame.games.poker import take as tk
from webgame.games.poker.room import HandPlan
from webgame.games.poker.take import Option, Row

BIG_POT = 1_000_000


def collections() -> list[str]:
    return [n for n in tk.SCHEDULES if tk.schedule(n).kind == "collection"]


def printed_options() -> list[str]:
    """Every printed option as a schedule spec. The Lucky Derby games share one block of
    options (001 s.3244): it is read once, through its Hold'em schedule."""
    out = []
    for name in collections():
        if name.startswith("lucky-derby") and name != "lucky-derby-holdem":
            continue
        out.extend(f"{name}:{key}" for key in tk.schedule(name).options)
    return out


def plan_of(players: int, button: int = 1) -> HandPlan:
    return HandPlan(dealt=list(range(1, players + 1)), button=button)


def fees(take: list[tuple[str, int, str]]) -> int:
    return sum(amount for account, amount, _ in take if account == "fees")


def charge(spec: str, option: Option, players: int, pot: int = BIG_POT) -> int:
    """What the house takes for `players` dealt in, by whichever way the option collects."""
    if option.method == "button":
        return sum(a for _, a, _ in tk.before_deal(spec, plan_of(players), {1: BIG_POT}, 0, {}))
    if option.method in ("time-after", "time-advance"):
        due = 0 if option.method == "time-advance" else option.minutes * 60
        stacks = dict.fromkeys(range(1, players + 1), BIG_POT)
        sat_down = dict.fromkeys(stacks, 0)           # everyone sat down at time 0
        got = tk.before_deal(spec, plan_of(players), stacks, due, sat_down)
        assert len(got) == players        # every player pays the same fee
        return got[0][1]
    if option.method == "players-after-ante":  # stud: out of the antes, before the deal (P-332)
        return fees(tk.after_ante(spec, pot, players))
    return fees(tk.from_pot(spec, pot, True, players))


@pytest.mark.parametrize("spec", printed_options())
def test_every_printed_row_at_its_band_edges(spec: str) -> None:
    _, option = tk.resolve(spec)
    assert option is not None and option.key == spec.split(":")[1]
    for row in option.rows:
        assert row.line > 0
        check_row(spec, option, row)


def check_row(spec: str, option: Option, row: Row) -> None:
    """The row's fee at both edges of its band, and the band's neighbour just below."""
    if option.method == "pot-size":
        top = (row.max + 99) if row.max is not None else row.min * 10
        assert charge(spec, option, 5, row.min) == row.fee, row
        assert charge(spec, option, 5, top) == row.fee, row
        below = row.min - 1
        expect = option.row(below // 100 * 100)
        assert charge(spec, option, 5, below) == (expect.fee if expect else 0), row
        assert expect is not row
        return
    high = row.max if row.max is not None else 10
    at_9 = option.method == "players-at-9"
    for n in {row.min, high}:
        assert charge(spec, option, n, tk.AT_9 if at_9 else BIG_POT) == row.fee, (row, n)
        if at_9:
            assert charge(spec, option, n, tk.AT_9 - 1) == row.modified, (row, n)
    if row.min > 2:
        # one player fewer falls in another printed row
        other = option.row(row.min - 1)
        assert other is not None and other is not row


def test_row_counts_and_option_numbers_match_the_print() -> None:
    # 001 Appendix B: 157 options, each printed once in the block
    assert sorted(int(k) for k in tk.schedule("lucky-derby-holdem").options) == list(range(1, 158))
    # 002 Appendix B: every printed option number appears once, in order, per section
    spans = {"lucky-chances-holdem-limit": (1, 123), "lucky-chances-holdem-kill": (124, 147),
             "lucky-chances-holdem-spread": (148, 173), "lucky-chances-holdem-nl": (174, 234),
             "lucky-chances-holdem-nl-timed": (235, 297), "lucky-chances-omaha-hi-lo-limit": (1, 36),
             "lucky-chances-omaha-hi-lo-pot-limit": (1, 28),
             "lucky-chances-omaha-hi-lo-pot-limit-timed": (29, 43), "lucky-chances-stud": (1, 28)}
    for name, (first, last) in spans.items():
        numbers = [r.option for o in tk.schedule(name).options.values() for r in o.rows]
        assert numbers == list(range(first, last + 1)), name
        lines = [r.line for o in tk.schedule(name).options.values() for r in o.rows]
        assert lines == sorted(lines) and len(set(lines)) == len(lines)
        for key, option in tk.schedule(name).options.items():
            assert key == f"{option.rows[0].option}-{option.rows[-1].option}"


def test_every_option_covers_two_to_ten_players_without_overlap() -> None:
    for name in collections():
        for option in tk.schedule(name).options.values():
            if option.method == "pot-size":
                continue
            for n in range(2, 11):
                assert sum(r.holds(n) for r in option.rows) == 1, (name, option.key, n)


def test_printed_values_read_from_the_seed() -> None:
    """Spot rows typed from the rulebooks, so a shifted column in the data fails."""
    derby = tk.schedule("lucky-derby-holdem").options
    assert [(r.min, r.max, r.fee) for r in derby["1"].rows] == [(7, None, 600), (5, 6, 500), (2, 4, 400)]   # 001 s.3255-3257
    assert [(r.min, r.max, r.fee) for r in derby["22"].rows] == [(100, 500, 100), (600, 800, 300), (900, None, 600)]
    assert derby["117"].rows[0].fee == 2000 and derby["117"].minutes == 30        # 001 s.3692
    assert (derby["157"].qualifying_pot, derby["157"].modified_b) == (20000, 100)  # 001 s.3908
    assert [r.fee for r in derby["138"].rows] == [600, 500, 400, 200, 100]
    chances = tk.schedule("lucky-chances-holdem-nl").options["178-181"]
    assert chances.blinds == (100, 100, 200)                                      # "$1 - $1 - $2", D-428
    assert [(r.fee, r.jackpot) for r in chances.rows] == [(400, (100, 100)), (300, (100, 100)), (200, (100, 100)), (100, (0, 0))]
    timed = tk.schedule("lucky-chances-holdem-nl-timed").options["262-265"]
    assert timed.minutes == 40 and [r.fee for r in timed.rows] == [900, 800, 600, 600]
    big_o = tk.schedule("crystal-park-big-o").options
    assert [r.fee for r in big_o["1"].rows] == [250, 200, 100]                   # D-508
    assert [r.fee for r in big_o["3"].rows] == [400, 300, 100]


def test_misprints_resolved_by_the_decisions() -> None:
    derby = tk.schedule("lucky-derby-holdem").options
    # D-514: option 14's Modified Fee $2 with 5 or more players, $1 with 4 or fewer
    assert [r.modified for r in derby["14"].rows] == [200, 200, 200, 100, 100]
    assert fees(tk.from_pot("lucky-derby-holdem:14", 899, True, 5)) == 200
    assert fees(tk.from_pot("lucky-derby-holdem:14", 899, True, 4)) == 100
    # D-514: options 21 and 72, $2 with 6 or more, $1 with 5 or fewer
    for key in ("21", "72"):
        assert fees(tk.from_pot(f"lucky-derby-holdem:{key}", 500, True, 6)) == 200
        assert fees(tk.from_pot(f"lucky-derby-holdem:{key}", 500, True, 5)) == 100
    # D-515: option 66 is option 15 (2-4 players $2), not a table without a 2-3 row
    assert fees(tk.from_pot("lucky-derby-holdem:66", 2000, True, 2)) == 200
    assert [(r.min, r.max, r.fee) for r in derby["66"].rows] == [(r.min, r.max, r.fee) for r in derby["15"].rows]
    # D-515: 002 option 96 "7" means 7 or more
    seven_up = tk.resolve("lucky-chances-holdem-limit:96-99")[1]
    assert seven_up is not None and charge("lucky-chances-holdem-limit:96-99", seven_up, 9) == 400
    # D-424: the $30-$60 blinds printed $15-$60 are $15-$30; $100-$200 blinds are $50-$100
    assert tk.schedule("lucky-chances-holdem-limit").options["112-115"].blinds == (1500, 3000)
    assert tk.schedule("lucky-chances-holdem-limit").options["120-123"].blinds == (5000, 10000)
    # D-516: c003 No-Limit rows by buy-in
    assert tk.option_for_buy_in("crystal-park-holdem-nl", 3900) == "crystal-park-holdem-nl:1"
    assert tk.option_for_buy_in("crystal-park-holdem-nl", 4000) == "crystal-park-holdem-nl:2"
    assert tk.option_for_buy_in("crystal-park-holdem-nl", 9999) == "crystal-park-holdem-nl:2"
    assert tk.option_for_buy_in("crystal-park-holdem-nl", 10000) == "crystal-park-holdem-nl:3"
    assert tk.option_for_limit("crystal-park-holdem-limit", "$4 - $8") == "crystal-park-holdem-limit:2"


def test_no_collection_when_the_hand_ends_before_the_flop() -> None:
    for spec in ("lucky-derby-holdem:1", "lucky-derby-holdem:9", "lucky-derby-holdem:22",
                 "lucky-derby-holdem:118", "crystal-park-omaha", "rake-000", "rake-004"):
        assert tk.from_pot(spec, 5000, False, 6, jackpot=True) == []
        assert tk.from_pot(spec, 5000, True, 6) != []


def test_button_collection_is_taken_flop_or_not_from_the_button() -> None:
    plan = HandPlan(dealt=[4, 6, 8, 9, 1, 2], button=2)
    got = tk.before_deal("lucky-chances-holdem-limit:7-10", plan, {2: 5000}, 0, {})
    assert got == [(2, 200, "button collection, 6 players (s.4934)")]
    # the jackpot part is from the pot once the flop is dealt: $1, and $1 more at $20
    assert tk.from_pot("lucky-chances-holdem-limit:7-10", 1999, True, 6, jackpot=True)[0][:2] == (tk.JACKPOT, 100)
    assert tk.from_pot("lucky-chances-holdem-limit:7-10", 2000, True, 6, jackpot=True)[0][:2] == (tk.JACKPOT, 200)
    assert tk.from_pot("lucky-chances-holdem-limit:7-10", 2000, True, 6) == []     # D-422: off by default
    # a dead button: nobody holds it (P-301)
    assert tk.before_deal("lucky-chances-holdem-limit:7-10", HandPlan(dealt=[4, 6], button=3), {}, 0, {}) == []


def test_time_collection_after_thirty_minutes_and_every_thirty_after() -> None:
    spec = "lucky-derby-holdem-nl:103"                  # $6 per player per 30 minutes (001 s.3675)
    plan = plan_of(3)
    stacks = {1: 10000, 2: 10000, 3: 10000}
    paid = {1: 0, 2: 0, 3: 600}                         # seat 3 sat down ten minutes later
    assert tk.before_deal(spec, plan, stacks, 1799, paid) == []
    got = tk.before_deal(spec, plan, stacks, 1800, paid)
    assert [(s, a) for s, a, _ in got] == [(1, 600), (2, 600)]
    assert paid == {1: 1800, 2: 1800, 3: 600}
    assert tk.before_deal(spec, plan, stacks, 2300, paid) == []
    assert [s for s, _, _ in tk.before_deal(spec, plan, stacks, 2400, paid)] == [3]
    assert [s for s, _, _ in tk.before_deal(spec, plan, stacks, 3600, paid)] == [1, 2]


def test_time_collection_in_advance_every_forty_minutes() -> None:
    spec = "lucky-chances-holdem-nl-timed:235-237"      # 7+ $9, 6 $8, 5 or less $6 (002 s.5235-5237)
    plan = plan_of(6)
    stacks = dict.fromkeys(range(1, 7), 10000)
    paid: dict[int, int] = {}
    first = tk.before_deal(spec, plan, stacks, 100, paid)
    assert [a for _, a, _ in first] == [800] * 6 and paid == dict.fromkeys(range(1, 7), 100 + 2400)
    assert tk.before_deal(spec, plan, stacks, 2499, paid) == []
    assert len(tk.before_deal(spec, plan, stacks, 2500, paid)) == 6


def test_rake_five_percent_truncated_and_capped() -> None:
    assert tk.from_pot("rake-000", 1999, True, 5) == [("rake", 99, "rake 5% capped at $4.00 (000 s.891-892; D-412)")]
    assert tk.from_pot("rake-004", 8000, True, 5)[0][1] == 400
    assert tk.from_pot("rake-004", 8020, True, 5)[0][1] == 400          # the $4 cap
    assert tk.from_pot("rake-000", 19, True, 5) == []                    # 5% of 19 cents is 0
    for pot in range(1, 20000, 37):
        taken = sum(a for _, a, _ in tk.from_pot("rake-000", pot, True, 3))
        assert taken * 10 <= pot                                         # never over 10% (000 s.891)


def test_bad_beat_drop_only_on_raked_hands_with_four_dealt() -> None:
    assert tk.from_pot("rake-000", 10000, True, 4, jackpot=True)[1] == (tk.JACKPOT, 100, "bad-beat jackpot drop (D-421)")
    assert [a for a, _, _ in tk.from_pot("rake-000", 10000, True, 3, jackpot=True)] == ["rake"]
    assert tk.jackpot_rules().drop <= tk.jackpot_rules().drop_max == 200   # 000 s.925


BOARD = ["Ac", "Jd", "Jc", "2s", "7h"]


def test_bad_beat_qualifies_and_splits_the_whole_fund() -> None:
    shown = {3: ["As", "Ad"], 5: ["Jh", "Js"], 7: ["Kc", "Qd"]}   # aces full of jacks loses to four jacks
    got = tk.bad_beat(100_003, BOARD, shown, dealt=[3, 5, 7, 8], seated=[1, 3, 5, 7, 8, 9],
                      missed_blind=[9], button=8)
    assert got.qualifies and got.losers == (3,) and got.winners == (5,)
    assert got.shares[3] == 50_001 and got.shares[5] == 25_000       # 50% and 25%, truncated
    # the rest to every other seated player without a missed-blind button, in the hand or not;
    # the odd cent clockwise from the button (D-021)
    assert {s: got.shares[s] for s in (1, 7, 8)} == {1: 8_334, 7: 8_334, 8: 8_334}
    assert 9 not in got.shares
    assert got.paid == sum(got.shares.values()) == 100_003 and got.left == 0
    assert got.reset_to == tk.jackpot_rules().seed


def test_bad_beat_misses_when_a_hole_card_does_not_play() -> None:
    # aces full of jacks with A-2: the 2 does not play (the board's jacks and the ace do)
    board = ["Ac", "Ad", "Jd", "Jc", "7h"]
    shown = {3: ["As", "2d"], 5: ["Jh", "Js"], 7: ["Kc", "Qd"]}
    got = tk.bad_beat(100_000, board, shown, [3, 5, 7, 8], [3, 5, 7, 8], [], 8)
    assert not got.qualifies and "hole cards" in got.reason
    # the same beat with both hole cards playing qualifies
    shown[3] = ["As", "Ah"]
    assert tk.bad_beat(100_000, board, shown, [3, 5, 7, 8], [3, 5, 7, 8], [], 8).qualifies


def test_bad_beat_needs_aces_full_of_jacks_and_four_dealt() -> None:
    shown = {3: ["Ks", "Kd"], 5: ["Jh", "Js"]}        # kings full loses: below the qualifier
    board = ["Kc", "Jd", "Jc", "2s", "7h"]
    assert not tk.bad_beat(100_000, board, shown, [3, 5, 7, 8], [3, 5, 7, 8], [], 8).qualifies
    shown = {3: ["As", "Ad"], 5: ["Jh", "Js"]}
    assert not tk.bad_beat(100_000, BOARD, shown, [3, 5, 7], [3, 5, 7], [], 8).qualifies
    assert not tk.bad_beat(100_000, BOARD, shown, [3, 5, 7, 8], [3, 5, 7, 8], [], 8, game="omaha").qualifies


def test_bad_beat_table_share_stays_when_nobody_is_eligible() -> None:
    shown = {3: ["As", "Ad"], 5: ["Jh", "Js"], 7: ["Kc", "Qd"], 8: ["9c", "8c"]}
    got = tk.bad_beat(100_000, BOARD, shown, [3, 5, 7, 8], [3, 5, 7, 8], [7, 8], 8)
    assert got.qualifies and got.left == 25_000 and got.paid == 75_000
    assert got.paid + got.left == 100_000 and got.reset_to == tk.jackpot_rules().seed + 25_000


def test_both_hole_cards_play_means_kickers_beat_the_board() -> None:
    board = ["Kh", "Kd", "Ks", "9c", "2d"]
    assert not tk.both_hole_cards_play(["Ac", "3h"], board)   # the 3 does not beat the board's 9
    assert tk.both_hole_cards_play(["Ac", "Th"], board)       # K-K-K-A-T: the ten beats the nine


def test_schedule_names_are_published_in_the_file_and_the_module() -> None:
    text = tk.TAKE_FILE.read_text(encoding="utf-8")
    header = text.split("Schedule names", 1)[1].split("A table runs", 1)[0]
    assert re.findall(r"\b(?:rake|lucky-derby|lucky-chances|crystal-park)-[a-z0-9-]*[a-z0-9]", header) == tk.SCHEDULES
    assert sorted(tk._data()["schedules"]) == sorted(tk.SCHEDULES)
    for name in tk.SCHEDULES:
        sched = tk.schedule(name)
        assert name.startswith(("rake-", "lucky-derby-", "lucky-chances-", "crystal-park-"))
        assert sched.kind == ("rake" if name.startswith("rake-") else "collection")


def test_row_holds_its_band() -> None:
    row = Row(5, 6, 300)
    assert not row.holds(4) and row.holds(5) and row.holds(6) and not row.holds(7)
    assert Row(7, None, 500).holds(10)


def test_lucky_derby_repeated_blocks_match_their_first_printing() -> None:
    """001 prints options 52-59, 60-72 and 73-102 as copies of 1-8, 9-21 and 22-51 for the
    no-limit and pot-limit tables; option 66 differs only by its misprint (D-515)."""
    o = tk.schedule("lucky-derby-holdem").options

    def rows(key: int) -> list[tuple[int, int | None, int, int]]:
        return [(r.min, r.max, r.fee, r.modified) for r in o[str(key)].rows]

    for key in [*range(52, 60), *range(60, 73), *range(73, 103)]:
        assert rows(key) == rows(key - 51), key
        assert "no-limit" in o[str(key)].structures and "no-limit" not in o[str(key - 51)].structures


def test_take_split_over_the_pots_in_proportion() -> None:
    # D-412: each share truncated, the leftover cents from the main pot
    assert tk.split_take([1000, 333, 667], 100) == [51, 16, 33]
    assert sum(tk.split_take([7, 11, 13], 3)) == 3
    assert tk.split_take([0, 0], 0) == [0, 0]
