"""Club tournaments, as pure logic over results: who enters, how rounds are paired, who stands where.

Nothing here reads or writes the history: ``history.tournaments`` keeps a tournament's settings and
its events (entries, drops, pairings, forfeits, re-pairings, undos), reads its tables' matches, and
asks this package for the state they add up to (``events.replay``), the standings
(``standings.standings``) and the next round (``pairing.next_round``).
"""
