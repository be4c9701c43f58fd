ALTER TABLE `notifications` ADD `read_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
-- What was recorded before the bell existed was mailed, or is about to be: it does not light the bell up.
UPDATE `notifications` SET `read_at` = `created_at`;
