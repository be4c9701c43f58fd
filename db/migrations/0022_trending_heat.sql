CREATE TABLE `trending_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`since` integer NOT NULL,
	`at` integer NOT NULL,
	CONSTRAINT "trending_epoch_one_row" CHECK("trending_epoch"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `builds` ADD `trending_heat` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `builds_trending_idx` ON `builds` (`review_status`,`trending_heat`,`created_at`);--> statement-breakpoint
-- Trending (decision 018, models/trending.server.ts): heats count the activity of the
-- last 7 days and weigh it against their start (τ = 2 days); every build with activity
-- since gets its heat from its rows, as the write path recounts it.
INSERT INTO `trending_epoch` (`id`, `since`, `at`)
SELECT 1, t, t FROM (SELECT cast(unixepoch('subsec') * 1000 as integer) - 604800000 AS t);--> statement-breakpoint
UPDATE `builds` SET `trending_heat` = (
  SELECT coalesce(sum(heat), 0) FROM (
    SELECT r.rating / 5.0 * exp((r.updated_at - e.at) * 1.0 / 172800000) AS heat
    FROM ratings r, trending_epoch e WHERE r.build_id = builds.id AND r.updated_at >= e.since
    UNION ALL
    SELECT exp((c.created_at - e.at) * 1.0 / 172800000)
    FROM comments c, trending_epoch e
    WHERE c.build_id = builds.id AND c.created_at >= e.since AND c.deleted_at IS NULL AND c.is_ai = 0
  )
)
WHERE id IN (
  SELECT build_id FROM ratings WHERE updated_at >= (SELECT since FROM trending_epoch)
  UNION SELECT build_id FROM comments WHERE created_at >= (SELECT since FROM trending_epoch)
);
