# jirakg as a service: `jirakg serve`, configured only through JIRAKG_* environment variables.
# Build stage: wheels for jirakg and its extras, so the runtime image carries no compiler or cache.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY jirakg ./jirakg
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[llm,redis,postgres]"

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 jirakg
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels "jirakg[llm,redis,postgres]" && rm -rf /wheels
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
