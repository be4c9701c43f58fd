CREATE TABLE `experience_awards` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`day` integer NOT NULL,
	`points` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `subject_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experience_awards_day_idx` ON `experience_awards` (`user_id`,`kind`,`day`);--> statement-breakpoint
CREATE INDEX `experience_awards_prune_idx` ON `experience_awards` (`day`);--> statement-breakpoint
ALTER TABLE `users` ADD `streak_day` integer;--> statement-breakpoint
-- The achievement catalogue (decision 011); icon_url names one of our own inline SVG icons.
INSERT INTO `achievement_types` (`code`, `name`, `description`, `icon_url`, `category`, `threshold`) VALUES
  ('first-build', 'First Build', 'Share a build that passes screening.', 'rig', 'builds', 1),
  ('five-builds', 'Collector', 'Share 5 builds that pass screening.', 'stack', 'builds', 5),
  ('first-roast', 'Roasted', 'Get your first build roasted by RoastBot.', 'flame', 'builds', 1),
  ('first-comment', 'Conversation Starter', 'Comment on another member''s build.', 'bubble', 'community', 1),
  ('ratings-given-10', 'Critic', 'Rate 10 other members'' builds.', 'star', 'community', 10),
  ('ratings-received-10', 'Crowd Pleaser', 'Receive 10 ratings on your builds.', 'heart', 'community', 10),
  ('streak-7', 'On Fire', 'Take part 7 days in a row (UTC days).', 'calendar', 'streaks', 7),
  ('leaderboard-top-10', 'Top 10', 'Get a build into the top 10 of any leaderboard.', 'chart', 'leaderboards', 10),
  ('competition-entrant', 'Contender', 'Enter a competition.', 'flag', 'competitions', 1),
  ('competition-podium', 'Podium', 'Finish a competition in the top 3.', 'medal', 'competitions', 3),
  ('competition-winner', 'Champion', 'Win a competition.', 'crown', 'competitions', 1),
  ('level-5', 'Rising Star', 'Reach level 5.', 'bolt', 'levels', 5),
  ('level-10', 'Veteran', 'Reach level 10.', 'shield', 'levels', 10);
--> statement-breakpoint
-- Backfill: what members did before progression existed earns what it would have
-- earned, capped per UTC day as it is now (each kind's points are equal, so the
-- n-th award of a day gets min(points, cap − (n − 1) · points), never below 0).
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT user_id, 'build-listed', id, day, max(0, min(50, 150 - (n - 1) * 50)) FROM (
  SELECT user_id, id, created_at / 86400000 AS day,
    row_number() OVER (PARTITION BY user_id, created_at / 86400000 ORDER BY created_at, id) AS n
  FROM `builds` WHERE review_status = 'approved');
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT user_id, 'rating-given', build_id, day, max(0, min(2, 20 - (n - 1) * 2)) FROM (
  SELECT user_id, build_id, created_at / 86400000 AS day,
    row_number() OVER (PARTITION BY user_id, created_at / 86400000 ORDER BY created_at, id) AS n
  FROM `ratings`);
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT owner_id, 'rating-received', id, day, max(0, min(5, 100 - (n - 1) * 5)) FROM (
  SELECT b.user_id AS owner_id, r.id, r.created_at / 86400000 AS day,
    row_number() OVER (PARTITION BY b.user_id, r.created_at / 86400000 ORDER BY r.created_at, r.id) AS n
  FROM `ratings` r JOIN `builds` b ON b.id = r.build_id);
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT user_id, 'comment-given', id, day, max(0, min(3, 30 - (n - 1) * 3)) FROM (
  SELECT c.user_id, c.id, c.created_at / 86400000 AS day,
    row_number() OVER (PARTITION BY c.user_id, c.created_at / 86400000 ORDER BY c.created_at, c.id) AS n
  FROM `comments` c JOIN `builds` b ON b.id = c.build_id
  WHERE c.user_id IS NOT NULL AND c.is_ai = 0 AND c.deleted_at IS NULL AND c.user_id <> b.user_id);
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT user_id, 'competition-entry', competition_id, min(created_at) / 86400000, 25
FROM `competition_entries` GROUP BY user_id, competition_id;
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT e.user_id, 'competition-placement', e.competition_id, c.end_date / 86400000,
  max(CASE e.placement WHEN 1 THEN 200 WHEN 2 THEN 120 ELSE 80 END)
