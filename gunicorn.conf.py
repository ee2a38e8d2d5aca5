"""gunicorn settings; PORT comes from the platform (Heroku-style), 5000 locally."""

import os

bind = f"{os.environ.get('HOST', '0.0.0.0' if os.environ.get('PORT') else '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "16"))
timeout = 60

keepalive = 5
accesslog = "-" if os.environ.get("ACCESS_LOG") else None
forwarded_allow_ips = "*"
# Several servers may run on one host (tests, two processes behind one router): no shared
# control socket in the home directory.
control_socket_disable = True
# Live-table streams hold a thread each while open; they end every few minutes and reconnect.
graceful_timeout = 5
