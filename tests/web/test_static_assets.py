"""Static files are named by their content and cached for a year (P-314)."""

from __future__ import annotations

import os
import re

from webgame import static_version


def test_pages_name_static_files_by_their_content_and_cache_them(client, app):
    html = client.get("/login").get_data(as_text=True)
    urls = re.findall(r'(/static/([^"?]+)\?v=([0-9a-f]{12}))"', html)
    assert len(urls) >= 10                      # every stylesheet and script of the page
    for url, filename, digest in urls:
        assert digest == static_version(app.static_folder, filename)
        resp = client.get(url)
        assert resp.status_code == 200 and resp.headers["Cache-Control"] == "public, max-age=31536000"


def test_a_changed_file_gets_a_new_name(tmp_path):
    (tmp_path / "a.css").write_text("body { color: red }")
    first = static_version(str(tmp_path), "a.css")
    (tmp_path / "b.css").write_text("body { color: blue }")
    assert static_version(str(tmp_path), "b.css") != first and len(first) == 12
    assert static_version(str(tmp_path), "missing.css") == ""
    (tmp_path / "a.css").write_text("body { color: green }")
    os.utime(tmp_path / "a.css", ns=(1, 1))                # a new modification time
    assert static_version(str(tmp_path), "a.css") not in (first, "")
