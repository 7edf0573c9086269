"""A knowledge-graph endpoint from `SparqlSettings`."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from jirakg.config.settings import SparqlSettings
from jirakg.connectors.sparql.embedded import EmbeddedStore
from jirakg.connectors.sparql.kept_store import open_kept_store
from jirakg.connectors.sparql.remote import RemoteEndpoint

DEMO_KG = "demo_kg.ttl"


def endpoint_for(settings: SparqlSettings) -> EmbeddedStore | RemoteEndpoint:
    """A configured endpoint, else a configured file, else the small demo graph jirakg ships."""
    if settings.endpoint is not None:
        password = settings.password.get_secret_value() if settings.password else None
        return RemoteEndpoint(str(settings.endpoint), timeout_s=settings.timeout_s, user=settings.user,
                              password=password, headers={k: v.get_secret_value() for k, v in settings.headers.items()})
    source = settings.kg_file or Path(str(resources.files("jirakg") / "data" / DEMO_KG))
    if settings.store_dir is None:
        return EmbeddedStore(source)
    # Loaded once (a million triples take seconds, opening them a moment), again if that was interrupted.
    return open_kept_store(settings.store_dir, source, derived=settings.label_index)
