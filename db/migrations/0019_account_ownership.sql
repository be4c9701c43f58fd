ALTER TABLE `login_codes` ADD `purpose` text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `marketing_opted_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `marketing_opted_out_at` integer;
