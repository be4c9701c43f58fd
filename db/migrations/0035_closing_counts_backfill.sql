-- Competitions closed before their counts were kept (none of their entries has any): the
-- entries' counts as the close rule counts them (models/competition-standings.server.ts),
-- from the ratings as they stand now, so that later changes no longer move them.
UPDATE `competition_entries` SET
  `votes` = (
    SELECT count(*) FROM `ratings` r, `competitions` c
    WHERE c.`id` = `competition_entries`.`competition_id` AND r.`build_id` = `competition_entries`.`build_id`
      AND r.`updated_at` >= c.`start_date` AND r.`updated_at` < c.`end_date`
      AND r.`user_id` NOT IN (SELECT j.`user_id` FROM `competition_jurors` j WHERE j.`competition_id` = c.`id`)
      AND NOT EXISTS (SELECT 1 FROM `rating_discounts` d WHERE d.`user_id` = r.`user_id`)
  ),
  `points` = (
    SELECT coalesce(sum(r.`rating`), 0) FROM `ratings` r, `competitions` c
    WHERE c.`id` = `competition_entries`.`competition_id` AND r.`build_id` = `competition_entries`.`build_id`
      AND r.`updated_at` >= c.`start_date` AND r.`updated_at` < c.`end_date`
      AND r.`user_id` NOT IN (SELECT j.`user_id` FROM `competition_jurors` j WHERE j.`competition_id` = c.`id`)
      AND NOT EXISTS (SELECT 1 FROM `rating_discounts` d WHERE d.`user_id` = r.`user_id`)
  )
WHERE `competition_id` IN (SELECT `id` FROM `competitions` WHERE `closed_at` IS NOT NULL)
  AND `competition_id` NOT IN (SELECT `competition_id` FROM `competition_entries` WHERE `votes` IS NOT NULL);
