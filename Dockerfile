# Build the server as one static binary, then run it from a small image.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gomoku-server ./cmd/server
# The data directory, owned by the runtime image's nonroot user (65532). It
# is copied as an entry of /out/rootfs (not as the source directory itself)
# so that --chown applies to /data too. An empty named volume mounted on
# /data starts as a copy of it, owner included: the server can then create
# gomoku.db and gomoku.lock there. (A bind mount keeps the host's owner:
# chown it to 65532 on the host.)
RUN mkdir -p /out/rootfs/data && chmod 700 /out/rootfs/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gomoku-server /gomoku-server
COPY --from=build --chown=65532:65532 /out/rootfs/ /
USER 65532:65532
EXPOSE 7878
ENV GOMOKU_ADDR=:7878 GOMOKU_DATA_DIR=/data
# No curl in a distroless image: the binary checks itself.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/gomoku-server", "healthcheck"]
ENTRYPOINT ["/gomoku-server"]
CMD ["serve"]
