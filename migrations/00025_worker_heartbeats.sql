-- +goose Up
-- A worker's sign of life (judge/liveness.go): each River client of a
-- worker writes now() here every second, on the connection that holds its
-- liveness lock. Its jobs are rescued only when its lock is gone AND this
-- is stale, so a worker that is merely reconnecting (the server restarted,
-- its connection was cut) keeps its jobs. A stopping worker deletes its
-- row; a killed one's is deleted a day later by the others.
CREATE TABLE worker_heartbeats (
    client_id text PRIMARY KEY,
    seen_at   timestamptz NOT NULL
);

-- +goose Down
DROP TABLE worker_heartbeats;
