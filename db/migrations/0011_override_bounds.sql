CREATE TABLE `override_bounds` (
	`customer_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`part` text NOT NULL,
	`rule` text NOT NULL,
	`field` text NOT NULL,
	`value` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `override_bounds_lookup` ON `override_bounds` (`plan_id`,`part`,`field`,`rule`,`value`);--> statement-breakpoint
CREATE INDEX `override_bounds_customer` ON `override_bounds` (`customer_id`);--> statement-breakpoint
DROP INDEX `customers_overridden`;--> statement-breakpoint
-- What the overrides of the customers made before this migration ask of their plans, as the service writes it for every
-- customer since (api/src/domain/override-bounds.ts boundsOf; db/override-bounds-migration.test.ts holds them equal).
-- One statement a rule: D1 takes at most five terms in a compound SELECT (VALUES rows count as terms too).
-- Each customer's own overrides (part "") and each resource's.
CREATE VIEW `override_parts_0011` AS
SELECT id AS customer_id, plan_id, '' AS part, overrides AS o FROM customers WHERE json_type(overrides) = 'object'
UNION ALL
SELECT c.id, c.plan_id, r.key, r.value FROM customers AS c, json_each(c.overrides, '$.resources') AS r
WHERE json_type(c.overrides, '$.resources') = 'object';
--> statement-breakpoint
-- Each kind (as LIMIT_KINDS has them: field, rank, null when compared with none, and bit, 2 ^ place) in each part: t is
-- null when the overrides leave it to the plan, 'null' when they take it away.
CREATE VIEW `override_vals_0011` AS
SELECT p.customer_id, p.plan_id, p.part, k.field, k.rank, k.bit, json_type(p.o, '$.' || k.field) AS t,
  json_extract(p.o, '$.' || k.field) AS v
FROM override_parts_0011 AS p, (
  SELECT json_extract(value, '$[0]') AS field, json_extract(value, '$[1]') AS rank, json_extract(value, '$[2]') AS bit
  FROM json_each('[["burst",0,1],["perMinute",0,2],["perHour",1,4],["perDay",2,8],["perWeek",3,16],["perMonth",4,32],["concurrent",null,64]]')
) AS k;
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT b.customer_id, b.plan_id, b.part, 'atLeast', b.field, max(a.v)
FROM override_vals_0011 AS b JOIN override_vals_0011 AS a
  ON a.customer_id = b.customer_id AND a.part = b.part AND a.t = 'integer' AND a.rank < b.rank
WHERE b.t IS NULL AND b.rank IS NOT NULL
GROUP BY b.customer_id, b.part, b.field;
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT b.customer_id, b.plan_id, b.part, 'atMost', b.field, min(a.v)
FROM override_vals_0011 AS b JOIN override_vals_0011 AS a
  ON a.customer_id = b.customer_id AND a.part = b.part AND a.t = 'integer' AND a.rank > b.rank
WHERE b.t IS NULL AND b.rank IS NOT NULL
GROUP BY b.customer_id, b.part, b.field;
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT customer_id, plan_id, part, 'needs', 'perMinute', 0 FROM override_parts_0011
WHERE json_type(o, '$.burst') = 'integer' AND json_type(o, '$.perMinute') IS NULL;
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT customer_id, plan_id, part, 'atMost', 'burst', 0 FROM override_parts_0011
WHERE json_type(o, '$.burst') IS NULL AND json_type(o, '$.perMinute') = 'null';
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT customer_id, plan_id, part, 'oneOf', '', sum(CASE WHEN t IS NULL THEN bit ELSE 0 END) FROM override_vals_0011
GROUP BY customer_id, part
HAVING count(CASE WHEN t = 'integer' THEN 1 END) = 0 AND (part <> '' OR sum(CASE WHEN t IS NULL THEN bit ELSE 0 END) <> 127);
--> statement-breakpoint
INSERT INTO override_bounds (customer_id, plan_id, part, rule, field, value)
SELECT id, plan_id, '', 'resources', '', (SELECT count(*) FROM json_each(overrides, '$.resources')) FROM customers
WHERE json_type(overrides, '$.resources') = 'object' AND (SELECT count(*) FROM json_each(overrides, '$.resources')) > 0;
--> statement-breakpoint
DROP VIEW `override_vals_0011`;
--> statement-breakpoint
DROP VIEW `override_parts_0011`;
