"""DNS rebinding and cross-site requests against a real server socket: browser routes answer only to
the names the server is reached by (421 otherwise), and a state-changing request from another origin
gets 403, with a sentence; server-to-server routes (probes, Slack, Jira) are not affected."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.bots.web_env import call, jirakg_server

QUESTION = {"text": "open bugs"}


def test_a_rebound_name_is_refused_on_every_browser_route(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        port = urlsplit(url).port
        evil = {"Host": f"evil.example:{port}"}
        for path, method, body in [("/", "GET", None), ("/static/chat.js", "GET", None),
                                   ("/api/v1/ask", "POST", QUESTION), ("/api/v1/conversations/x", "GET", None)]:
            status, reply, _ = call(url + path, method, body, headers=evil)
            assert status == 421, path
            assert "evil.example" in reply["error"] and "web.allowed_hosts" in reply["error"]
        # The names a person on this machine uses still work, with or without a port.
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", "localhost"):
            assert call(url + "/api/v1/ask", "POST", QUESTION, headers={"Host": host})[0] == 200, host
        # Probes and metrics are called by servers, by whatever name they use.
        assert call(url + "/healthz", headers=evil)[0] == 200
        assert call(url + "/metrics", headers=evil)[0] == 200


def test_allowed_hosts_and_public_url_add_names(tmp_path) -> None:
    web = {"allowed_hosts": ["bot.internal"], "public_url": "https://jirakg.acme.com"}
    with jirakg_server(tmp_path, web=web) as (url, _):
        for host in ("bot.internal", "jirakg.acme.com", "JIRAKG.acme.com:443"):
            assert call(url + "/api/v1/ask", "POST", QUESTION, headers={"Host": host})[0] == 200, host
        assert call(url + "/api/v1/ask", "POST", QUESTION, headers={"Host": "other.acme.com"})[0] == 421
    with jirakg_server(tmp_path, web={"allowed_hosts": ["*"]}) as (url, _):
        assert call(url + "/api/v1/ask", "POST", QUESTION, headers={"Host": "anything.example"})[0] == 200


def test_state_changing_requests_from_another_origin_are_refused(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"public_url": "https://jirakg.acme.com"}) as (url, _):
        for origin in ("http://evil.example", "null", f"http://localhost:{urlsplit(url).port + 1}"):
            status, reply, _ = call(url + "/api/v1/ask", "POST", QUESTION, headers={"Origin": origin})
            assert status == 403, origin
            assert reply == {"error": f"Requests from pages on {origin} are not accepted here."}
        # The page this server served (its own origin, or the public URL), and clients that send no Origin.
        for origin in (url, "https://jirakg.acme.com", None):
            headers = {"Origin": origin} if origin else {}
            status, reply, _ = call(url + "/api/v1/ask", "POST", QUESTION, headers=headers)
            assert status == 200 and reply["answer"], origin
        # Reading is not state-changing: a cross-origin GET is left to the browser's same-origin policy.
        assert call(url + "/", headers={"Origin": "http://evil.example"})[0] == 200
