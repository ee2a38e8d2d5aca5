"""gunicorn settings; PORT comes from the platform (Heroku-style), 5000 locally."""

import os

bind = f"{os.environ.get('HOST', '0.0.0.0' if os.environ.get('PORT') else '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = 60
graceful_timeout = 20
keepalive = 5
accesslog = "-" if os.environ.get("ACCESS_LOG") else None
forwarded_allow_ips = "*"
