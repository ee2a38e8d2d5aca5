"""One module or package per engine family; ``registry`` lists the playable games."""

# The collection-fee schedules post table limits of their own: registering them here binds every
# rules resolution that can see a player-dealer game (engine.paytable.OPTION_BOUNDS).
from .california import fees as _fees  # noqa: F401

# A Chinese Poker table's point value posts its buy-in (twenty points, 003 rule 1).
from .chinese import table as _chinese  # noqa: F401
