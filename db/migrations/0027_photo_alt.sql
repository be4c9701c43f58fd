ALTER TABLE `build_photos` ADD `alt` text;--> statement-breakpoint
ALTER TABLE `builds` ADD `photo_alt` text;