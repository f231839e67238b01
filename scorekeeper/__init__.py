"""Keep the score of real games of the Scopa and Cassino families."""

__version__ = "0.1.0"
