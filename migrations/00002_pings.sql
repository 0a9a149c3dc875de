-- +goose Up
-- One row per executed ping job: the end-to-end proof that the queue works
-- (`arena ping`), and what the multi-process test counts to check exactly-once.
CREATE TABLE pings (
    job_id    bigint PRIMARY KEY,
    worker    text        NOT NULL,
    worked_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE pings;
