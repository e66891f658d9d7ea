-- Opening rules (swap2, soosorv-8, taraguchi-10; 'none' for the games from
-- before them): the rule of each game, and the actions of its opening in
-- order, so a restarted server replays the opening to its exact phase. The
-- stones an action places are stored as moves; an action with swap exchanged
-- the players' colours (the games row's black and white players were swapped
-- in the same transaction). Clocks are each colour's main time after the
-- action, as for moves.

-- +goose Up
ALTER TABLE games ADD COLUMN opening text NOT NULL DEFAULT 'none';

CREATE TABLE opening_actions (
    game_id        bigint      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            integer     NOT NULL CHECK (seq > 0),
    action         text        NOT NULL,
    ply            integer     NOT NULL CHECK (ply >= 0),
    swap           boolean     NOT NULL DEFAULT false,
    black_clock_ms bigint      NOT NULL,
    white_clock_ms bigint      NOT NULL,
    spent_ms       bigint      NOT NULL,
    at             timestamptz NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- +goose Down
DROP TABLE opening_actions;
ALTER TABLE games DROP COLUMN opening;
