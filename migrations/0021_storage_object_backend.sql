-- Which blob backend holds a stored file's bytes (decision 0102): 'local' (<data dir>/storage) or 's3'. NULL for
-- files written before this migration: on local disk unless the server already used S3 then. A signed link to a file
-- whose bytes are on another backend than the configured one says so; `switchboard storage migrate` copies them.
ALTER TABLE storage_objects ADD COLUMN backend text;