FROM `competition_entries` e JOIN `competitions` c ON c.id = e.competition_id
WHERE e.placement BETWEEN 1 AND 3 GROUP BY e.user_id, e.competition_id;
--> statement-breakpoint
-- Achievements earned so far, dated when they were earned where the data says.
INSERT INTO `user_achievements` (`user_id`, `achievement_type_id`, `earned_at`)
SELECT earned.user_id, t.id, earned.at FROM (
  SELECT 'first-build' AS code, user_id, at FROM (
    SELECT user_id, created_at AS at, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n
    FROM `builds` WHERE review_status = 'approved') WHERE n = 1
  UNION ALL SELECT 'five-builds', user_id, at FROM (
    SELECT user_id, created_at AS at, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n
    FROM `builds` WHERE review_status = 'approved') WHERE n = 5
  UNION ALL SELECT 'first-roast', user_id, min(roasted_at) FROM `builds` WHERE roasted_at IS NOT NULL GROUP BY user_id
  UNION ALL SELECT 'first-comment', c.user_id, min(c.created_at) FROM `comments` c JOIN `builds` b ON b.id = c.build_id
    WHERE c.user_id IS NOT NULL AND c.is_ai = 0 AND c.deleted_at IS NULL AND c.user_id <> b.user_id GROUP BY c.user_id
  UNION ALL SELECT 'ratings-given-10', user_id, at FROM (
    SELECT user_id, created_at AS at, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n FROM `ratings`) WHERE n = 10
  UNION ALL SELECT 'ratings-received-10', user_id, at FROM (
    SELECT b.user_id, r.created_at AS at, row_number() OVER (PARTITION BY b.user_id ORDER BY r.created_at, r.id) AS n
    FROM `ratings` r JOIN `builds` b ON b.id = r.build_id) WHERE n = 10
  UNION ALL SELECT DISTINCT 'leaderboard-top-10', b.user_id, cast(unixepoch('subsec') * 1000 AS integer)
    FROM `leaderboard_standings` s JOIN `builds` b ON b.id = s.build_id WHERE s.position <= 10 AND b.review_status = 'approved'
  UNION ALL SELECT 'competition-entrant', user_id, min(created_at) FROM `competition_entries` GROUP BY user_id
  UNION ALL SELECT 'competition-podium', e.user_id, min(c.end_date) FROM `competition_entries` e
    JOIN `competitions` c ON c.id = e.competition_id WHERE e.placement BETWEEN 1 AND 3 GROUP BY e.user_id
  UNION ALL SELECT 'competition-winner', e.user_id, min(c.end_date) FROM `competition_entries` e
    JOIN `competitions` c ON c.id = e.competition_id WHERE e.placement = 1 GROUP BY e.user_id
) earned JOIN `achievement_types` t ON t.code = earned.code
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT user_id, 'achievement', achievement_type_id, earned_at / 86400000, 25 FROM `user_achievements`;
--> statement-breakpoint
UPDATE `users` SET `experience` = coalesce((SELECT sum(points) FROM `experience_awards` a WHERE a.user_id = users.id), 0);
--> statement-breakpoint
-- Level L starts at 25·L·(L − 1) experience.
UPDATE `users` SET `level` = (
  SELECT max(n) FROM (WITH RECURSIVE lv(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM lv WHERE n < 1000) SELECT n FROM lv)
  WHERE 25 * n * (n - 1) <= users.experience);
--> statement-breakpoint
INSERT INTO `user_achievements` (`user_id`, `achievement_type_id`, `earned_at`)
SELECT u.id, t.id, cast(unixepoch('subsec') * 1000 AS integer) FROM `users` u JOIN `achievement_types` t
  ON (t.code = 'level-5' AND u.level >= 5) OR (t.code = 'level-10' AND u.level >= 10)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `experience_awards` (`user_id`, `kind`, `subject_id`, `day`, `points`)
SELECT ua.user_id, 'achievement', ua.achievement_type_id, ua.earned_at / 86400000, 25 FROM `user_achievements` ua
  JOIN `achievement_types` t ON t.id = ua.achievement_type_id WHERE t.code IN ('level-5', 'level-10')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE `users` SET `experience` = coalesce((SELECT sum(points) FROM `experience_awards` a WHERE a.user_id = users.id), 0);
--> statement-breakpoint
UPDATE `users` SET `level` = (
  SELECT max(n) FROM (WITH RECURSIVE lv(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM lv WHERE n < 1000) SELECT n FROM lv)
  WHERE 25 * n * (n - 1) <= users.experience);
--> statement-breakpoint
UPDATE `users` SET `reputation` = max(0, coalesce((
  SELECT sum(r.rating - 2) FROM `ratings` r JOIN `builds` b ON b.id = r.build_id WHERE b.user_id = users.id), 0));
