ALTER TABLE `builds` ADD `roast_intensity` text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE `builds` ADD `roast_advice` text;--> statement-breakpoint
ALTER TABLE `temp_uploads` ADD `roast_intensity` text DEFAULT 'medium' NOT NULL;