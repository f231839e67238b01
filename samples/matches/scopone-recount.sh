#!/bin/sh
# Scopone, two teams, to 11 with count-out-if-tied (Parlett): the teams end level on 12, and the
# recount of the last hand in category order from 10-8 gives Anna and Bruno 11 first, at most coins.
# Run it against a scratch history:  SCOREKEEPER_DB=/tmp/samples.sqlite sh samples/matches/scopone-recount.sh
set -e
scorekeeper match new --name scopone-recount --rules scopone --side 'Anna+Bruno' --side 'Carla+Dario'
# A team may be named by any of its players. Anna's team: coins and settebello; Carla's: cards and primiera.
scorekeeper match add scopone-recount --pile 'Anna=d:A234567 h:A2345 s:A c:A' --pile Carla=rest --sweeps Anna=3
scorekeeper match add scopone-recount --pile 'Bruno=d:A234567 h:A2345 s:A c:A' --pile Dario=rest --sweeps Anna=3 --sweeps Carla=4
scorekeeper match add scopone-recount --pile 'Anna=d:A234567 h:A2345 s:A c:A' --pile Carla=rest --sweeps Carla=2
scorekeeper match show scopone-recount
# expect: winner=Anna+Bruno stake=1 Anna+Bruno=12 Carla+Dario=12
