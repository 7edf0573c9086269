# The two commands a newcomer needs: `make run` and `make test`.
.PHONY: run test

run:
	@scripts/ensure-venv.sh
	@.venv/bin/jirakg serve

test:
	@scripts/ensure-venv.sh dev
	@scripts/ensure-system-packages.sh
	@.venv/bin/ruff check .
	@.venv/bin/mypy jirakg
	@.venv/bin/python -m pytest -q
