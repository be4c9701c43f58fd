import type { AchievementView } from '~/domain/progression';
import { AchievementIcon } from '~/components/progression/achievement-icon';
import { shortDate } from '~/utils/dates';
import { PLACES } from '~/utils/places';

export type AchievementData = Omit<AchievementView, 'earnedAt'> & { earnedAt: number | null };

/**
 * Every achievement: earned ones lit with their date, locked ones dimmed with how
 * to earn them; or, on a member's public page (`earnedOnly`), what they earned.
 */
export function AchievementGrid({ achievements, earnedOnly = false }: { achievements: AchievementData[]; earnedOnly?: boolean }) {
  const earned = achievements.filter((achievement) => achievement.earnedAt !== null);
  const shown = earnedOnly ? earned : achievements;
  return (
    <section aria-labelledby="achievements-heading" className="grid gap-4">
      <h2 id={PLACES.achievements} className="flex items-baseline justify-between text-lg font-bold">
        Achievements
        <span className="text-sm font-normal text-muted">
          {earnedOnly ? `${earned.length} earned` : `${earned.length} of ${achievements.length} earned`}
        </span>
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">None earned yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {shown.map((achievement) => {
            const { earnedAt } = achievement;
            const locked = earnedAt === null;
            return (
              <li
                key={achievement.code}
                className={`flex flex-col items-center gap-2 rounded-xl border p-4 text-center ${
                  locked ? 'border-dashed border-line bg-panel' : 'border-neon-lime/50 bg-neon-lime/10'
                }`}
              >
                <span
                  className={`grid size-12 place-items-center rounded-full ${locked ? 'bg-panel-2 text-muted opacity-70' : 'bg-void text-neon-lime'}`}
                >
                  <AchievementIcon icon={achievement.icon} className="size-7" />
                </span>
                <h3 className={`font-bold ${locked ? 'text-muted' : 'text-ink'}`}>{achievement.name}</h3>
                <p className="text-xs text-muted">{achievement.description}</p>
                <p className={`text-xs font-semibold ${locked ? 'text-muted' : 'text-neon-lime'}`}>
                  {earnedAt === null ? (
                    'Locked'
                  ) : (
                    <>
                      Earned <time dateTime={new Date(earnedAt).toISOString()}>{shortDate(earnedAt)}</time>
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
