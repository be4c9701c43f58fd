ALTER TABLE `build_photos` ADD `alt_by` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `photo_alt_by` text;