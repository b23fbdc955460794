-- receipt_changes.changed_at (0034) defaulted to now(), the start of the writing transaction:
-- the rows of a transaction open longer than the purge age (10 minutes) were already "old" when
-- it committed, and the next purge could delete them before every process had read them (each
-- then building its search index anew). clock_timestamp() is the time the statement's trigger
-- wrote them. The trigger (0034) leaves the column to its default.
ALTER TABLE "receipt_changes" ALTER COLUMN "changed_at" SET DEFAULT clock_timestamp();
