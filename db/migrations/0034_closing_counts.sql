ALTER TABLE `competition_entries` ADD `votes` integer;--> statement-breakpoint
ALTER TABLE `competition_entries` ADD `points` integer;