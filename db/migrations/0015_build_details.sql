CREATE TABLE `build_parts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`build_id` integer NOT NULL,
	`category` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `build_parts_build_idx` ON `build_parts` (`build_id`,`position`);--> statement-breakpoint
CREATE TABLE `build_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`build_id` integer NOT NULL,
	`image_id` integer NOT NULL,
	`position` integer NOT NULL,
	`review_status` text DEFAULT 'pending' NOT NULL,
	`review_reason` text,
	`screening` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "build_photos_position_range" CHECK("build_photos"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `build_photos_position_unique` ON `build_photos` (`build_id`,`position`);--> statement-breakpoint
CREATE INDEX `build_photos_image_idx` ON `build_photos` (`image_id`);--> statement-breakpoint
CREATE TABLE `build_tags` (
	`build_id` integer NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`build_id`, `tag`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `build_tags_tag_idx` ON `build_tags` (`tag`,`build_id`);--> statement-breakpoint
ALTER TABLE `builds` ADD `description` text;