CREATE TABLE `integrity_scans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scanned_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`findings` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rating_discounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`by_id` integer,
	`by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `ratings` ADD `network` text;--> statement-breakpoint
CREATE INDEX `ratings_build_stars_idx` ON `ratings` (`build_id`,`rating`,`updated_at`);