# syntax=docker/dockerfile:1
# Alea in a container: a static binary on distroless, run as non-root.
#
#   docker build --build-arg VERSION=$(git describe --tags --always --dirty) -t alea .
#   docker run -d --name alea --env-file .env --read-only -v alea-data:/data alea   # gateway bot
#   docker run -d --name alea --env-file .env --read-only -p 8443:8443 alea     # HTTP endpoint (HTTP_ADDR=:8443)
#
# Settings come from the environment (--env-file .env; see .env.example).

FROM golang:1.26 AS build
WORKDIR /src
# Modules first, so source edits do not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# The Yacht solver's vector kernels (AVX-512 or AVX2 assembly, chosen when
# the program starts; portable Go on other processors) need no flag.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/alea .
# The empty directory of the /data volume (distroless has no mkdir).
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/alea /alea
# Finished games (DATABASE_URL): an SQLite file in the /data volume, the
# one place the read-only, non-root container writes. A new volume takes
# the directory's owner, nonroot. Several replicas share PostgreSQL
# instead (docker-compose.postgres.yml).
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME /data
ENV DATABASE_URL=sqlite:/data/alea.db
# /healthz, /readyz and /metrics on every interface of the container, so
# /metrics can be scraped; `alea healthcheck` reads HEALTH_ADDR and asks
# 127.0.0.1 on its port. An HEALTH_ADDR from --env-file wins, and the
# healthcheck follows it.
ENV HEALTH_ADDR=:9090
# The Go runtime's soft memory limit, for a container of 1.1 GB: room for
# HEAVY_MEMORY and TARGET_MEMORY (912 MB by default) and the rest of the
# bot. Without it the heap may grow to about twice what it keeps (1.36–1.42
# GB under a heavy flood); raise it with the container (docs/operating.md).
ENV GOMEMLIMIT=920MiB
# distroless's nonroot user (65532).
USER nonroot:nonroot
# 8443: the HTTP interactions endpoint (HTTP_ADDR=:8443); 9090: health and
# metrics; 8080: the playground (PLAYGROUND_ADDR=:8080 with PLAYGROUND_PUBLIC=true).
EXPOSE 8443 9090 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/alea", "healthcheck"]
ENTRYPOINT ["/alea"]
CMD ["serve"]
