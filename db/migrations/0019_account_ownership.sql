ALTER TABLE `login_codes` ADD `purpose` text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `marketing_opted_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `marketing_opted_out_at` integer;--> statement-breakpoint
-- "News and offers" was on by default and nobody chose it: no member has opted in yet (issue 36).
UPDATE `users` SET `email_preferences` = json_set(`email_preferences`, '$.marketing', json('false'));
