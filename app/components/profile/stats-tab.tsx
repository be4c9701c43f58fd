type Stats = { totalBuilds: number; averageRating: number; totalComments: number };

export function StatsTab({ stats }: { stats: Stats }) {
  const items = [
    { label: 'Total Builds', value: String(stats.totalBuilds) },
    { label: 'Average Rating', value: stats.averageRating.toFixed(1) },
    { label: 'Total Comments', value: String(stats.totalComments) },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="panel p-6 text-center">
          <dt className="text-xs font-bold uppercase tracking-widest text-muted">{item.label}</dt>
          <dd className="display mt-2 text-4xl text-neon-cyan">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
