-- Initial schema for the PostgreSQL store.

-- +goose Up
CREATE TABLE accounts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username      text             NOT NULL,
    password_hash text             NOT NULL,
    created_at    timestamptz      NOT NULL,
    last_login_at timestamptz,
    rating        double precision NOT NULL,
    rd            double precision NOT NULL,
    volatility    double precision NOT NULL,
    games         integer          NOT NULL DEFAULT 0,
    wins          integer          NOT NULL DEFAULT 0,
    losses        integer          NOT NULL DEFAULT 0,
    draws         integer          NOT NULL DEFAULT 0,
    rated_games   integer          NOT NULL DEFAULT 0
);

-- Usernames are unique regardless of case.
CREATE UNIQUE INDEX accounts_username_lower ON accounts (lower(username));
CREATE INDEX accounts_leaderboard ON accounts (rating DESC, rated_games DESC, id) WHERE rated_games > 0;

CREATE TABLE sessions (
    token_hash text        PRIMARY KEY,
    account_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE games (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    rule                text        NOT NULL,
    size                integer     NOT NULL CHECK (size > 0),
    main_ms             bigint      NOT NULL DEFAULT 0,
    increment_ms        bigint      NOT NULL DEFAULT 0,
    byoyomi_ms          bigint      NOT NULL DEFAULT 0,
    rated               boolean     NOT NULL DEFAULT false,
    black_account_id    bigint REFERENCES accounts (id),
    black_guest         text        NOT NULL DEFAULT '',
    black_bot           text        NOT NULL DEFAULT '',
    white_account_id    bigint REFERENCES accounts (id),
    white_guest         text        NOT NULL DEFAULT '',
    white_bot           text        NOT NULL DEFAULT '',
    started_at          timestamptz NOT NULL,
    finished            boolean     NOT NULL DEFAULT false,
    winner              text        NOT NULL DEFAULT '' CHECK (winner IN ('', 'black', 'white')),
    reason              text        NOT NULL DEFAULT '',
    ended_at            timestamptz,
    black_before_rating double precision, black_before_rd double precision, black_before_vol double precision,
    black_after_rating  double precision, black_after_rd  double precision, black_after_vol  double precision,
    white_before_rating double precision, white_before_rd double precision, white_before_vol double precision,
    white_after_rating  double precision, white_after_rd  double precision, white_after_vol  double precision
);

CREATE INDEX games_black ON games (black_account_id, started_at DESC, id DESC);
CREATE INDEX games_white ON games (white_account_id, started_at DESC, id DESC);
CREATE INDEX games_active ON games (id) WHERE NOT finished;

CREATE TABLE moves (
    game_id        bigint      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            integer     NOT NULL CHECK (ply > 0),
    x              integer     NOT NULL,
    y              integer     NOT NULL,
    color          text        NOT NULL CHECK (color IN ('black', 'white')),
    black_clock_ms bigint      NOT NULL,
    white_clock_ms bigint      NOT NULL,
    spent_ms       bigint      NOT NULL,
    at             timestamptz NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- +goose Down
DROP TABLE moves;
DROP TABLE games;
DROP TABLE sessions;
DROP TABLE accounts;
