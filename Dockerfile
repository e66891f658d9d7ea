# Build the server as one static binary, then run it from a small image.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gomoku-server ./cmd/server
# The data directory, owned by the runtime image's nonroot user (65532). An
# empty named volume mounted on /data starts as a copy of the image's /data,
# owner included, so the server can create gomoku.db and gomoku.lock there.
# (A bind mount keeps the host directory's owner: chown it to 65532 there.)
RUN mkdir -p /out/data && chown 65532:65532 /out/data && chmod 700 /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gomoku-server /gomoku-server
# /data does not exist in the base image: COPY creates it with the --chown
# owner (BuildKit) and copies the (empty) contents.
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
EXPOSE 7878
ENV GOMOKU_ADDR=:7878 GOMOKU_DATA_DIR=/data
# No curl in a distroless image: the binary checks itself.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/gomoku-server", "healthcheck"]
ENTRYPOINT ["/gomoku-server"]
CMD ["serve"]
