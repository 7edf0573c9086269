"""requirements.lock, which the image installs with --no-deps, agrees with pyproject.toml: every runtime
requirement (and the image's extras) is pinned to a version its range admits, every pinned package's own
requirements are pinned too, and nothing else is."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
IMAGE_EXTRAS = ("llm", "redis", "postgres")


def locked() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            match = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", line)
            assert match, f"not an exact pin: {line!r}"
            pins[canonicalize_name(match[1])] = match[2]
    return pins


def image_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + [r for extra in IMAGE_EXTRAS for r in project["optional-dependencies"][extra]]
    return [Requirement(text) for text in wanted]


def needed(requirement: Requirement, extras: set[str]) -> bool:
    return requirement.marker is None or any(requirement.marker.evaluate({"extra": e}) for e in extras or {""})


def test_every_requirement_of_the_image_is_pinned_within_its_range() -> None:
    pins = locked()
    for requirement in image_requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), \
            f"requirements.lock pins {requirement.name}=={pins[name]}, outside {requirement.specifier}"


def test_the_lock_is_closed_and_has_nothing_extra() -> None:
    """Walks the requirements from jirakg's own, reading each pinned package's metadata as installed here
    (the suite runs on the pinned versions)."""
    pins = locked()
    reached: set[str] = set()
    todo = [(r, set(r.extras)) for r in image_requirements()]
    while todo:
        requirement, extras = todo.pop()
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is needed but not pinned"
        if name in reached and not extras:
            continue
        reached.add(name)
        installed = metadata.distribution(name)
        assert installed.version == pins[name], f"the suite runs {name} {installed.version}, the lock pins {pins[name]}"
        for text in installed.requires or []:
            nested = Requirement(text)
            if needed(nested, extras):
                assert nested.specifier.contains(pins.get(canonicalize_name(nested.name), "0"), prereleases=True), \
                    f"{name} needs {nested}, the lock pins {pins.get(canonicalize_name(nested.name))}"
                if canonicalize_name(nested.name) not in reached:
                    todo.append((nested, set(nested.extras)))
    assert set(pins) - reached == set(), "pinned but needed by nothing the image installs"


def test_the_dockerfile_installs_from_the_lock_alone() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert "pip wheel --no-cache-dir --no-deps --wheel-dir /wheels -r requirements.lock ." in text
    assert re.search(r"pip install [^\n]*--no-index --no-deps [^\n]*-r /tmp/requirements.lock jirakg", text)
    assert "pip check" in text
