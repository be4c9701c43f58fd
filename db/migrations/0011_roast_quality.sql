CREATE TABLE `reply_lines` (
	`comment_id` integer PRIMARY KEY NOT NULL,
	`thread_id` integer NOT NULL,
	`lines` text NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reply_lines_thread_idx` ON `reply_lines` (`thread_id`,`comment_id`);--> statement-breakpoint
CREATE TABLE `roast_lines` (
	`build_id` integer NOT NULL,
	`roasted_at` integer NOT NULL,
	`lines` text NOT NULL,
	PRIMARY KEY(`build_id`, `roasted_at`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `roast_lines_roasted_idx` ON `roast_lines` (`roasted_at`);--> statement-breakpoint
CREATE TABLE `roast_reactions` (
	`build_id` integer NOT NULL,
	`roasted_at` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reaction` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`build_id`, `roasted_at`, `user_id`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `roast_reactions_user_idx` ON `roast_reactions` (`user_id`);