-- docs/product.md §13 Audit log: append-only also against TRUNCATE (which fires no row or
-- UPDATE/DELETE trigger). Same function as the UPDATE/DELETE trigger of 0014.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
