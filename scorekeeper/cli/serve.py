"""``serve``: the score sheet as pages for the players' phones, over the same history as ``match``.

The pages are built by ``scorekeeper.web``, which uvicorn loads by name: the command line and the
pages never import each other. The join token travels to the pages' factory in an environment
variable of this process only.
"""

import os
import secrets
import ssl
import sys
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli._help import helps
from scorekeeper.cli._network import (
    EVERY_INTERFACE,
    LOW_DESCRIPTORS,
    answered_names,
    descriptor_limit,
    loopback,
    phone_address,
)
from scorekeeper.cli.common import NOT_UNDERSTOOD, reporting, say
from scorekeeper.i18n import N_, _

FACTORY = "scorekeeper.web.app:from_environment"  # not for players: what uvicorn loads
PROTOCOL = "scorekeeper.web._connections:GuardedH11"  # not for players: what uvicorn loads
TOKEN_VARIABLE = "SCOREKEEPER_SERVE_TOKEN"  # not for players: read by scorekeeper.web.app.from_environment
HOSTS_VARIABLE = "SCOREKEEPER_SERVE_HOSTS"  # not for players: read by scorekeeper.web.app.from_environment
CONNECTIONS_VARIABLE = "SCOREKEEPER_SERVE_CONNECTIONS"  # not for players: read by scorekeeper.web._connections
#: Open files kept for the rest when capping connections: the history's files in each worker thread
#: (about 3 for each of 48), the server's own.
_RESERVED_FILES = 200


def connection_cap(files: int | None) -> int:
    """The most connections the server keeps open at once, below the limit on open files."""
    return 2000 if files is None else max(16, min(2000, files - _RESERVED_FILES))


def join_link(host: str, port: int, token: str, scheme: str = "http") -> str:
    """The link that lets a browser in: it keeps the token in a cookie and opens the matches."""
    shown = "127.0.0.1" if host == "localhost" else (phone_address(host) or "127.0.0.1")
    shown = f"[{shown}]" if ":" in shown else shown
    return f"{scheme}://{shown}:{port}/join?token={token}"  # not for players: an address


def _check_certificate(certfile: Path | None, keyfile: Path | None) -> None:
    """Refuse at once, in one line, a certificate or key that HTTPS could not use."""
    if certfile is None and keyfile is None:
        return
    if certfile is None or keyfile is None:
        say(_("error: --certfile and --keyfile go together (the certificate and its private key)"))
        raise typer.Exit(NOT_UNDERSTOOD)
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except ssl.SSLError as exc:  # before OSError, of which it is a kind
        why = _("they are not a certificate and its private key in PEM ({reason})").format(reason=exc.reason or exc)
    except OSError as exc:
        why = exc.strerror or str(exc)
    else:
        return
    say(_("error: cannot use the certificate {cert} with the key {key}: {why}").format(cert=certfile, key=keyfile,
                                                                                     why=why))
    raise typer.Exit(NOT_UNDERSTOOD)


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
    certfile: Annotated[Path | None, typer.Option(
        "--certfile", metavar="PEM",
        help=N_("Serve over HTTPS with this certificate (PEM; with --keyfile): the link and cookie travel encrypted."))]
    = None,
    keyfile: Annotated[Path | None, typer.Option(
        "--keyfile", metavar="PEM", help=N_("The private key of --certfile (PEM)."))] = None,
) -> None:
    from scorekeeper.history.store import Store

    with reporting():
        Store(db).close()  # a history that cannot be opened is said now, not on the first phone's request
    _check_certificate(certfile, keyfile)
    scheme = "https" if certfile else "http"  # not for players: schemes
    token = secrets.token_urlsafe(18)
    os.environ[TOKEN_VARIABLE] = token
    if db is not None:
        os.environ["SCOREKEEPER_DB"] = str(db)  # not for players: a variable
    reached = "127.0.0.1" if host == "localhost" else phone_address(host)
    os.environ[HOSTS_VARIABLE] = ",".join(answered_names(host, reached))
    files = descriptor_limit()
    os.environ[CONNECTIONS_VARIABLE] = str(connection_cap(files))
    link = join_link(host, port, token, scheme)
    print(_("scorekeeper serve: the score sheet is at {address}").format(address=link.split("/join", 1)[0] + "/"))
    print(_("Join (keep this link among the players: it lets its holder change the history):"))
    print(f"  {link}")
    if not loopback(host):
        import segno

        print(_("Or scan this with a phone on the same network:"))
        segno.make(link, error="m").terminal(out=sys.stdout, compact=True)
        if scheme == "http":  # not for players: a scheme
            print(_("The link, and the cookie it leaves on each phone, cross the network unencrypted: anyone on the "
                    "same Wi-Fi can read them and change the scores. For HTTPS, start with --certfile and --keyfile."))
    sys.stdout.flush()
    if host in EVERY_INTERFACE and reached is None:
        say(_("warning: this computer has no network address phones can reach (no interface toward a network): "
              "only its own browser can join"))
    if files is not None and files < LOW_DESCRIPTORS:
        say(_("warning: this system lets the server keep only {files} files open, so at most {phones} phones "
              "connected at once; for a club, run 'ulimit -n 4096' before 'scorekeeper serve'").format(
                  files=files, phones=connection_cap(files)))
    import uvicorn

    uvicorn.run(FACTORY, factory=True, host=host, port=port, log_level="info", access_log=False,
                server_header=False, proxy_headers=False, http=PROTOCOL, timeout_keep_alive=5,
                ssl_certfile=str(certfile) if certfile else None, ssl_keyfile=str(keyfile) if keyfile else None)
