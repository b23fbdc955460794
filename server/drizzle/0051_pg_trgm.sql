-- Trigram indexes for the 包含 (LIKE '%…%') filters of plugin entities' text fields (issue 32:
-- a declared entity's filter within 20 % of 用户管理's CPU per call): without one a filter that
-- matches few rows reads the whole table for its page and its total. pg_trgm is one of
-- PostgreSQL's trusted contrib extensions (a database owner may create it); PGlite loads it
-- (server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
