-- Guest sessions outlive a restart: a guest resumes its games with its token
-- like an account does. Guests have no account row, so the name is here.

-- +goose Up
CREATE TABLE guest_sessions (
    token_hash text        PRIMARY KEY,
    name       text        NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE INDEX guest_sessions_expires ON guest_sessions (expires_at);

-- +goose Down
DROP TABLE guest_sessions;
