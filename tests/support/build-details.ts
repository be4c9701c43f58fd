import { openAppDatabase } from './test-database';

/**
 * Gives a build of a running app its description, confirmed parts and tags,
 * written straight into its database as the owner's edits would save them.
 */
export function describeBuild(
  databasePath: string,
  buildId: number,
  { description, parts = [], tags = [] }: { description?: string; parts?: string[]; tags?: string[] },
): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.transaction(() => {
      if (description !== undefined) sqlite.prepare('update builds set description = ? where id = ?').run(description, buildId);
      const part = sqlite.prepare(
        "insert into build_parts (build_id, category, name, status, source, position) values (?, 'other', ?, 'confirmed', 'owner', ?)",
      );
      parts.forEach((name, index) => part.run(buildId, name, index + 1));
      const tag = sqlite.prepare('insert into build_tags (build_id, tag) values (?, ?)');
      for (const name of tags) tag.run(buildId, name);
    })();
  } finally {
    sqlite.close();
  }
}
