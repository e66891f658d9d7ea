-- Opening rules (swap2, soosorv-8, taraguchi-10; 'none' for the games from
-- before them): the rule of each game, and the actions of its opening in
-- order, so a restarted server replays the opening to its exact phase. The
-- stones an action places are stored as moves; an action with swap = 1
-- exchanged the players' colours (the games row's black and white players
-- were swapped in the same transaction). Clocks are each colour's main
-- time after the action, as for moves.

-- +goose Up
ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT 'none';

CREATE TABLE opening_actions (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq > 0),
    action         TEXT    NOT NULL,
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    swap           INTEGER NOT NULL DEFAULT 0,
    black_clock_ms INTEGER NOT NULL,
    white_clock_ms INTEGER NOT NULL,
    spent_ms       INTEGER NOT NULL,
    at             INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE opening_actions;
ALTER TABLE games DROP COLUMN opening;
