"""The REST API: POST /api/v1/ask, POST /api/v1/feedback, GET /api/v1/conversations/{id},
GET /api/v1/examples, and its OpenAPI document. Bodies are validated by pydantic; every refusal is one
sentence in {"error"}."""

from __future__ import annotations

import re
import time
from typing import Literal, TypeVar

from aiohttp import web
from pydantic import BaseModel, Field, ValidationError

from jirakg.access import AccountNotLinked
from jirakg.actions.models import ActionOutcome, ActionRefused
from jirakg.actions.service import GONE
from jirakg.answer.parts import IssueRow
from jirakg.bots.web import keys
from jirakg.bots.web.json_body import BadBody, read_json
from jirakg.engine.engine import Engine
from jirakg.engine.history import ConversationNotFound, TurnFeedback
from jirakg.engine.turn import Asker, AskReply, Citation, JiraList, Surface, TurnContext, owner_of
from jirakg.errors import JirakgError
from jirakg.feedback import FeedbackRowRefused
from jirakg.intents.embedded import input_problem
from jirakg.jql.keys import ISSUE_KEY
from jirakg.retrieval.examples import Example

RequestBody = TypeVar("RequestBody", bound=BaseModel)
# What the guard verified: a token's identity, None when the API is open.
ASKER: web.RequestKey[Asker] = web.RequestKey("asker")  # whom the guard's verified token is issued to

MAX_TEXT = 4000
ID = r"^[A-Za-z0-9_-]{1,64}$"


class AskContext(BaseModel):
    issue_key: str | None = Field(None, max_length=64, description="the issue the question is asked from, e.g. PROJ-12")


class AskRequest(BaseModel):
    text: str = Field(..., max_length=MAX_TEXT, description="the question")
    conversation_id: str | None = Field(None, pattern=ID, description="continue this conversation")
    context: AskContext | None = None


class FeedbackRequest(BaseModel):
    turn_id: str = Field(..., pattern=ID)
    rating: Literal["up", "down"]
    comment: str | None = Field(None, max_length=2000)


class ConversationTurn(BaseModel):
    turn_id: str
    question: str
    answer: str
    intents: list[str]
    citations: list[Citation]
    explain: list[str]
    rows: list[IssueRow] = Field(default_factory=list)
    jira_list: JiraList | None = None
    feedback: TurnFeedback | None = None


class ConversationResponse(BaseModel):
    conversation_id: str
    turns: list[ConversationTurn]


class ExamplesResponse(BaseModel):
    examples: list[Example] = Field(description="questions that answer on this instance, for the caller")


class ErrorResponse(BaseModel):
    error: str


def error(status: int, message: str, **headers: str) -> web.Response:
    return web.json_response({"error": message}, status=status, headers=headers or None)


def status_of(exc: JirakgError) -> int:
    """The HTTP status of a turn that could not be answered and kept."""
    if isinstance(exc, ConversationNotFound):
        return 404
    if isinstance(exc, FeedbackRowRefused):
        return 422  # this question cannot be stored; another can
    if isinstance(exc, AccountNotLinked):
        return 403  # the person is not matched to a Jira account: the sentence says how to link
    return 503  # a dependency did not answer in time: the same request may succeed later


async def parsed(request: web.Request, model: type[RequestBody]) -> RequestBody | web.Response:
    try:
        body = await read_json(request)
    except BadBody as exc:
        return error(400, str(exc))
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "body"
        return error(400, f"{where}: {first['msg']}.")


async def answer(request: web.Request, text: str, conversation_id: str | None, issue_key: str | None,
                 surface: Surface, asker: Asker) -> web.Response:
    """One turn through the engine, timed into the metrics, as the JSON reply; bad input refused in one
    sentence."""
    problem = input_problem(text)
    if problem:
        return error(400, problem)
    if issue_key is not None and not ISSUE_KEY.fullmatch(issue_key):
        return error(400, f"context.issue_key {issue_key!r} is not an issue key such as PROJ-12.")
    engine: Engine = request.app[keys.ENGINE]
    started = time.perf_counter()
    try:
        result = await engine.ask(TurnContext(text=text, surface=surface, conversation_id=conversation_id,
                                              asker=asker, issue_key=issue_key))
    except JirakgError as exc:
        return error(status_of(exc), str(exc))
    request.app[keys.METRICS].turn(result, time.perf_counter() - started)
    return web.json_response(result.reply().model_dump())


async def ask(request: web.Request) -> web.Response:
    body = await parsed(request, AskRequest)
    if isinstance(body, web.Response):
        return body
    issue_key = body.context.issue_key if body.context else None
    return await answer(request, body.text, body.conversation_id, issue_key, "api", request[ASKER])


async def feedback(request: web.Request) -> web.Response:
    return await record_feedback(request, "api", identity_of(request))


