"""Blackjack and its house-banked relatives: one engine, rules as data. Blackjack (the Grand
Ronde, Chapter 4 and Single Deck tables, ``webgame/rules/blackjack.toml``) and Spanish 21
(``webgame/rules/spanish-21.toml``), Pure Spanish 21.5 (``pure-spanish-21-5.toml``, banked by a
seated player) and Free Bet Blackjack (``free-bet-blackjack.toml``) and Blackjack Switch
(``blackjack-switch.toml``) differ only in their rules files; each game is the same
engine under its own slug."""

from __future__ import annotations

from .engine import BlackjackEngine, BlackjackState, Hand, Seat


class SpanishTwentyOne(BlackjackEngine):
    """Spanish 21 (000 §22-§23): the blackjack engine under its own name; every difference
    is a rule in its rules file."""

    slug = "spanish-21"
    name = "Spanish 21"


class FreeBetBlackjack(BlackjackEngine):
    """Free Bet Blackjack (000 §24): the blackjack engine under its own name; the free
    doubles and splits and the dealer's 22 are rules in its rules file."""

    slug = "free-bet-blackjack"
    name = "Free Bet Blackjack"


class BlackjackSwitch(BlackjackEngine):
    """Blackjack Switch (004 §8): the blackjack engine dealing two hands a box; the switch
    and the dealer's 22 are rules in its rules file."""

    slug = "blackjack-switch"
    name = "Blackjack Switch"


class PureSpanish215(BlackjackEngine):
    """Pure Spanish 21.5 / Pure 21.5 Blackjack (001 §34, 002 §20 and §33, 003 §37): the
    blackjack engine under its own name, every edition a player-dealer edition; the Bonus
    cards, the 21.5 and the 8-8-8 are rules in its rules file."""

    slug = "pure-spanish-21-5"
    name = "Pure Spanish 21.5"


class NoBustBlackjack(BlackjackEngine):
    """No Bust 21st Century Blackjack (001 §36-§38, 003 §29-§30, §43-§45): the blackjack engine
    under its own name, every edition a player-dealer edition; the Natural of 22 or 20½, hands
    that wait when over and the Buster and Perfect Pairs bets are rules in its rules file."""

    slug = "no-bust-21st-century-blackjack"
    name = "No Bust 21st Century Blackjack"


class TwentyFirstCenturyFreeBet(BlackjackEngine):
    """21st Century Free Bet Blackjack (003 §46-§47): the blackjack engine under its own name,
    a player-dealer edition; the Bonus aces' 21½, the free bets the player-dealer funds, the
    P/D's 22 and suited 7-8-9 and Push 22 are rules in its rules file."""

    slug = "21st-century-free-bet-blackjack"
    name = "21st Century Free Bet Blackjack"


class LuckyChancesBlackjack(BlackjackEngine):
    """Lucky Chances Blackjack (002 §13): the blackjack engine under its own name, a player-
    dealer edition; the Logo cards and their Naturals, the ranked busts and the P/D's 17-17
    are rules in its rules file."""

    slug = "lucky-chances-blackjack"
    name = "Lucky Chances Blackjack"


ENGINE = BlackjackEngine()
SWITCH = BlackjackSwitch()
SPANISH_21 = SpanishTwentyOne()
FREE_BET = FreeBetBlackjack()
PURE_SPANISH_21_5 = PureSpanish215()
NO_BUST = NoBustBlackjack()
FREE_BET_21ST_CENTURY = TwentyFirstCenturyFreeBet()
LUCKY_CHANCES = LuckyChancesBlackjack()

__all__ = [
    "ENGINE",
    "FREE_BET",
    "FREE_BET_21ST_CENTURY",
    "LUCKY_CHANCES",
    "NO_BUST",
    "PURE_SPANISH_21_5",
    "SPANISH_21",
    "SWITCH",
    "BlackjackEngine",
    "BlackjackState",
    "BlackjackSwitch",
    "FreeBetBlackjack",
    "Hand",
    "LuckyChancesBlackjack",
    "NoBustBlackjack",
    "PureSpanish215",
    "Seat",
    "SpanishTwentyOne",
    "TwentyFirstCenturyFreeBet",
]
