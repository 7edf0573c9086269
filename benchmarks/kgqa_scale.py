"""Knowledge-graph answers at ~1M triples: generates the graph (benchmarks/kg_scale_graph.py), loads it
into the embedded store and into an Oxigraph server, and replays jirakg's development dialogues
(tests/data/kg/dev and aside) on each. Prints P@1 per set in dialogue and self-contained mode, p95 per
question, the time from start to the first answer and peak RSS, each run in its own process so the
figures are not shared.

    .venv/bin/python benchmarks/kgqa_scale.py [--triples 1000000] [--only embedded|oxigraph]

The store and the label index are built once into --work (a persistent pyoxigraph directory and
the index file); "first answer" is a fresh process opening them and answering one question, which is
what a restarted jirakg does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

SETS = {"dev": ROOT / "tests" / "data" / "kg" / "dev", "aside": ROOT / "tests" / "data" / "kg" / "aside"}
OXIGRAPH = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))  # the dev extras' server
FIRST_QUESTION = "Where was Ron Newman (footballer) born?"


def peak_rss_mb(pid: str = "self") -> float:
    """VmHWM, this process's own peak: ru_maxrss would carry over the parent's peak from before exec."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def session_for(mode: str, work: Path, url: str | None):
    from jirakg.answer.kg_session import KgSession
    from jirakg.connectors.sparql import EmbeddedStore, RemoteEndpoint
    from jirakg.retrieval.kgqa.linking import linker_for
    if mode == "embedded":
        store = EmbeddedStore.open(work / "store")
        return KgSession(store, linker_for(store, "auto", embedded=True, index_file=work / "labels.idx"))
    endpoint = RemoteEndpoint(f"{url}/query", timeout_s=120)
    return KgSession(endpoint, linker_for(endpoint, "index", embedded=False, index_file=work / "labels-server.idx"))


def run(mode: str, work: Path, url: str | None) -> dict:
    """One process: start, first answer, then every dialogue of every set."""
    from jirakg.retrieval.kgqa.evaluation import evaluate_kgqa
    started = time.perf_counter()
    session = session_for(mode, work, url)

    async def go() -> dict:
        await session.ask(FIRST_QUESTION, [])
        first = time.perf_counter() - started
        figures: dict = {"mode": mode, "first_answer_s": round(first, 2)}
        p95 = []
        for name, folder in SETS.items():
            report = await evaluate_kgqa(session, folder)
            figures[name] = {"dialogue_p1": report.dialogue.p_at_1, "self_contained_p1": report.self_contained.p_at_1,
                             "questions": report.questions}
            p95.append(report.p95_ms)
        figures["p95_ms"] = max(p95)
        return figures
    figures = asyncio.run(go())
    figures["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return figures


def prepare(triples: int, work: Path) -> Path:
    from kg_scale_graph import generate

    from jirakg.connectors.sparql import EmbeddedStore
    from jirakg.retrieval.kgqa.label_index import LabelIndex
    graph = work / "kg.nt"
    if not graph.exists():
        print(f"generated {generate(graph, triples)} triples", flush=True)
    if not (work / "store").exists():
        started = time.perf_counter()
        store = EmbeddedStore.open(work / "store")
        store.load(graph)
        print(f"loaded the persistent store in {time.perf_counter() - started:.1f} s", flush=True)
        started = time.perf_counter()
        asyncio.run(LabelIndex.build(store, 2_000_000)).save(work / "labels.idx")
        print(f"built the label index in {time.perf_counter() - started:.1f} s", flush=True)
        del store
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak RSS of this one-off load and index build: {peak:.0f} MB", flush=True)
    return graph


def oxigraph_server(graph: Path, work: Path):
    from tests.local_servers import free_port
    port = free_port()
    data = work / "oxigraph"
    if not data.exists():
        subprocess.run([OXIGRAPH, "load", "--location", str(data), "--file", str(graph)],
                       check=True, capture_output=True)
    server = subprocess.Popen([OXIGRAPH, "serve", "--location", str(data), "--bind",
                              f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{url}/query?query=ASK%7B%7D", timeout=1).read()
            return server, url
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the Oxigraph server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triples", type=int, default=1_000_000)
    parser.add_argument("--work", type=Path, default=Path("/tmp/jirakg-kgqa-scale"))
    parser.add_argument("--only", choices=["embedded", "oxigraph"])
    parser.add_argument("--child", nargs=2, metavar=("MODE", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run(args.child[0], args.work, args.child[1] if args.child[1] != "-" else None)))
        return
    args.work.mkdir(parents=True, exist_ok=True)
    graph = prepare(args.triples, args.work)
    for mode in ("embedded", "oxigraph"):
        if args.only and mode != args.only:
            continue
        server, url = oxigraph_server(graph, args.work) if mode == "oxigraph" else (None, "-")
        try:
            if server is not None and not (args.work / "labels-server.idx").exists():
                started = time.perf_counter()
                from jirakg.connectors.sparql import RemoteEndpoint
                from jirakg.retrieval.kgqa.label_index import LabelIndex
                index = asyncio.run(LabelIndex.build(RemoteEndpoint(f"{url}/query", timeout_s=600), 2_000_000))
                index.save(args.work / "labels-server.idx")
                print(f"built the label index from the server in {time.perf_counter() - started:.1f} s", flush=True)
            out = subprocess.run([sys.executable, __file__, "--work", str(args.work), "--child", mode, url],
                                 check=True, capture_output=True, text=True).stdout
            figures = json.loads(out.strip().splitlines()[-1])
            if server is not None:
                figures["server_peak_rss_mb"] = round(peak_rss_mb(str(server.pid)), 1)
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
        sets = "; ".join(f"{name} dialogue P@1 {f['dialogue_p1']:.3f}, self-contained {f['self_contained_p1']:.3f} "
                         f"({f['questions']} q)" for name, f in figures.items() if isinstance(f, dict))
        print(f"{mode}: {sets}; p95 {figures['p95_ms']:.1f} ms per question; first answer "
              f"{figures['first_answer_s']:.2f} s after start; peak RSS {figures['peak_rss_mb']:.0f} MB"
              + (f" (server {figures['server_peak_rss_mb']:.0f} MB)" if "server_peak_rss_mb" in figures else ""),
              flush=True)


if __name__ == "__main__":
    main()
