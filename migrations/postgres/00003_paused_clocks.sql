-- The clocks a running game had when the server stopped gracefully: the
-- player to move is charged the time they had spent on it when the game is
-- restored. Valid only while the game has paused_ply moves (a later move
-- stores its own clocks).

-- +goose Up
ALTER TABLE games
    ADD COLUMN paused_ply      integer,
    ADD COLUMN paused_black_ms bigint,
    ADD COLUMN paused_white_ms bigint;

-- +goose Down
ALTER TABLE games
    DROP COLUMN paused_white_ms,
    DROP COLUMN paused_black_ms,
    DROP COLUMN paused_ply;
