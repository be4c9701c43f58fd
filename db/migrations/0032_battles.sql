CREATE TABLE `battle_rank_history` (
	`day` integer NOT NULL,
	`build_id` integer NOT NULL,
	`rank` integer NOT NULL,
	PRIMARY KEY(`day`, `build_id`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_rank_history_build_idx` ON `battle_rank_history` (`build_id`);--> statement-breakpoint
CREATE TABLE `battle_standings` (
	`build_id` integer PRIMARY KEY NOT NULL,
	`estimate` real NOT NULL,
	`sd` real NOT NULL,
	`conservative` real NOT NULL,
	`votes` integer NOT NULL,
	`fitted_at` integer NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_standings_rank_idx` ON `battle_standings` (`conservative`);--> statement-breakpoint
CREATE INDEX `battle_standings_fitted_idx` ON `battle_standings` (`fitted_at`);--> statement-breakpoint
CREATE TABLE `battle_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`voter_id` integer NOT NULL,
	`build_low` integer NOT NULL,
	`build_high` integer NOT NULL,
	`outcome` text NOT NULL,
	`network` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`voter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`build_low`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`build_high`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "battle_votes_pair_order" CHECK("battle_votes"."build_low" < "battle_votes"."build_high")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `battle_votes_pair_unique` ON `battle_votes` (`voter_id`,`build_low`,`build_high`);--> statement-breakpoint
CREATE INDEX `battle_votes_low_idx` ON `battle_votes` (`build_low`);--> statement-breakpoint
CREATE INDEX `battle_votes_high_idx` ON `battle_votes` (`build_high`);--> statement-breakpoint
CREATE INDEX `battle_votes_created_idx` ON `battle_votes` (`created_at`);