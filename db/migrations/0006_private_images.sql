ALTER TABLE `images` ADD `published` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Before this migration every image's files were in the public folder: say so, and the
-- start-up reconciliation moves the files of images no listed build uses to the private one.
UPDATE `images` SET `published` = true;
