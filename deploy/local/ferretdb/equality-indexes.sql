CREATE OR REPLACE FUNCTION public.brandradar_equality_index(idx oid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE tbl oid; key text; twin oid; options text[];
BEGIN
  SELECT i.indrelid, pg_get_indexdef(idx, 1, true) INTO tbl, key
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
   WHERE i.indexrelid = idx AND am.amname = 'btree';
  IF key IS NULL OR key !~ '^\(_jsonb -> ''[^'']+''::text\)$' THEN RETURN; END IF;
  SELECT i.indexrelid, c.reloptions INTO twin, options FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
   WHERE i.indrelid = tbl AND am.amname = 'gin' AND pg_get_indexdef(i.indexrelid, 1, true) = key;
  IF twin IS NULL THEN
    EXECUTE format('CREATE INDEX ON %s USING gin (%s) WITH (fastupdate = off)', tbl::regclass, key);
  ELSIF NOT coalesce('fastupdate=off' = ANY (options), false) THEN
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', twin::regclass);
    PERFORM gin_clean_pending_list(twin::regclass);
  END IF;
END $fn$;
CREATE OR REPLACE FUNCTION public.brandradar_on_create_index() RETURNS event_trigger LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  FOR r IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index' LOOP
    PERFORM public.brandradar_equality_index(r.objid);
  END LOOP;
END $fn$;
DROP EVENT TRIGGER IF EXISTS brandradar_equality_indexes;
CREATE EVENT TRIGGER brandradar_equality_indexes ON ddl_command_end WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION public.brandradar_on_create_index();
SELECT count(public.brandradar_equality_index(i.indexrelid)) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast');
