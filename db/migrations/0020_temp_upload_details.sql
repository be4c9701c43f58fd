CREATE TABLE `temp_upload_photos` (
	`temp_upload_id` text NOT NULL,
	`image_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`temp_upload_id`, `position`),
	FOREIGN KEY (`temp_upload_id`) REFERENCES `temp_uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `temp_upload_photos_image_idx` ON `temp_upload_photos` (`image_id`);--> statement-breakpoint
ALTER TABLE `temp_uploads` ADD `description` text;--> statement-breakpoint
ALTER TABLE `temp_uploads` ADD `tags` text DEFAULT '[]' NOT NULL;