ALTER TABLE `builds` ADD `roast_provider` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_model` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_facts` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_opener` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `roasted_at` integer;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_failed_at` integer;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_requested_at` integer;--> statement-breakpoint
ALTER TABLE `builds` ADD `review_status` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `builds` ADD `review_reason` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `screening` text;--> statement-breakpoint
CREATE INDEX `builds_review_idx` ON `builds` (`review_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `builds_roast_opener_idx` ON `builds` (`roasted_at`) WHERE "builds"."roast_opener" is not null;--> statement-breakpoint
ALTER TABLE `jobs` ADD `key` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `lease_token` text;--> statement-breakpoint
CREATE INDEX `jobs_lease_idx` ON `jobs` (`status`,`lease_until`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_active_key_unique` ON `jobs` (`key`) WHERE "jobs"."key" is not null and "jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- Builds uploaded before the roast engine existed and still waiting get their roast job.
INSERT INTO `jobs` (`type`, `payload`, `key`) SELECT 'roast', json_object('buildId', `id`), 'roast:' || `id` FROM `builds` WHERE `roast` = '';
