# syntax=docker/dockerfile:1
# Alea in a container: a static binary on distroless, run as non-root.
#
#   docker build --build-arg VERSION=$(git describe --tags --always --dirty) -t alea .
#   docker run -d --name alea --env-file .env --read-only alea                  # gateway bot
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

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/alea /alea
# /healthz, /readyz and /metrics on every interface of the container, so
# /metrics can be scraped; `alea healthcheck` reads HEALTH_ADDR and asks
# 127.0.0.1 on its port. An HEALTH_ADDR from --env-file wins, and the
# healthcheck follows it.
ENV HEALTH_ADDR=:9090
# distroless's nonroot user (65532).
USER nonroot:nonroot
# 8443: the HTTP interactions endpoint (HTTP_ADDR=:8443); 9090: health and
# metrics; 8080: the playground (PLAYGROUND_ADDR=:8080 with PLAYGROUND_PUBLIC=true).
EXPOSE 8443 9090 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/alea", "healthcheck"]
ENTRYPOINT ["/alea"]
CMD ["serve"]
