"""Domain errors. All subclass :class:`AsobiError`, itself a :class:`ValueError`.

The CLI and the workflow scripts turn these into one clear line and exit status 2.
"""


class AsobiError(ValueError):
    """Base class for every error asobi reports to a user as bad input."""


class InputError(AsobiError):
    """Malformed user input: a position, a number, a word, a board."""


class ConfigError(AsobiError):
    """The configuration is invalid (unknown key, wrong type, out of range)."""


class DataError(AsobiError):
    """A vendored or generated data file is missing, corrupted or inconsistent."""


class IllegalMoveError(AsobiError):
    """A move that the rules of the game do not allow in the given position."""
