-- Account basics: a deleted account keeps its row (its games keep their
-- results) under an anonymous name, with deleted_at set; blocks are who
-- does not want challenges or chat from whom.

-- +goose Up
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;

CREATE TABLE blocks (
    blocker_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);

-- +goose Down
DROP TABLE blocks;
ALTER TABLE accounts DROP COLUMN deleted_at;
