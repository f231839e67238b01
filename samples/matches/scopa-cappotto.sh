#!/bin/sh
# Scopa with the cappotto turned on: taking all ten coins wins the match at once, whatever the score.
# Run it against a scratch history:  SCOREKEEPER_DB=/tmp/samples.sqlite sh samples/matches/scopa-cappotto.sh
set -e
scorekeeper match new --name scopa-cappotto --rules scopa --side Anna --side Bruno --with cappotto
scorekeeper match add scopa-cappotto --pile 'Anna=d:A234567JQK h:7' --pile Bruno=rest
scorekeeper match show scopa-cappotto
# expect: winner=Anna stake=1 Anna=2 Bruno=1
