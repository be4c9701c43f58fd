CREATE TABLE `former_usernames` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`username_key` text NOT NULL,
	`renamed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `former_usernames_key_idx` ON `former_usernames` (`username_key`,`renamed_at`);--> statement-breakpoint
CREATE INDEX `former_usernames_user_idx` ON `former_usernames` (`user_id`);