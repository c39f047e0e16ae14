-- Issue 24: the public rate limits (PUBLIC_RATE_LIMIT) counted in the database, so that several
-- app instances behind one proxy share one count per client address and route. One row per
-- (route, address) and fixed window; the window is timed by the database's clock, which every
-- instance shares. UNLOGGED: a counter lost in a crash costs at most one minute's allowance and
-- is not worth the write-ahead log of every public request. The embedded database (one process)
-- keeps its counters in memory and leaves this table empty.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits > 0),
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends_at);
