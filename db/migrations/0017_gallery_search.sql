CREATE INDEX `builds_discussed_idx` ON `builds` (`review_status`,`comment_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_recent_idx` ON `comments` (`created_at`,`build_id`);--> statement-breakpoint
-- The gallery's search (decision 018): one row per listed build (rowid = builds.id) with
-- the words of its title, description, confirmed parts and tags (their slugs split at
-- the hyphens, so "white-build" is found by "white"). unicode61 splits "NH-D15" into
-- "nh" "d15", which a search for "NH-D15" or "nh d15" asks for as a phrase. Only listed
-- builds are indexed, so a search ranks its matches without reading the builds. The
-- index is contentless: the text stays in its own tables. Triggers keep it in step with
-- every write, in the writer's transaction.
CREATE VIRTUAL TABLE `builds_search` USING fts5(
  title, description, parts, tags,
  content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE VIEW `builds_search_source` AS
SELECT b.id, b.title, coalesce(b.description, '') AS description,
  (SELECT coalesce(group_concat(p.name, ' '), '') FROM build_parts p WHERE p.build_id = b.id AND p.status = 'confirmed') AS parts,
  (SELECT coalesce(group_concat(t.tag, ' '), '') FROM build_tags t WHERE t.build_id = b.id) AS tags
FROM builds b WHERE b.review_status = 'approved';
--> statement-breakpoint
CREATE TRIGGER `builds_search_insert` AFTER INSERT ON `builds` BEGIN
  DELETE FROM builds_search WHERE rowid IN (new.id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `builds_search_update` AFTER UPDATE OF title, description, review_status ON `builds` BEGIN
  DELETE FROM builds_search WHERE rowid IN (new.id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `builds_search_delete` AFTER DELETE ON `builds` BEGIN
  DELETE FROM builds_search WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `build_parts_search_insert` AFTER INSERT ON `build_parts` BEGIN
  DELETE FROM builds_search WHERE rowid IN (new.build_id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (new.build_id);
END;
--> statement-breakpoint
CREATE TRIGGER `build_parts_search_update` AFTER UPDATE ON `build_parts` BEGIN
  DELETE FROM builds_search WHERE rowid IN (old.build_id, new.build_id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (old.build_id, new.build_id);
END;
--> statement-breakpoint
CREATE TRIGGER `build_parts_search_delete` AFTER DELETE ON `build_parts` BEGIN
  DELETE FROM builds_search WHERE rowid IN (old.build_id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (old.build_id);
END;
--> statement-breakpoint
CREATE TRIGGER `build_tags_search_insert` AFTER INSERT ON `build_tags` BEGIN
  DELETE FROM builds_search WHERE rowid IN (new.build_id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (new.build_id);
END;
--> statement-breakpoint
CREATE TRIGGER `build_tags_search_delete` AFTER DELETE ON `build_tags` BEGIN
  DELETE FROM builds_search WHERE rowid IN (old.build_id);
  INSERT INTO builds_search(rowid, title, description, parts, tags)
  SELECT id, title, description, parts, tags FROM builds_search_source WHERE id IN (old.build_id);
END;
--> statement-breakpoint
-- Backfill: every listed build there is.
INSERT INTO builds_search(rowid, title, description, parts, tags)
SELECT id, title, description, parts, tags FROM builds_search_source;
