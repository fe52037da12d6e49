-- The search rows of the customers made before the search (0003), as the service writes them for every customer since
-- (api/src/config/customer-search.ts): the starts of the id's search text, and of the name's from each word on. One
-- difference: SQLite's lower() folds ASCII letters only, so a name made before with a capital beyond ASCII ("Ärzte")
-- is found by that letter as written until its next rename.
INSERT OR IGNORE INTO customer_prefixes (customer_id, prefix, created_at)
WITH RECURSIVE
  texts(customer_id, created_at, kind, text) AS (
    SELECT id, created_at, 'id', lower(id) FROM customers
    UNION ALL
    SELECT id, created_at, 'name', lower(name) FROM customers
  ),
  -- Each text read one character at a time into its search text: letters, digits and every character beyond ASCII
  -- kept, each run of other characters one space, none at the start.
  walk(customer_id, created_at, kind, rest, done) AS (
    SELECT customer_id, created_at, kind, text, '' FROM texts
    UNION ALL
    SELECT customer_id, created_at, kind, substr(rest, 2),
      CASE
        WHEN substr(rest, 1, 1) GLOB '[a-z0-9]' OR unicode(substr(rest, 1, 1)) > 127 THEN done || substr(rest, 1, 1)
        WHEN done = '' OR done GLOB '* ' THEN done
        ELSE done || ' '
      END
    FROM walk WHERE rest <> ''
  ),
  -- Where a search may start: the id's search text whole, the name's at each word.
  starts(customer_id, created_at, kind, text) AS (
    SELECT customer_id, created_at, kind, rtrim(done, ' ') FROM walk WHERE rest = '' AND rtrim(done, ' ') <> ''
    UNION ALL
    SELECT customer_id, created_at, kind, substr(text, instr(text, ' ') + 1) FROM starts
    WHERE kind = 'name' AND instr(text, ' ') > 0
  ),
  prefixes(customer_id, created_at, text, n) AS (
    SELECT customer_id, created_at, text, 1 FROM starts
    UNION ALL
    SELECT customer_id, created_at, text, n + 1 FROM prefixes WHERE n < length(text)
  )
-- None ends in the space between two words: a search never does.
SELECT customer_id, substr(text, 1, n), created_at FROM prefixes WHERE substr(text, n, 1) <> ' ';
