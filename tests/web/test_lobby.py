"""The lobby: each table's limits, key rules, free seats and live line, read from its rules."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from webgame.engine.money import fmt
from webgame.engine.paytable import resolve
from webgame.extensions import db
from webgame.games import registry
from webgame.models import Table
from webgame.services.demo import DEMO_TABLES, seed
from webgame.services.lobby import main_limit

from .tablehelp import Seat


@pytest.fixture
def floor(app):
    seed()
    db.session.commit()
    return {t.name: t for t in db.session.scalars(sa.select(Table))}


def card_of(html: str, table: Table) -> str:
    """The lobby card of one table, as the page prints it."""
    start = html.index(f'data-testid="lobby-table-{table.id}"')
    end = html.find('data-testid="lobby-table-', start + 1)
    return html[start:end if end > 0 else len(html)]


def text(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).replace("&#39;", "'").strip()


POKER_ROOM = {"texas-holdem", "omaha", "omaha-hi-lo", "double-board-omaha", "big-o", "pineapple",
              "five-card-draw", "lowball-draw", "five-card-draw-hi-lo", "mexican-draw", "badugi",
              "seven-card-stud", "seven-card-stud-hi-lo", "razz", "five-card-stud", "mexican-stud"}


def test_every_demo_table_shows_its_limits_and_key_rules(client, floor):
    html = client.get("/").get_data(as_text=True)
    # with the player-dealer Three Card Poker, Four Card Poker and UTH Bad Beat, the two house
    # baccarat tables, the player-dealer EZ Baccarat, Fortune 7, California, Dragon Dai and RUYI,
    # Spanish 21, Free Bet and Switch, the two Pai Gow Poker tables, the player-dealer Lucky
    # Derby Pai Gow Poker and Crystal Park Joker Wild, Pure Spanish 21.5, five 21st Century
    # Baccarat tables, Asian Baccarat, Chemin de Fer, No Bust 4.0a and Buster 4.0, 21st Century
    # Free Bet, Lucky Chances Blackjack, Super Pan 9, Fortune and Face Up Pai Gow Poker, and
    # Pai Gow tiles, and the poker room's tables (every board game, Hold'em twice, the five
    # draw games, every stud game, Chinese Poker and Trips), both keno tables, Pan and the three
    # bingo halls (standard with Planet Bingo, Pick Your Own, Bingo Bonanza)
    assert len(DEMO_TABLES) == 53 + 7 + 5 + 5 + 1 + 1 + 2 + 1 + 3 and {t[1] for t in DEMO_TABLES} >= POKER_ROOM
    for name, game, variant, _ in DEMO_TABLES:
        table = floor[name]
        v = registry.rules(game).variants[variant]
        card = text(card_of(html, table))
        if game == "pan":   # no wager limits: the chips a hand costs are its Kondition and tops
            assert "$1 Kondition" in card and "1 chip tops a hand" in card
        else:
            label, limits = main_limit(v, resolve(v, table.config))
            assert f"{fmt(limits['min'])} – {fmt(limits['max'])}" in card, name
            assert label in card, name
        lead = re.search(r'data-testid="lead-rule">([^<]+)<', card_of(html, table))
        assert lead and lead.group(1).strip(), f"{name} shows no key rule"
    for name, game, _, _ in DEMO_TABLES:
        if game in POKER_ROOM:  # the buy-in and the house's take, in words
            card = text(card_of(html, floor[name]))
            assert "Buy-in" in card and "Players play each other" in card, name


def test_limits_follow_the_operators_configuration(client, floor):
    table = floor["Chapter 4 Craps"]
    table.config = {"limits": {"bet": {"min": 1000, "max": 200000}}}
    db.session.commit()
    card = text(card_of(client.get("/").get_data(as_text=True), table))
    assert "$10 – $2,000" in card and "any one bet" in card


def test_three_to_two_and_six_to_five_blackjack_read_differently(client, floor):
    html = client.get("/").get_data(as_text=True)
    three_two = text(card_of(html, floor["Grand Ronde Blackjack"]))
    six_five = text(card_of(html, floor["Grand Ronde Blackjack 6:5"]))
    assert "Blackjack pays 3 to 2" in three_two and "6 to 5" not in three_two
    assert "Blackjack pays 6 to 5" in six_five and "3 to 2" not in six_five
    assert "Dealer hits soft 17" in three_two and "6 decks" in three_two
    assert "Dealer stands on soft 17" in text(card_of(html, floor["Chapter 4 Blackjack"]))
    assert "1 deck" in text(card_of(html, floor["Single Deck Blackjack"]))


def test_key_rules_of_the_other_games_come_from_their_rules(client, floor):
    html = client.get("/").get_data(as_text=True)
    card = {name: text(card_of(html, t)) for name, t in floor.items()}
    assert "Double zero: 0 and 00" in card["Double-Zero Roulette"]
    assert "Single zero: 0" in card["European Roulette (0)"] and "37 pockets" in card["European Roulette (0)"]
    assert "10x odds" in card["Grand Ronde Craps"] and "3-4-5x odds" in card["Chapter 4 Craps"]
    assert "Pair Plus flush pays 3 to 1" in card["Grand Ronde Three Card Poker"]
    assert "Pair Plus flush pays 4 to 1" in card["Chapter 4 Three Card Poker"]
    assert "Dealer qualifies with ace-king" in card["Caribbean Stud Progressive"]
    assert "Progressive jackpot $10,000" in card["Caribbean Stud Progressive"]
    assert "Banker pays 1 to 1 less 5% commission" in card["Chapter 4 Mini-Baccarat"]
    assert "no commission" in card["Grand Ronde EZ Baccarat"]
    assert "A Banker win with a three-card 7 pushes" in card["Grand Ronde EZ Baccarat"]
    four = card["Lucky Chances Four Card Poker (player-dealer)"]
    assert "Player-dealer always plays; ties go to the player" in four  # D-328, D-329
    assert "Ante: four of a kind pays 5 to 1" in four and "Aces Up four of a kind pays 50 to 1" in four


def test_jackpot_holdem_says_why_it_offers_no_jackpot(client, floor):
    html = client.get("/").get_data(as_text=True)
    note = text(card_of(html, floor["Grand Ronde Jackpot Hold'em"]))
    assert "No jackpot here, despite the name" in note and "rules describe no jackpot" in note
    # Jackpot Hold'em's, and Four Card Poker's, Fortune 7's, California Baccarat's, Dragon Dai
    # Bacc's, RUYI's, Joker's Wild, Fortune and Face Up Pai Gow Poker's ("Player-banked: a seated
    # player banks every hand"), the five 21st Century Baccarat tables', Asian Baccarat's and
    # Chemin de Fer's, Pai Gow tiles', and Trips' ("The pot carries over").
    assert html.count('data-testid="game-note"') == 19
    assert "Player-banked" in text(card_of(html, floor["Lucky Chances Four Card Poker (player-dealer)"]))
    assert "Player-banked" in text(card_of(html, floor["Crystal Park RUYI Baccarat (player-dealer)"]))
    assert "D-307" not in html and "s.1" not in note  # no rulebook codes for players


def test_free_seats_count_down_as_players_sit(app, client, floor):
    table = floor["Chapter 4 Blackjack"]
    assert "7 of 7 free" in text(card_of(client.get("/").get_data(as_text=True), table))
    client.get("/login")
    client.post("/guest")
    Seat(client, table, seat=2)
    assert "6 of 7 free" in text(card_of(client.get("/").get_data(as_text=True), table))


def test_live_line_shows_the_last_numbers_and_the_point(client, floor):
    wheel, dice = floor["European Roulette (0)"], floor["Chapter 4 Craps"]
    wheel.carry = {"epoch": 0, "data": {"history": ["7", "0", "32"], "spin_no": 3, "last_index": 1}}
    dice.carry = {"epoch": 0, "data": {"point": 6, "history": [[2, 4], [5, 3]], "bets": {}}}
    db.session.commit()
    html = client.get("/").get_data(as_text=True)
    balls = re.findall(r'class="num-ball num-(\w+)">(\w+)<', card_of(html, wheel))
    assert balls == [("red", "32"), ("green", "0"), ("red", "7")]  # newest first, each in its colour
    craps = text(card_of(html, dice))
    assert "Point is 6" in craps and "5+3 2+4" in craps
    assert "Come-out roll" in text(card_of(html, floor["Grand Ronde Craps"]))


def test_a_table_whose_limits_no_longer_resolve_says_it_is_not_dealing(client, floor):
    table = floor["Grand Ronde Blackjack"]
    table.config = {"limits": {"main": {"min": 500, "max": 110000}}}  # above the rulebook's $1,000
    db.session.commit()
    card = text(card_of(client.get("/").get_data(as_text=True), table))
    assert "Not dealing" in card and "$5 – $1,000" in card


def test_the_lobby_reads_the_floor_in_a_few_queries(client, floor):
    from tests.sqlcount import count_statements

    client.get("/")
    with count_statements() as sql:
        client.get("/")
    assert sql.count <= 8, sql.report()


def test_spanish_21_reads_as_spanish_21(client, floor):
    card = text(card_of(client.get("/").get_data(as_text=True), floor["Grand Ronde Spanish 21"]))
    assert "A player 21 always wins" in card and "Double-down rescue" in card  # 000 s.1131, s.1120
    assert "Double on any two or more cards" in card and "6 decks" in card


def test_free_bet_blackjack_reads_as_free_bet(client, floor):
    card = text(card_of(client.get("/").get_data(as_text=True), floor["Grand Ronde Free Bet Blackjack"]))
    assert "Dealer 22 pushes" in card and "Free doubles on hard 9, 10 or 11" in card  # 000 s.1259, s.1262


def test_blackjack_switch_reads_as_switch(client, floor):
    card = text(card_of(client.get("/").get_data(as_text=True), floor["Chapter 4 Blackjack Switch"]))
    assert "Two hands: switch their second cards" in card and "Dealer 22 pushes" in card  # 004 s.441, s.444
