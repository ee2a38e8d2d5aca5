"""One module or package per engine family; ``registry`` lists the playable games."""

# The collection-fee schedules post table limits of their own: registering them here binds every
# rules resolution that can see a player-dealer game (engine.paytable.OPTION_BOUNDS).
from .california import fees as _fees  # noqa: F401
