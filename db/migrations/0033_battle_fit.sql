CREATE TABLE `battle_fit` (
	`id` integer PRIMARY KEY NOT NULL,
	`fitted_at` integer NOT NULL,
	CONSTRAINT "battle_fit_one_row" CHECK("battle_fit"."id" = 1)
);
--> statement-breakpoint
-- The last fit is when its standings were stamped: a site keeps its pairs and its quiet refits.
INSERT INTO `battle_fit` (`id`, `fitted_at`) SELECT 1, max(`fitted_at`) FROM `battle_standings` WHERE `fitted_at` IS NOT NULL HAVING count(*) > 0;--> statement-breakpoint
DROP INDEX `battle_standings_fitted_idx`;--> statement-breakpoint
ALTER TABLE `battle_standings` DROP COLUMN `fitted_at`;
