CREATE INDEX `competitions_badge_idx` ON `competitions` (`badge_url`);--> statement-breakpoint
CREATE INDEX `users_avatar_idx` ON `users` (`avatar_url`);