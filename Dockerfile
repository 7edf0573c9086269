# jirakg as a service: `jirakg serve`, configured only through JIRAKG_* environment variables.
# Build stage: wheels for jirakg and exactly the versions in requirements.lock (each without its dependencies,
# so nothing unlocked slips in), so the runtime image carries no compiler or cache.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md requirements.lock ./
COPY jirakg ./jirakg
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels -r requirements.lock .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 jirakg
COPY --from=build /wheels /wheels
COPY requirements.lock /tmp/requirements.lock
# `pip check` stops the build if the lock no longer satisfies what jirakg and its dependencies require.
RUN pip install --no-cache-dir --no-index --no-deps --find-links /wheels -r /tmp/requirements.lock jirakg \
    && pip check && rm -rf /wheels /tmp/requirements.lock
USER jirakg
WORKDIR /home/jirakg
ENV JIRAKG_WEB__HOST=0.0.0.0 \
    JIRAKG_WEB__PORT=8080 \
    JIRAKG_DATA_DIR=/home/jirakg/data \
    PYTHONUNBUFFERED=1
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=4)"
ENTRYPOINT ["jirakg"]
CMD ["serve"]
