ALTER TABLE `competitions` ADD `closed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `competition_entries_member_unique` ON `competition_entries` (`competition_id`,`user_id`);