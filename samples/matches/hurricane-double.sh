#!/bin/sh
# Hurricane to 16: Anna wins 16-7, and as Bruno stayed under 8 the game is won double.
# Run it against a scratch history:  SCOREKEEPER_DB=/tmp/samples.sqlite sh samples/matches/hurricane-double.sh
set -e
scorekeeper match new --name hurricane-double --rules hurricane --side Anna --side Bruno
# Anna takes everything but the ace of cups, with 7 hurricanes: 11-0.
scorekeeper match add hurricane-double --pile Anna=rest --pile 'Bruno=h:A' --sweeps Anna=7
# Bruno's turn: all but the ace of cups and 3 hurricanes: 11-7.
scorekeeper match add hurricane-double --pile 'Anna=h:A' --pile Bruno=rest --sweeps Bruno=3
# Anna again, one hurricane: 16-7.
scorekeeper match add hurricane-double --pile Anna=rest --pile 'Bruno=h:A' --sweeps Anna=1
scorekeeper match show hurricane-double
# expect: winner=Anna stake=2 Anna=16 Bruno=7
