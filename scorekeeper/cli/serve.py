"""``serve``: the score sheet as pages for the players' phones, over the same history as ``match``.

The pages are built by ``scorekeeper.web``, which uvicorn loads by name: the command line and the
pages never import each other. The join token travels to the pages' factory in an environment
variable of this process only.
"""

import ipaddress
import os
import secrets
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import reporting
from scorekeeper.i18n import N_, _

FACTORY = "scorekeeper.web.app:from_environment"  # not for players: what uvicorn loads
TOKEN_VARIABLE = "SCOREKEEPER_SERVE_TOKEN"  # not for players: read by scorekeeper.web.app.from_environment


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address_for_phones(host: str) -> str:
    """The address a phone on the same network uses: the host given, or this machine's own address
    when listening on every interface (found from its name, without sending anything)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        found = []
    addresses = [str(info[4][0]) for info in found if not str(info[4][0]).startswith("127.")]
    return addresses[0] if addresses else socket.gethostname()


def join_link(host: str, port: int, token: str) -> str:
    """The link that lets a browser in: it keeps the token in a cookie and opens the matches."""
    shown = "127.0.0.1" if host == "localhost" else _address_for_phones(host)
    return f"http://{shown}:{port}/join?token={token}"  # not for players: an address


@helps(N_("Serve the score sheet to the players' phones: matches, hands entered by tapping cards, live totals.\n\n"
           "Prints a join link with a secret token (and, when listening beyond this machine, the same link as a "
           "QR code); every page needs it. Stop with Ctrl+C."))
def serve(
    host: Annotated[str, typer.Option("--host", metavar="H",
                                      help=N_("Address to listen on; 0.0.0.0 lets phones on the same network join."))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="P", min=1, max=65535, help=N_("Port to listen on."))] = 8000,
    db: Annotated[Path | None, typer.Option(
        "--db", metavar="PATH",
        help=N_("History database (default: $SCOREKEEPER_DB, or the user's data folder)."))] = None,
) -> None:
    from scorekeeper.history.store import Store

    with reporting():
        Store(db).close()  # a history that cannot be opened is said now, not on the first phone's request
    token = secrets.token_urlsafe(18)
    os.environ[TOKEN_VARIABLE] = token
    if db is not None:
        os.environ["SCOREKEEPER_DB"] = str(db)  # not for players: a variable
    link = join_link(host, port, token)
    sheet = f"http://{'127.0.0.1' if host == 'localhost' else host}:{port}/"
    print(_("scorekeeper serve: the score sheet is at {address}").format(address=sheet))
    print(_("Join (keep this link among the players: it lets its holder change the history):"))
    print(f"  {link}")
    if not _loopback(host):
        import segno

        print(_("Or scan this with a phone on the same network:"))
        segno.make(link, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    import uvicorn

    uvicorn.run(FACTORY, factory=True, host=host, port=port, log_level="info", access_log=False,
                server_header=False, proxy_headers=False)
