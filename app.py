"""WSGI entry point: ``gunicorn app:app`` and ``flask --app app …``."""

from webgame import create_app

app = create_app()
