CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`build_id` integer,
	`comment_id` integer,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reports_one_target" CHECK(("reports"."build_id" is null) <> ("reports"."comment_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_build_unique` ON `reports` (`reporter_id`,`build_id`) WHERE "reports"."build_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_comment_unique` ON `reports` (`reporter_id`,`comment_id`) WHERE "reports"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`created_at`);