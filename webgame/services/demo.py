"""Demo floor for `make run`: tables of every playable game, demo players, one operator."""

from __future__ import annotations

import os

import sqlalchemy as sa

from ..extensions import db
from ..games import registry
from ..models import Player, Table
from . import wallet
from .tables import create_table

DEMO_PLAYERS = [("alice", "Alice"), ("bob", "Bob")]
DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "demo-pass-123")
OPERATOR = ("operator", "Floor Operator", os.environ.get("OPERATOR_PASSWORD", "operator-pass-123"))

DEMO_TABLES: list[tuple[str, str, str, dict[str, object]]] = [
    ("Grand Ronde Blackjack", "blackjack", "grand-ronde", {}),
    ("Grand Ronde Blackjack 6:5", "blackjack", "grand-ronde", {"options": {"blackjack_pays": "6 to 5"}}),
    ("Chapter 4 Blackjack", "blackjack", "chapter4", {}),
    ("Single Deck Blackjack", "blackjack", "single-deck", {}),
    ("Grand Ronde Spanish 21", "spanish-21", "grand-ronde", {}),
    ("Grand Ronde Free Bet Blackjack", "free-bet-blackjack", "grand-ronde", {}),
    ("Chapter 4 Blackjack Switch", "blackjack-switch", "chapter4", {}),
    # A seated player banks (the player-dealer); bots may take the bank when offered it.
    ("Lucky Derby Pure Spanish 21.5 (player-dealer)", "pure-spanish-21-5", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park No Bust 21st Century Blackjack 4.0a (player-dealer)", "no-bust-21st-century-blackjack", "4.0a",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby No Bust 21st Century Buster Blackjack 4.0 (player-dealer)", "no-bust-21st-century-blackjack",
     "buster-4.0", {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Free Bet Blackjack (player-dealer)", "21st-century-free-bet-blackjack", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances Blackjack (player-dealer)", "lucky-chances-blackjack", "lucky-chances",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Craps", "craps", "grand-ronde", {}),
    ("Chapter 4 Craps", "craps", "chapter4", {}),
    ("Double-Zero Roulette", "roulette", "grand-ronde-00", {}),
    ("Chapter 4 Roulette (00)", "roulette", "chapter4-00", {}),
    ("European Roulette (0)", "roulette", "chapter4-0", {}),
    ("Big Six Wheel", "big-six", "chapter4", {}),
    ("Grand Ronde Three Card Poker", "three-card-poker", "grand-ronde", {}),
    ("Chapter 4 Three Card Poker", "three-card-poker", "chapter4", {}),
    # A seated player banks (the player-dealer); bots may take the bank when offered it.
    ("Lucky Derby Three Card Poker 6 Card Bonus (player-dealer)", "three-card-poker", "6cb-lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances Four Card Poker (player-dealer)", "four-card-poker", "lucky-chances",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Let It Ride", "let-it-ride", "grand-ronde", {}),
    ("Chapter 4 Let It Ride", "let-it-ride", "chapter4", {}),
    ("Caribbean Stud Progressive", "caribbean-stud", "chapter4", {}),
    ("Mississippi Stud", "mississippi-stud", "chapter4", {}),
    ("Grand Ronde Ultimate Texas Hold'em", "ultimate-texas-holdem", "grand-ronde", {}),
    ("Lucky Chances Ultimate Texas Hold'em Bad Beat Bonus (player-dealer)", "ultimate-texas-holdem", "bad-beat-1.0",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Jackpot Hold'em", "jackpot-holdem", "grand-ronde", {}),
    ("Chapter 4 Red Dog", "red-dog", "chapter4", {}),
    ("Chapter 4 Casino War", "casino-war", "chapter4", {}),
    ("Chapter 4 Mini-Baccarat", "mini-baccarat", "chapter4", {}),
    ("Grand Ronde EZ Baccarat", "ez-baccarat", "grand-ronde", {}),
    ("Grand Ronde Pai Gow Poker", "pai-gow-poker", "grand-ronde", {}),
    ("Chapter 4 Pai Gow Poker", "pai-gow-poker", "chapter4", {}),
    ("Lucky Derby Pai Gow Poker (player-dealer)", "pai-gow-poker", "lucky-derby", {"options": {"bots_may_bank": True}}),
    ("Crystal Park Pai Gow Poker Joker Wild (player-dealer)", "joker-wild-pai-gow-poker", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby Fortune Pai Gow Poker (player-dealer)", "fortune-pai-gow-poker", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby Face Up Pai Gow Poker (player-dealer)", "face-up-pai-gow-poker", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances EZ Baccarat (player-dealer)", "ez-baccarat", "lucky-chances", {"options": {"bots_may_bank": True}}),
    ("Crystal Park Fortune 7 Baccarat (player-dealer)", "fortune-7-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park California Baccarat (player-dealer)", "california-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park Dragon Dai Bacc (player-dealer)", "dragon-dai-bacc", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park RUYI Baccarat (player-dealer)", "ruyi-baccarat", "crystal-park", {"options": {"bots_may_bank": True}}),
    ("Lucky Chances 21st Century Baccarat 5.0 (player-dealer)", "21st-century-baccarat", "5.0-lc",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances 21st Century Baccarat 8.3 (player-dealer)", "21st-century-baccarat", "8.3",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat 5.0 (player-dealer)", "21st-century-baccarat", "5.0-cp",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat Face Up (player-dealer)", "21st-century-baccarat", "face-up",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat Face Down (player-dealer)", "21st-century-baccarat", "face-down",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Crystal Park Asian Baccarat (player-dealer)", "asian-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Lucky Chances Super Pan 9 (player-dealer)", "super-pan-9", "lucky-chances",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Lucky Chances Pai Gow Tiles (player-dealer)", "pai-gow-tiles", "lucky-chances",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Chapter 4 Chemin de Fer", "chemin-de-fer", "chapter4", {}),
    # The poker room: players play each other; the floor's bots fill a table on request.
    ("Lucky Derby No Limit Hold'em", "texas-holdem", "nl-procedure", {}),
    ("Grand Ronde Hold'em (Bad Beat Jackpot)", "texas-holdem", "grand-ronde", {"options": {"bad-beat-jackpot": True}}),
    ("Chapter 4 Omaha", "omaha", "chapter4", {}),
    ("Lucky Derby Omaha Hi-Lo", "omaha-hi-lo", "lucky-derby", {}),
    ("Lucky Derby Double Board Omaha", "double-board-omaha", "lucky-derby", {}),
    ("Lucky Derby Big O", "big-o", "lucky-derby", {}),
    ("Chapter 4 Crazy Pineapple", "pineapple", "crazy-chapter4", {}),
    ("Crystal Park Pan", "pan", "crystal-park", {}),
]


def _player(username: str, name: str, password: str, *, operator: bool = False) -> tuple[Player, bool]:
    player = db.session.scalars(sa.select(Player).filter_by(username=username)).first()
    if player is not None:
        return player, False
    player = Player(username=username, display_name=name, is_operator=operator)
    player.set_password(password)
    db.session.add(player)
    db.session.flush()
    if not operator:
        wallet.transfer(wallet.cage(), wallet.wallet(player.id), 500_000, memo="demo chips")
    return player, True


def seed() -> str:
    made = []
    for username, name in DEMO_PLAYERS:
        if _player(username, name, DEMO_PASSWORD)[1]:
            made.append(f"player {username}")
    if _player(OPERATOR[0], OPERATOR[1], OPERATOR[2], operator=True)[1]:
        made.append(f"operator {OPERATOR[0]}")
    existing = {t.name for t in db.session.scalars(sa.select(Table))}
    for name, game, variant, config in DEMO_TABLES:
        if name in existing or game not in registry.ENGINES:
            continue
        if variant not in registry.rules(game).variants:
            continue
        create_table(name, game, variant, config=dict(config))
        made.append(f"table {name}")
    return "created: " + (", ".join(made) if made else "nothing (already seeded)")
