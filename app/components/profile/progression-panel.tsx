import type { Progression } from '~/domain/progression';
import { LevelBadge } from '~/components/progression/level-badge';

export type ProgressionData = Omit<Progression, 'achievements'>;

/** The member's level and the way to the next, with their experience, reputation and streak. */
export function ProgressionPanel({ progression }: { progression: ProgressionData }) {
  const { level, experience, levelStartsAt, nextLevelAt, percent, reputation, streak } = progression;
  const items = [
    { label: 'Experience', value: experience.toLocaleString('en-GB') },
    { label: 'Reputation', value: reputation.toLocaleString('en-GB') },
    { label: 'Day streak', value: String(streak) },
  ];
  return (
    <section aria-labelledby="progression-heading" className="panel grid gap-5 p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progression-heading" className="display text-3xl text-neon-lime">
          Level {level}
        </h2>
        <p className="text-sm text-muted">
          {(nextLevelAt - experience).toLocaleString('en-GB')} XP to level {level + 1}
        </p>
      </div>
      <div>
        <div
          role="progressbar"
          aria-label={`Progress to level ${level + 1}`}
          aria-valuemin={levelStartsAt}
          aria-valuemax={nextLevelAt}
          aria-valuenow={experience}
          aria-valuetext={`${experience} of ${nextLevelAt} experience`}
          className="h-3 overflow-hidden rounded-full border border-line bg-void"
        >
          <div className="h-full rounded-full bg-neon-lime" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 flex justify-between text-xs text-muted">
          <span className="flex items-center gap-1">
            <LevelBadge level={level} /> {levelStartsAt.toLocaleString('en-GB')} XP
          </span>
          <span className="flex items-center gap-1">
            <LevelBadge level={level + 1} /> {nextLevelAt.toLocaleString('en-GB')} XP
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {items.map((item) => (
          <div key={item.label} className="min-w-0 rounded-xl border border-line bg-panel-2 px-1 py-3 text-center">
            <dt className="text-[0.65rem] font-bold uppercase tracking-wide text-muted sm:text-xs sm:tracking-widest">{item.label}</dt>
            <dd className="display mt-1 text-2xl text-ink">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
