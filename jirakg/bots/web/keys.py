"""Typed keys for what the application holds (aiohttp's AppKey)."""

from __future__ import annotations

from aiohttp import web

from jirakg.bots.web.forge_token import FitVerifier
from jirakg.bots.web.limits import Budget
from jirakg.bots.web.loop_watchdog import LoopWatchdog
from jirakg.bots.web.metrics import Metrics
from jirakg.config import Settings
from jirakg.engine.engine import Engine

ENGINE = web.AppKey("engine", Engine)
SETTINGS = web.AppKey("settings", Settings)
METRICS = web.AppKey("metrics", Metrics)
LIMITER: web.AppKey[Budget] = web.AppKey("limiter")
REFUSALS: web.AppKey[Budget] = web.AppKey("refusals")  # refused credentials per address
TOKENS = web.AppKey("tokens", list)  # the configured tokens' secrets
TOKEN_USERS = web.AppKey("token_users", dict)  # a token's identity → the person it is issued to (None: a machine)
FORGE: web.AppKey[FitVerifier | None] = web.AppKey("forge")  # None when the panel is off
WATCHDOG = web.AppKey("watchdog", LoopWatchdog)  # how late the serving loop runs its work
