-- Competitions closed before their counts were kept (none of their entries has any): the
-- entries' counts as the close rule counts them (models/competition-standings.server.ts),
-- from the ratings as they stand now, so that later changes no longer move them.
UPDATE `competition_entries` SET `votes` = counted.`votes`, `points` = counted.`points`
FROM (
  SELECT e.`id` AS `entry_id`, count(r.`id`) AS `votes`, coalesce(sum(r.`rating`), 0) AS `points`
  FROM `competition_entries` e
  JOIN `competitions` c ON c.`id` = e.`competition_id`
  LEFT JOIN `ratings` r ON r.`build_id` = e.`build_id`
    AND r.`updated_at` >= c.`start_date` AND r.`updated_at` < c.`end_date`
    AND r.`user_id` NOT IN (SELECT j.`user_id` FROM `competition_jurors` j WHERE j.`competition_id` = c.`id`)
    AND NOT EXISTS (SELECT 1 FROM `rating_discounts` d WHERE d.`user_id` = r.`user_id`)
  WHERE c.`closed_at` IS NOT NULL
    AND e.`competition_id` NOT IN (SELECT `competition_id` FROM `competition_entries` WHERE `votes` IS NOT NULL)
  GROUP BY e.`id`
) AS counted
WHERE `competition_entries`.`id` = counted.`entry_id`;
