"""The address a request comes from, as the site counts clients: the log-in lock (django-axes,
``AXES_CLIENT_IP_CALLABLE``), the guest limit and the throttles all ask ``client_address``.

Without a proxy in front (``PROXY_COUNT=0``) it is the connection's own address: a client writes
what it likes into ``X-Forwarded-For``, so the header is ignored. Behind ``PROXY_COUNT`` proxies
that each append the address they were connected from (haproxy's ``option forwardfor``), the
app server is connected from the nearest proxy, and the client is the entry the outermost proxy
appended: the ``PROXY_COUNT``-th from the right. Entries further left are the client's own words
and never chosen, so a client cannot pick its address or make a new one per try. django-ipware
reads the header (lists, spacing, IPv6, ``Forwarded``-style entries); non-strict, so that a
client's own entries do not make it give up and fall back to the balancer's address.

An IPv6 client is counted by its /64: one home or one phone is given a whole /64 and may pick any
address in it for each try, so ``2001:db8:0:1::1`` and ``2001:db8:0:1::3c`` are one client,
``2001:db8:0:1::``. (An IPv4 address written as IPv6, ``::ffff:192.0.2.1``, is the IPv4 one.)
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip


def client_address(request: HttpRequest) -> str:
    return as_client(_connected_address(request))


def as_client(address: str) -> str:
    """An address as the site counts clients: IPv6 by its /64, the rest as it is."""
    try:
        ip = ipaddress.ip_address(address)
        if isinstance(ip, ipaddress.IPv6Address):
            if ip.ipv4_mapped is not None:
                return str(ip.ipv4_mapped)
            return str(ipaddress.IPv6Network((ip.exploded, 64), strict=False).network_address)
    except ValueError:
        pass
    return address


def _connected_address(request: HttpRequest) -> str:
    proxies = settings.PROXY_COUNT
    if proxies:
        # ipware counts the proxies named in the header, that is all but the nearest one.
        address, _routable = get_client_ip(
            request,
            proxy_count=proxies - 1,
            request_header_order=["HTTP_X_FORWARDED_FOR"],
            strict=False,
        )
        if address:
            return address
    return request.META.get("REMOTE_ADDR", "")
