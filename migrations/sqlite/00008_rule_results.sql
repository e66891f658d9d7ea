-- Wins, losses and draws per rule, beside each rule's rating: what a rule's
-- leaderboard shows (accounts.wins/losses/draws count every rule and casual
-- games too). They count the rated games of the rule, as rated_games does,
-- and are derived here from the stored history: the games that changed both
-- players' ratings, each counted for the colour its player ended with (an
-- opening's swaps already exchanged the games row's players). A game an
-- older server rates after this migration ran ahead of it (gomoku-server
-- migrate) moves rated_games but not these.

-- +goose Up
ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN losses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;

UPDATE ratings SET
    wins = (SELECT COUNT(*) FROM games g WHERE g.rule = ratings.rule
        AND g.black_after_rating IS NOT NULL AND g.white_after_rating IS NOT NULL
        AND ((g.black_account_id = ratings.account_id AND g.winner = 'black')
            OR (g.white_account_id = ratings.account_id AND g.winner = 'white'))),
    losses = (SELECT COUNT(*) FROM games g WHERE g.rule = ratings.rule
        AND g.black_after_rating IS NOT NULL AND g.white_after_rating IS NOT NULL
        AND ((g.black_account_id = ratings.account_id AND g.winner = 'white')
            OR (g.white_account_id = ratings.account_id AND g.winner = 'black'))),
    draws = (SELECT COUNT(*) FROM games g WHERE g.rule = ratings.rule
        AND g.black_after_rating IS NOT NULL AND g.white_after_rating IS NOT NULL
        AND (g.black_account_id = ratings.account_id OR g.white_account_id = ratings.account_id)
        AND COALESCE(g.winner, '') NOT IN ('black', 'white'));

-- +goose Down
ALTER TABLE ratings DROP COLUMN draws;
ALTER TABLE ratings DROP COLUMN losses;
ALTER TABLE ratings DROP COLUMN wins;
