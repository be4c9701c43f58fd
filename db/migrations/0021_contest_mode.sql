CREATE TABLE `competition_jurors` (
	`competition_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`competition_id`, `user_id`),
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competition_jurors_user_idx` ON `competition_jurors` (`user_id`);--> statement-breakpoint
ALTER TABLE `competition_entries` ADD `jury_placement` integer;--> statement-breakpoint
ALTER TABLE `competitions` ADD `series` text;--> statement-breakpoint
CREATE INDEX `competitions_series_idx` ON `competitions` (`series`);