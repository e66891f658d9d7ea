-- Initial schema for the embedded SQLite store. Times are Unix milliseconds
-- (UTC); booleans are 0/1.

-- +goose Up
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    username      TEXT    NOT NULL COLLATE NOCASE UNIQUE,
    password_hash TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    last_login_at INTEGER,
    rating        REAL    NOT NULL,
    rd            REAL    NOT NULL,
    volatility    REAL    NOT NULL,
    games         INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    losses        INTEGER NOT NULL DEFAULT 0,
    draws         INTEGER NOT NULL DEFAULT 0,
    rated_games   INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX accounts_leaderboard ON accounts (rating DESC, rated_games DESC, id) WHERE rated_games > 0;

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE games (
    id                 INTEGER PRIMARY KEY,
    rule               TEXT    NOT NULL,
    size               INTEGER NOT NULL CHECK (size > 0),
    main_ms            INTEGER NOT NULL DEFAULT 0,
    increment_ms       INTEGER NOT NULL DEFAULT 0,
    byoyomi_ms         INTEGER NOT NULL DEFAULT 0,
    rated              INTEGER NOT NULL DEFAULT 0,
    black_account_id   INTEGER REFERENCES accounts (id),
    black_guest        TEXT    NOT NULL DEFAULT '',
    black_bot          TEXT    NOT NULL DEFAULT '',
    white_account_id   INTEGER REFERENCES accounts (id),
    white_guest        TEXT    NOT NULL DEFAULT '',
    white_bot          TEXT    NOT NULL DEFAULT '',
    started_at         INTEGER NOT NULL,
    finished           INTEGER NOT NULL DEFAULT 0,
    winner             TEXT    NOT NULL DEFAULT '' CHECK (winner IN ('', 'black', 'white')),
    reason             TEXT    NOT NULL DEFAULT '',
    ended_at           INTEGER,
    black_before_rating REAL, black_before_rd REAL, black_before_vol REAL,
    black_after_rating  REAL, black_after_rd  REAL, black_after_vol  REAL,
    white_before_rating REAL, white_before_rd REAL, white_before_vol REAL,
    white_after_rating  REAL, white_after_rd  REAL, white_after_vol  REAL
);

CREATE INDEX games_black ON games (black_account_id, started_at DESC, id DESC);
CREATE INDEX games_white ON games (white_account_id, started_at DESC, id DESC);
CREATE INDEX games_active ON games (id) WHERE finished = 0;

CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL CHECK (ply > 0),
    x              INTEGER NOT NULL,
    y              INTEGER NOT NULL,
    color          TEXT    NOT NULL CHECK (color IN ('black', 'white')),
    black_clock_ms INTEGER NOT NULL,
    white_clock_ms INTEGER NOT NULL,
    spent_ms       INTEGER NOT NULL,
    at             INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE moves;
DROP TABLE games;
DROP TABLE sessions;
DROP TABLE accounts;
