"""Asian Baccarat through the web, three browsers at one table: one banks, two bet against it,
the deal takes the collection fees and shakes the dice cup, on a community 4 each bettor
chooses its own card (one draws, one does not), the bank chooses on its own 4, and the hand
is settled within the bank: the house neither pays nor collects and the books balance
(003 §1; D-185, D-186, D-465, D-483)."""

from __future__ import annotations

from webgame.services import recall

from .tablehelp import assert_books_balance, bank_and_two_choosers, listed_variant

GAME, VARIANT = "asian-baccarat", "crystal-park"


def test_a_hand_at_the_asian_baccarat_table(app, guest):
    """A shoe of deuces: the Players' hand is a 4, the bank's a 4, every draw card a 2. The
    bettor who draws makes 6 against the bank's 6, a push; the one who stands on 4 loses; the
    bank chooses on its own 4 (D-186)."""
    def at_choice(b):
        assert 'data-testid="pd-dice"' in b.html and "with the bank as 1, 9, 17" in b.html  # D-183, D-478

    rnd, b = bank_and_two_choosers(app, guest, GAME, VARIANT, 52, "Draw a card or No card?", at_choice)
    assert "Players&#39; hand" in b.html or "Players' hand" in b.html
    assert 'data-testid="draw-cards"' in b.html and 'data-testid="scoreboards"' in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_asian_baccarat_as_playable(app):
    listed = listed_variant(app, GAME, VARIANT)
    assert listed["playable"] and listed["banking"] == "player-dealer"
    assert listed["side_bets"] == []
