"""The one `Settings` object: every section, its defaults and its validation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AnyUrl,
    BaseModel,
    ConfigDict,
    Field,
    HttpUrl,
    IPvAnyNetwork,
    SecretStr,
    UrlConstraints,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    YamlConfigSettingsSource,
)

RedisUrl = Annotated[AnyUrl, UrlConstraints(allowed_schemes=["redis", "rediss", "unix"])]
PostgresDsn = Annotated[
    AnyUrl, UrlConstraints(allowed_schemes=["postgresql", "postgres"], host_required=True)
]


class Section(BaseModel):
    # A misspelt key in YAML should fail loudly rather than be ignored.
    model_config = ConfigDict(extra="forbid", validate_default=True)


class AtlassianOAuthSettings(Section):
    """An OAuth 2.0 (3LO) app registered in Atlassian's developer console, for `permissions: user-token` on
    Jira Cloud: each person signs in and jirakg calls Jira with their own token."""
    client_id: str | None = Field(None, description="the app's client id from developer.atlassian.com")
    client_secret: SecretStr | None = Field(None, description="the app's client secret")
    auth_url: HttpUrl = Field(HttpUrl("https://auth.atlassian.com"), description="the authorisation server's URL")
    api_url: HttpUrl = Field(HttpUrl("https://api.atlassian.com"), description="the API gateway's URL (tokens "
                             "call Jira at <api_url>/ex/jira/<cloud id>)")

    @property
    def enabled(self) -> bool:
        return self.client_id is not None and self.client_secret is not None


class JiraSettings(Section):
    url: HttpUrl | None = Field(
        None, description="the base URL of Jira, such as https://acme.atlassian.net"
    )
    auth: Literal["basic", "bearer", "anonymous"] = Field(
        "basic", description="one of basic (email + API token), bearer (personal access token), anonymous"
    )
    email: str | None = Field(None, description="the account email used with an API token")
    token: SecretStr | None = Field(None, description="an API token or personal access token")
    deployment: Literal["auto", "server", "cloud"] = Field(
        "auto", description="one of auto, server, cloud"
    )
    concurrency: int = Field(8, ge=1, le=64, description="a whole number of parallel requests from 1 to 64")
    page_size: int = Field(100, ge=1, le=1000, description="a page size from 1 to 1000")
    timeout_s: float = Field(30.0, gt=0, le=600, description="a timeout in seconds, above 0 and at most 600")
    max_retries: int = Field(5, ge=0, le=20, description="a retry count from 0 to 20")
    max_issues_per_question: int = Field(
        5000, ge=10, le=1_000_000, description="the most issues one question reads from Jira; answers over more "
        "say so and link to the search in Jira (counts stay Jira's own), from 10 to 1000000"
    )
    permission_ttl_s: float = Field(60.0, gt=0, le=3600, description="how long a person's browse decision for a "
                                    "project or issue is reused, in seconds, above 0 and at most 3600")
    account_ttl_s: float = Field(3600.0, gt=0, le=86400, description="how long a person's Jira account, found "
                                 "by email, is reused, in seconds, above 0 and at most 86400")
    permissions: Literal["check", "user-token"] = Field(
        "check", description="how a person's view is enforced: check (the service account asks Jira's permission "
        "APIs for each person) or user-token (Jira is called with the person's own OAuth or personal access token)"
    )
    oauth: AtlassianOAuthSettings = AtlassianOAuthSettings()
    credentials_key: SecretStr | None = Field(
        None, description="a secret of at least 32 characters that encrypts people's stored Jira tokens and "
        "signs sign-in links; required with permissions: user-token"
    )
    webhook_secret: SecretStr | None = Field(
        None, description="the secret Jira signs webhook bodies with (X-Hub-Signature); without one the webhook "
        "is refused, and 'none' accepts unsigned webhooks (a warning at start-up)"
    )

    @property
    def webhook_unsigned(self) -> bool:
        """The webhook was opened to unsigned calls on purpose (`webhook_secret: none`)."""
        return self.webhook_secret is not None and self.webhook_secret.get_secret_value().lower() == "none"

    @model_validator(mode="after")
    def _credentials_match_auth(self) -> JiraSettings:
        if self.url is None or self.auth == "anonymous":
            return self
        if self.token is None:
            raise ValueError(
                "jira.token (JIRAKG_JIRA__TOKEN) is required when jira.url is set; "
                "set it, or set jira.auth to anonymous"
            )
        if self.auth == "basic" and not self.email:
            raise ValueError(
                "jira.email (JIRAKG_JIRA__EMAIL) is required with basic auth; "
                "set it, or set jira.auth to bearer for a personal access token"
            )
        return self

    @model_validator(mode="after")
    def _user_tokens_are_kept_secret(self) -> JiraSettings:
        if self.permissions == "user-token" and len(
                self.credentials_key.get_secret_value() if self.credentials_key else "") < 32:
            raise ValueError(
                "jira.credentials_key (JIRAKG_JIRA__CREDENTIALS_KEY) must be a secret of at least 32 characters "
                "with jira.permissions: user-token, because people's Jira tokens are stored encrypted with it"
            )
        return self


class SparqlSettings(Section):
    endpoint: HttpUrl | None = Field(
        None, description="a SPARQL 1.1 query endpoint URL, such as http://localhost:7878/query"
    )
    kg_file: Path | None = Field(
        None, description="an .nt, .ttl or .nq file for the embedded store"
    )
    user: str | None = Field(None, description="a user name for the endpoint")
    password: SecretStr | None = Field(None, description="a password for the endpoint")
    headers: dict[str, SecretStr] = Field(
        default_factory=dict, description='extra HTTP headers for the endpoint, such as {"X-Api-Key": "..."}'
    )
    timeout_s: float = Field(20.0, gt=0, le=600, description="a timeout in seconds, above 0 and at most 600")
    store_dir: Path | None = Field(
        None, description="a directory for the embedded store kept on disk: kg_file is loaded into it once "
        "and later starts open it instead of loading again (again only if a load was interrupted or kg_file changed)"
    )
    label_index: Path | None = Field(
        None, description="a file for the entity label index: read from the graph once and kept there, so a "
        "restart does not read every label again (with an endpoint, entity_search index uses it)"
    )
    entity_search: Literal["auto", "index", "filter", "virtuoso"] = Field(
        "auto", description="how entities are found by label: auto (the whole label index for the embedded store, "
        "a search per question for an endpoint), index, filter (FILTER CONTAINS) or virtuoso (bif:contains)"
    )

    @field_validator("kg_file")
    @classmethod
    def _known_rdf_format(cls, value: Path | None) -> Path | None:
        if value is not None and value.suffix not in {".nt", ".ttl", ".nq"}:
            raise ValueError("sparql.kg_file must end in .nt, .ttl or .nq")
        return value


class LlmSettings(Section):
    base_url: HttpUrl | None = Field(
        None, description="an OpenAI-compatible base URL, such as http://localhost:8000/v1"
    )
    api_key: SecretStr | None = Field(None, description="the endpoint's API key")
    model: str | None = Field(None, description="a model name the endpoint serves")
    # A deadline, not a read timeout: a server trickling one byte a second would pass any read timeout.
    timeout_s: float = Field(5.0, gt=0, le=300, description="a timeout in seconds, above 0 and at most 300 "
                             "(the whole of one model call, streamed and stopped when passed)")
    turn_timeout_s: float = Field(8.0, gt=0, le=600, description="a timeout in seconds, above 0 and at most 600 "
                                  "(all the model calls of one question together)")
    structured: Literal["auto", "json_schema", "tools", "json_object"] = Field(
        "auto", description="one of auto (probed once at start-up), json_schema, tools, json_object")
    breaker_failures: int = Field(3, ge=1, le=100, description="a number of failed calls in a row from 1 to 100, "
                                  "after which the model is skipped for breaker_cooldown_s")
    breaker_cooldown_s: float = Field(30.0, ge=0, le=3600, description="a number of seconds from 0 to 3600")
    routing_file: Path | None = Field(
        None, description="a JSON file written by `jirakg eval nlq --parser both` naming the intents the LLM "
        "parse is used for (default: data_dir/llm_routing.json; absent: every intent)")

    @model_validator(mode="after")
    def _model_named(self) -> LlmSettings:
        if self.base_url is not None and not self.model:
            raise ValueError("llm.model (JIRAKG_LLM__MODEL) is required when llm.base_url is set")
        return self

    @property
    def enabled(self) -> bool:
        return self.base_url is not None


class StoreSettings(Section):
    backend: Literal["memory", "sqlite", "redis"] = Field(
        "sqlite", description="one of memory, sqlite, redis"
    )
    sqlite_path: Path = Field(Path(".jirakg/graph.sqlite3"),
                              description="a file path (default: data_dir/graph.sqlite3)")
    redis_url: RedisUrl = Field(
        AnyUrl("redis://127.0.0.1:6379/0"), description="a redis://, rediss:// or unix:// URL"
    )
    cache_ttl_s: int = Field(300, ge=0, le=86400, description="a TTL in seconds from 0 to 86400")
    history_turns: int = Field(50, ge=1, le=1000, description="a number of turns from 1 to 1000")
    conversation_ttl_s: int = Field(30 * 86400, ge=60, le=366 * 86400, description="how long an idle "
                                    "conversation is kept, in seconds from 60 to 31622400 (a year)")
    timeout_s: float = Field(5.0, gt=0, le=120, description="the deadline of one store call, in seconds, "
                             "above 0 and at most 120")


class SlackSettings(Section):
    mode: Literal["http", "socket"] = Field("http", description="one of http, socket")
    bot_token: SecretStr | None = Field(None, description="a bot token starting with xoxb-")
    signing_secret: SecretStr | None = Field(None, description="the app's signing secret")
    app_token: SecretStr | None = Field(None, description="an app-level token starting with xapp-")

    @field_validator("bot_token")
    @classmethod
    def _bot_token_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith("xoxb-"):
            raise ValueError("slack.bot_token must be a bot token starting with xoxb-")
        return value

    @field_validator("app_token")
    @classmethod
    def _app_token_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith("xapp-"):
            raise ValueError("slack.app_token must be an app-level token starting with xapp-")
        return value

    @model_validator(mode="after")
    def _mode_has_its_secret(self) -> SlackSettings:
        if self.bot_token is None:
            return self
        if self.mode == "http" and self.signing_secret is None:
            raise ValueError(
                "slack.signing_secret (JIRAKG_SLACK__SIGNING_SECRET) is required in http mode"
            )
        if self.mode == "socket" and self.app_token is None:
            raise ValueError("slack.app_token (JIRAKG_SLACK__APP_TOKEN) is required in socket mode")
        return self

    @property
    def enabled(self) -> bool:
        return self.bot_token is not None


class ApiToken(BaseModel):
    """A REST API / web chat token and the person it is issued to; without one it is a machine's token,
    answered as the service account."""
    model_config = ConfigDict(extra="forbid")
    token: SecretStr = Field(description="the bearer token")
    user: str | None = Field(None, description="the Jira email address or account id of the person it is issued to")


class WebSettings(Section):
    host: str = Field("127.0.0.1", description="a host name or address to listen on")
    port: int = Field(8080, ge=1, le=65535, description="a TCP port from 1 to 65535")
    public_url: HttpUrl | None = Field(
        None, description="the address people reach this server at, such as https://jirakg.acme.com (sign-in "
        "links and the OAuth redirect use it); by default http://<host>:<port>"
    )
    api_tokens: list[ApiToken] = Field(
        default_factory=list, description="bearer tokens for the REST API and web chat, each a string (a machine's "
        "token) or {token, user} (a person's: answered as that person)"
    )
    max_request_bytes: int = Field(
        65536, ge=1024, le=10_485_760, description="a size in bytes from 1024 to 10485760"
    )
    rate_limit_per_minute: int = Field(
        120, ge=1, le=100_000, description="a number of requests per minute from 1 to 100000"
    )
    max_connections: int = Field(
        1000, ge=8, le=100_000, description="the most connections open at once (lowered to fit the process's "
        "descriptor limit), from 8 to 100000"
    )
    allowed_hosts: list[str] = Field(
        default_factory=list, description="host names the chat page, REST API and sign-in answer to besides "
        "localhost, 127.0.0.1, the bind host and public_url's host (others get 421, against DNS rebinding); "
        "[\"*\"] answers any name"
    )
    max_loop_lag_s: float = Field(
        10.0, gt=0, le=300, description="how long the event loop may keep work waiting before /healthz says the "
        "process is unhealthy (for 30 s after), in seconds, above 0 and at most 300"
    )
    trusted_proxies: list[IPvAnyNetwork] = Field(
        default_factory=list, description="addresses or networks of load balancers whose X-Forwarded-For is believed, "
        "such as 10.0.0.0/8"
    )


    @property
    def address(self) -> str:
        """Where people reach this server, without a trailing slash."""
        return str(self.public_url).rstrip("/") if self.public_url else f"http://{self.host}:{self.port}"

    @field_validator("api_tokens", mode="before")
    @classmethod
    def _bare_tokens(cls, value: object) -> object:
        return [{"token": t} if isinstance(t, str) else t for t in value] if isinstance(value, list) else value


class ForgeSettings(Section):
    app_id: str | None = Field(
        None, description="the Forge app id, ari:cloud:ecosystem::app/<uuid>, the invocation tokens' audience"
    )
    jwks_url: HttpUrl = Field(
        HttpUrl("https://forge.cdn.prod.atlassian-dev.net/.well-known/jwks.json"),
        description="the URL of Forge's signing keys (JWKS)",
    )

    @property
    def enabled(self) -> bool:
        return self.app_id is not None


class ActionsSettings(Section):
    enabled: bool = Field(False, description="true lets people change Jira (create, transition, assign, comment, "
                          "link, set a fix version) after confirming a proposal; false: jirakg only reads")
    proposal_ttl_s: int = Field(600, ge=30, le=86400, description="how long a proposal can be confirmed, in "
                                "seconds, from 30 to 86400")


class ToolsSettings(Section):
    read_only: bool = Field(
        False, description="true or false: true hides every tool that changes Jira from MCP clients, so jirakg "
        "only reads"
    )


class FeedbackSettings(Section):
    backend: Literal["sqlite", "postgres"] = Field("sqlite", description="one of sqlite, postgres")
    sqlite_path: Path = Field(Path(".jirakg/feedback.sqlite3"),
                              description="a file path (default: data_dir/feedback.sqlite3)")
    postgres_dsn: PostgresDsn | None = Field(
        None, description="a postgresql:// URL such as postgresql://user:pass@host:5432/db"
    )
    timeout_s: float = Field(5.0, gt=0, le=120, description="the deadline of one write or read, in seconds, "
                             "above 0 and at most 120")

    @model_validator(mode="after")
    def _dsn_for_postgres(self) -> FeedbackSettings:
        if self.backend == "postgres" and self.postgres_dsn is None:
            raise ValueError(
                "feedback.postgres_dsn (JIRAKG_FEEDBACK__POSTGRES_DSN) is required "
                "when feedback.backend is postgres"
            )
        return self


class Settings(BaseSettings):
    """Effective configuration: init arguments > environment > YAML file > defaults."""

    model_config = SettingsConfigDict(
        env_prefix="JIRAKG_",
        env_nested_delimiter="__",
        extra="forbid",
        validate_default=True,
    )

    data_dir: Path = Field(Path(".jirakg"), description="a directory for generated data and stores")
    turn_timeout_s: float = Field(30.0, gt=0, le=600, description="the deadline of one answered question, in "
                                  "seconds, above 0 and at most 600")
    jira: JiraSettings = JiraSettings()
    sparql: SparqlSettings = SparqlSettings()
    llm: LlmSettings = LlmSettings()
    store: StoreSettings = StoreSettings()
    slack: SlackSettings = SlackSettings()
    forge: ForgeSettings = ForgeSettings()
    web: WebSettings = WebSettings()
    feedback: FeedbackSettings = FeedbackSettings()
    actions: ActionsSettings = ActionsSettings()
    tools: ToolsSettings = ToolsSettings()

    @model_validator(mode="after")
    def _files_in_data_dir(self) -> Settings:
        """SQLite files not named explicitly live in data_dir, so moving data_dir moves them all."""
        if "sqlite_path" not in self.store.model_fields_set:
            self.store.sqlite_path = self.data_dir / "graph.sqlite3"
        if "sqlite_path" not in self.feedback.model_fields_set:
            self.feedback.sqlite_path = self.data_dir / "feedback.sqlite3"
        if self.llm.routing_file is None:
            self.llm.routing_file = self.data_dir / "llm_routing.json"
        return self

    @model_validator(mode="after")
    def _model_time_within_the_turn(self) -> Settings:
        # The model's share of a question must end before the question's own deadline stops it unanswered.
        if self.llm.enabled and self.llm.turn_timeout_s >= self.turn_timeout_s:
            raise ValueError(f"llm.turn_timeout_s ({self.llm.turn_timeout_s:g} s) must be below turn_timeout_s "
                             f"({self.turn_timeout_s:g} s), the deadline of the whole question")
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: tuple[PydanticBaseSettingsSource, ...] = (init_settings, env_settings)
        if settings_cls.model_config.get("yaml_file"):
            sources += (YamlConfigSettingsSource(settings_cls),)
        return sources