async def record_feedback(request: web.Request, channel: Surface, user: str | None) -> web.Response:
    body = await parsed(request, FeedbackRequest)
    if isinstance(body, web.Response):
        return body
    try:
        stored = await request.app[keys.ENGINE].feedback(body.turn_id, body.rating, body.comment, user=user,
                                                         channel=channel)
    except JirakgError as exc:
        return error(status_of(exc), str(exc))
    if not stored:
        return error(404, f"There is no answer with turn_id {body.turn_id}.")
    request.app[keys.METRICS].rated(body.rating)
    return web.json_response({"recorded": True})


async def conversation(request: web.Request) -> web.Response:
    conversation_id = request.match_info["conversation_id"]
    engine: Engine = request.app[keys.ENGINE]
    try:
        found = await engine.conversation(conversation_id, owner_of("api", identity_of(request)))
    except JirakgError as exc:
        return error(status_of(exc), str(exc))
    if not found.turns:
        return error(404, str(ConversationNotFound(conversation_id)))
    return web.json_response(ConversationResponse(conversation_id=found.id, turns=[
        ConversationTurn(turn_id=t.id, question=t.question, answer=t.answer, intents=[i.name for i in t.intents],
                         citations=[Citation(key=k, url=engine.issue_url(k)) for k in t.citations], explain=t.plans,
                         rows=t.rows, jira_list=engine.jira_list(t.full_list) if t.full_list else None,
                         feedback=t.feedback) for t in found.turns]).model_dump())


async def action(request: web.Request) -> web.Response:
    """POST /api/v1/actions/{id}/confirm|cancel: only by the caller the proposal was made to."""
    action_id, verb = request.match_info["action_id"], request.match_info["verb"]
    if not re.fullmatch(ID, action_id):
        return error(404, GONE)
    engine: Engine = request.app[keys.ENGINE]
    act = engine.confirm_action if verb == "confirm" else engine.cancel_action
    try:
        outcome = await act(action_id, request[ASKER], "api")
    except ActionRefused as exc:
        return error(409, str(exc))
    except JirakgError as exc:
        return error(status_of(exc), str(exc))
    return web.json_response(outcome.model_dump())


async def examples(request: web.Request) -> web.Response:
    try:
        found = await request.app[keys.ENGINE].examples(request[ASKER], "api")
    except JirakgError as exc:
        return error(status_of(exc), str(exc))
    return web.json_response(ExamplesResponse(examples=found).model_dump())


def identity_of(request: web.Request) -> str | None:
    """The caller the guard verified (a token's identity), None when the API is open."""
    return request[ASKER].surface_user_id


def openapi() -> dict:
    models: list[type[BaseModel]] = [AskRequest, AskReply, FeedbackRequest, ConversationResponse, ExamplesResponse,
                                     ErrorResponse, ActionOutcome]
    schemas: dict = {}
    for model in models:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema

    def body(name: str) -> dict:
        return {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}

    def reply(name: str, description: str) -> dict:
        return {"description": description,
                "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}

    refusals = {"400": reply("ErrorResponse", "bad input"), "401": reply("ErrorResponse", "missing or wrong token"),
                "413": {"description": "request too large"}, "429": reply("ErrorResponse", "too many requests")}
    return {
        "openapi": "3.0.3",
        "info": {"title": "jirakg", "version": "1", "description": "Grounded answers about Jira and knowledge graphs."},
        "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "security": [{"bearer": []}],
        "paths": {
            "/api/v1/ask": {"post": {"operationId": "ask", "summary": "Ask a question",
                                     "requestBody": body("AskRequest"),
                                     "responses": {"200": reply("AskReply", "the answer"), **refusals}}},
            "/api/v1/feedback": {"post": {"operationId": "feedback", "summary": "Rate an answer",
                                          "requestBody": body("FeedbackRequest"),
                                          "responses": {"200": {"description": "recorded"},
                                                        "404": reply("ErrorResponse", "unknown turn"), **refusals}}},
            "/api/v1/conversations/{conversation_id}": {"get": {
                "operationId": "conversation", "summary": "A conversation's turns",
                "parameters": [{"name": "conversation_id", "in": "path", "required": True,
                                "schema": {"type": "string", "pattern": ID}}],
                "responses": {"200": reply("ConversationResponse", "the turns"),
                              "404": reply("ErrorResponse", "unknown conversation"), **refusals}}},
            **{f"/api/v1/actions/{{action_id}}/{verb}": {"post": {
                "operationId": f"{verb}_action", "summary": f"{verb.title()} a proposed change to Jira",
                "parameters": [{"name": "action_id", "in": "path", "required": True,
                                "schema": {"type": "string", "pattern": ID}}],
                "responses": {"200": reply("ActionOutcome", "done and read back" if verb == "confirm" else "cancelled"),
                              "409": reply("ErrorResponse", "expired, someone else's, already claimed, not allowed, "
                                                            "or refused by Jira; nothing changed"), **refusals}}}
               for verb in ("confirm", "cancel")},
            "/api/v1/examples": {"get": {"operationId": "examples", "summary": "Example questions for this instance",
                                         "responses": {"200": reply("ExamplesResponse", "the examples"),
                                                       **refusals}}},
        },
    }
