CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`list` text NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`build_id` integer,
	`comment_id` integer,
	`competition_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`handled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_ref_unique` ON `notifications` (`user_id`,`ref`);--> statement-breakpoint
CREATE INDEX `notifications_pending_idx` ON `notifications` (`user_id`,`list`,`status`);--> statement-breakpoint
CREATE INDEX `notifications_handled_idx` ON `notifications` (`status`,`handled_at`);