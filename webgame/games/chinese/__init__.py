"""Chinese Poker (13-card poker): the setting and the showdown (``rows``, ``scoring``) and the
table on the Game protocol (``table``)."""
