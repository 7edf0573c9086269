# The two commands a newcomer needs: `make run` and `make test`.
.PHONY: run test test-llm

run:
	@scripts/ensure-venv.sh
	@.venv/bin/jirakg serve

test:
	@scripts/ensure-venv.sh dev
	@scripts/ensure-system-packages.sh
	@.venv/bin/ruff check .
	@.venv/bin/mypy jirakg
	@.venv/bin/python -m pytest -q

# Not part of `make test`: a real small model on the CPU (builds llama-cpp-python once, ~15 min).
test-llm:
	@scripts/ensure-venv.sh dev
	@.venv/bin/python benchmarks/llm_path.py
