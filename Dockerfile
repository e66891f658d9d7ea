# Build the server as one static binary, then run it from a small image.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gomoku-server ./cmd/server

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gomoku-server /gomoku-server
VOLUME /data
EXPOSE 7878
ENV GOMOKU_ADDR=:7878 GOMOKU_DATA_DIR=/data
ENTRYPOINT ["/gomoku-server"]
CMD ["serve"]
