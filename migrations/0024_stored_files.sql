-- Issue 24 (decision 0026): stored files in the database when it is a shared PostgreSQL.
--
-- * One row per object in stored_files (bucket, path, size, SHA-256) and its bytes in
--   stored_file_chunks, 256 KiB a row, numbered from 0. A file is written in one transaction,
--   so it is either whole or absent; (bucket, path) is unique, so nothing is ever replaced.
-- * Plain tables, not large objects: they are read by the backup like every other table and
--   copied by any dump, and removing a file's row removes its chunks (ON DELETE CASCADE).
-- * Chunk bytes are images and PDFs that are compressed already: stored without trying to
--   compress them again (STORAGE EXTERNAL).
-- * Not in the audit trail: the row that points to a file (a payment, a photo) is.

CREATE TABLE stored_files (
  file_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL CHECK (bucket ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  path text NOT NULL CHECK (char_length(path) BETWEEN 1 AND 500),
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stored_files_bucket_path UNIQUE (bucket, path)
);

CREATE TABLE stored_file_chunks (
  file_id bigint NOT NULL REFERENCES stored_files (file_id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (file_id, n)
);
ALTER TABLE stored_file_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
