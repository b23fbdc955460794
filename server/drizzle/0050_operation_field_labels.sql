-- 操作日志's words for the fields of a call whose body is declared by data, not by a schema
-- (a plugin entity's add / edit / import: the entity's field labels, issue 32): written with
-- the row, so the detail names what was sent as the declaration did then. Null for every
-- built-in route (their words come from the route's body schema).
ALTER TABLE "sys_operation_log" ADD COLUMN "field_labels" jsonb;
