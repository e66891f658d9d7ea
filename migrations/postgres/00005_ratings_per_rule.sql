-- A rating per rule. accounts.rating/rd/volatility become the starting
-- rating of a rule not yet played rated; accounts.rated_games counts every
-- rule. Version 6 (a Go migration, ratings.go) fills this table from the
-- stored history.

-- +goose Up
CREATE TABLE ratings (
    account_id  bigint           NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    rule        text             NOT NULL,
    rating      double precision NOT NULL,
    rd          double precision NOT NULL,
    volatility  double precision NOT NULL,
    rated_games integer          NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, rule)
);

CREATE INDEX ratings_leaderboard ON ratings (rule, rating DESC, rated_games DESC, account_id);

-- +goose Down
DROP TABLE ratings;
