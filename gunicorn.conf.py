"""gunicorn settings. HOST and PORT say where to listen: 127.0.0.1:5000 unless set (the Procfile
sets HOST=0.0.0.0 for a Heroku-style router, which also gives PORT). Forwarded headers are
believed only with TRUST_PROXY_HOPS above 0 (the Procfile sets 1)."""

import os

from webgame.config import bind_address, trust_proxy_hops

bind = bind_address()
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "16"))
timeout = 60

keepalive = 5
accesslog = "-" if os.environ.get("ACCESS_LOG") else None
# Which peers may set the scheme with X-Forwarded-Proto: any, behind a router whose addresses
# are not known in advance (FORWARDED_ALLOW_IPS narrows it); none when clients connect directly.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "*") if trust_proxy_hops() > 0 else ""
# Several servers may run on one host (tests, two processes behind one router): no shared
# control socket in the home directory.
control_socket_disable = True
# Live-table streams hold a thread each while open; they end every few minutes and reconnect.
graceful_timeout = 5
