#!/bin/sh
# Wall Street for three: Anna and Bruno tie on 10, so only they play the extra hand (playoff: tied).
# Run it against a scratch history:  SCOREKEEPER_DB=/tmp/samples.sqlite sh samples/matches/wall-street-playoff.sh
set -e
scorekeeper match new --name wall-street-playoff --rules wall-street --side Anna --side Bruno --side Carla
# Anna takes three Kings, Bruno the preferred stock, Carla most of the common stock; 5 takeovers each for Anna and Bruno.
scorekeeper match add wall-street-playoff --pile 'Anna=Kd Kh Ks h:A23456 s:A2' --pile 'Bruno=d:A234568 9d 10d c:A2' --pile Carla=rest --sweeps Anna=5 --sweeps Bruno=5
# The same split, 3 takeovers each: Anna 10, Bruno 10, Carla 2.
scorekeeper match add wall-street-playoff --pile 'Anna=Kd Kh Ks h:A23456 s:A2' --pile 'Bruno=d:A234568 9d 10d c:A2' --pile Carla=rest --sweeps Anna=3 --sweeps Bruno=3
# The playoff hand: only Anna's and Bruno's piles.
scorekeeper match add wall-street-playoff --pile 'Anna=Kd Kh Ks' --pile Bruno=rest
scorekeeper match show wall-street-playoff
# expect: winner=Bruno stake=1 Anna=11 Bruno=12 Carla=2
