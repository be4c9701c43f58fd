CREATE TABLE `leaderboard_standings` (
	`period` text NOT NULL,
	`position` integer NOT NULL,
	`build_id` integer NOT NULL,
	`votes` integer NOT NULL,
	`points` integer NOT NULL,
	`score` real NOT NULL,
	PRIMARY KEY(`period`, `position`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leaderboard_standings_build_idx` ON `leaderboard_standings` (`build_id`);