"""Keep the score of real games of the Scopa and Cassino families."""

from scorekeeper._version import __version__
