ALTER TABLE `customers` ADD `billing_day` integer;--> statement-breakpoint
ALTER TABLE `plans` ADD `per_week` integer;--> statement-breakpoint
ALTER TABLE `plans` ADD `per_month` integer;--> statement-breakpoint
ALTER TABLE `plans` ADD `resources` text DEFAULT '{}' NOT NULL;