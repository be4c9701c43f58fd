CREATE TABLE `pending_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`build_id` integer NOT NULL,
	`parent_comment_id` integer,
	`content` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_comments_expires_idx` ON `pending_comments` (`expires_at`);