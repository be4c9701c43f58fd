import { type AchievementData, AchievementGrid } from './achievement-grid';
import { type ProgressionData, ProgressionPanel } from './progression-panel';

type Stats = { totalBuilds: number; averageRating: number; totalComments: number };

/** The member's progression (level, experience, reputation, streak, achievements) and their builds' totals. */
export function StatsTab({ stats, progression }: { stats: Stats; progression: ProgressionData & { achievements: AchievementData[] } }) {
  const items = [
    { label: 'Total Builds', value: String(stats.totalBuilds) },
    { label: 'Average Rating', value: stats.averageRating.toFixed(1) },
    { label: 'Total Comments', value: String(stats.totalComments) },
  ];
  return (
    <div className="grid gap-6">
      <ProgressionPanel progression={progression} />
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="panel p-6 text-center">
            <dt className="text-xs font-bold uppercase tracking-widest text-muted">{item.label}</dt>
            <dd className="display mt-2 text-4xl text-neon-cyan">{item.value}</dd>
          </div>
        ))}
      </dl>
      <AchievementGrid achievements={progression.achievements} />
    </div>
  );
}
