"""The poker room: games between players (INDEX section 7), on pokerkit for the betting, the pots and the showdown."""
