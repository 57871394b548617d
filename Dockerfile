# citecheck as a service: `docker build -t citecheck .` then
# `docker run --rm -p 8000:8000 citecheck` (or see compose.yaml). docs/service.md has the details.
# Slim, runs as a non-root user, and the offline index of the embedded corpus is built here, at
# image build time, so a container starts ready and never writes to its image.

FROM python:3.12-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[serve]"

FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    CITECHECK_INDEX=/opt/citecheck/index.sqlite \
    CITECHECK_CACHE_DIR=/var/cache/citecheck
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links=/wheels "citecheck[serve]" \
 && rm -rf /wheels \
 && mkdir -p /opt/citecheck /var/cache/citecheck \
 && citecheck index build /opt/citecheck/index.sqlite \
      "$(python -c 'from citecheck.index.default import embedded_corpus_path as p; print(p())')" \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin citecheck \
 && chown citecheck /var/cache/citecheck
USER citecheck
WORKDIR /var/cache/citecheck
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"
ENTRYPOINT ["citecheck"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
