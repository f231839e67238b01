"""The version of scorekeeper, in one place (the package's front door re-exports it)."""

__version__ = "0.1.0"
