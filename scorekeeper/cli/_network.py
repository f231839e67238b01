"""Where ``serve`` is reached: the address a phone uses, the names the server answers to, and how many
files (connections) the system lets it keep open. Nothing here sends a packet."""

from __future__ import annotations

import ipaddress
import socket

try:
    import resource
except ImportError:  # Windows: no descriptor limit to read
    resource = None  # type: ignore[assignment]

EVERY_INTERFACE = ("0.0.0.0", "::", "")  # not for players: addresses
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")  # not for players: addresses
#: A private-range address the routing table is asked about: connecting a UDP socket sends nothing,
#: but picks the interface (and so the address) packets to the local network would leave from.
_PROBE = ("10.255.255.254", 9)  # not for players: an address
#: Open files below which ``serve`` warns: a few hundred phones' connections, the history's files.
LOW_DESCRIPTORS = 1024
_WANTED_DESCRIPTORS = 4096


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (no phone can reach it)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _outgoing() -> str | None:
    """The address of the interface that leads to the local network, or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("0.", "127.")) else address


def _named() -> list[str]:
    """This machine's IPv4 addresses as its own name resolves them (loopback left out)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in found if not str(info[4][0]).startswith("127.")]


def phone_address(host: str) -> str | None:
    """The address phones use to reach a server listening on ``host``: the host itself, or (listening
    on every interface) the address of the interface toward the local network; None when this
    machine has no such interface (then only its own browsers can join)."""
    if host not in EVERY_INTERFACE:
        return host
    return _outgoing() or next(iter(_named()), None)


def answered_names(host: str, shown: str | None) -> list[str]:
    """The host names and addresses the server answers under: those it listens on and printed, and
    this machine's own names; any other name in a request is a page elsewhere pointing at it."""
    names = {*LOOPBACK_NAMES} if host in EVERY_INTERFACE or loopback(host) else set()
    names.add(host)
    if shown:
        names.add(shown)
    if host in EVERY_INTERFACE:
        machine = socket.gethostname().lower()
        names.update(_named())
        names.update({machine, f"{machine}.local"})  # not for players: the local network's suffix
    return sorted(n for n in names if n and n not in EVERY_INTERFACE)


def descriptor_limit() -> int | None:
    """How many files this process may keep open, raised toward 4096 where the hard limit allows
    (None where the system has no such limit to read)."""
    if resource is None:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = _WANTED_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, _WANTED_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else int(soft)
