CREATE TABLE `member_appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`suspension_id` integer,
	`strike_id` integer,
	`message` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	`staff_id` integer,
	`staff_name` text,
	`reply` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suspension_id`) REFERENCES `member_suspensions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`strike_id`) REFERENCES `member_strikes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "member_appeals_one_target" CHECK(("member_appeals"."suspension_id" is null) <> ("member_appeals"."strike_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_appeals_suspension_unique` ON `member_appeals` (`suspension_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `member_appeals_strike_unique` ON `member_appeals` (`strike_id`);--> statement-breakpoint
CREATE INDEX `member_appeals_status_idx` ON `member_appeals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `member_appeals_user_idx` ON `member_appeals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`staff_id` integer,
	`staff_name` text NOT NULL,
	`reason` text NOT NULL,
	`until` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`lifted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_suspensions_user_idx` ON `member_suspensions` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `member_strikes` ADD `lifted_at` integer;--> statement-breakpoint
-- A suspension set before this table existed gets its row, with the reason and staff member of its last
-- audit row ("Until <date>, <time> UTC: <reason>"), so its member reads why and may appeal it.
INSERT INTO `member_suspensions` (`user_id`, `staff_id`, `staff_name`, `reason`, `until`, `created_at`)
SELECT `users`.`id`, `audit_log`.`actor_id`, coalesce(`audit_log`.`actor_name`, 'staff'),
	CASE WHEN instr(`audit_log`.`details`, ' UTC: ') > 0 THEN substr(`audit_log`.`details`, instr(`audit_log`.`details`, ' UTC: ') + 6)
		ELSE coalesce(`audit_log`.`details`, '') END,
	`users`.`suspended_until`, coalesce(`audit_log`.`created_at`, cast(unixepoch('subsec') * 1000 as integer))
FROM `users`
LEFT JOIN `audit_log` ON `audit_log`.`id` = (
	SELECT max(`id`) FROM `audit_log` WHERE `action` = 'suspend-member' AND `target_type` = 'user' AND `target_id` = `users`.`id`
)
WHERE `users`.`suspended_until` IS NOT NULL;
