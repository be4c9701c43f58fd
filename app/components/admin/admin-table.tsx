import type { ReactNode } from 'react';

export type AdminRow = { key: string | number; cells: ReactNode[] };

/**
 * A table whose rows become labelled cards on a phone (each cell names its
 * column), so every action stays in reach without scrolling sideways.
 */
export function AdminTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: AdminRow[];
  /** Shown instead when there are no rows. */ empty: string;
}) {
  if (rows.length === 0) return <p className="panel p-8 text-center text-muted">{empty}</p>;
  return (
    <div className="panel">
      <table className="admin-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={headers[index]} data-label={headers[index]}>
                  {/* A number (an id, a count) is the site's: it stays whole beside a member's longest word. */}
                  {typeof cell === 'number' ? <span className="whitespace-nowrap tabular-nums">{cell}</span> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Names this long fit a staff table's column whole at a desktop's width. */
const NAME_KEPT_WHOLE = 20;

/**
 * How a member's name in a staff table's cell wraps: whole, as most names are short
 * enough to be, so a long note beside it does not squeeze "@TurboHawk6419" into
 * "@TurboHa / wk6419"; anywhere for a name longer than a column can hold.
 */
export function nameInCell(username: string): string {
  return username.length <= NAME_KEPT_WHOLE ? 'wrap-break-word' : 'wrap-anywhere';
}

export function Badge({ children, tone }: { children: ReactNode; tone: 'cyan' | 'pink' | 'lime' | 'muted' | 'flame' }) {
  const tones = {
    cyan: 'border-neon-cyan/60 text-neon-cyan',
    pink: 'border-neon-pink/60 text-neon-pink',
    lime: 'border-neon-lime/60 text-neon-lime',
    flame: 'border-flame/60 text-flame',
    muted: 'border-line text-muted',
  };
  return (
    <span
      className={`wrap-break-word inline-block justify-self-start rounded border px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

const REVIEW_LABELS = { pending: 'Screening', held: 'Held', rejected: 'Rejected' } as const;

/** Marks a build that is not listed, so an admin sees why it is missing from the site. */
export function ReviewBadge({ status }: { status: 'pending' | 'approved' | 'held' | 'rejected' }) {
  if (status === 'approved') return null;
  return (
    <span className="ml-2">
      <Badge tone={status === 'rejected' ? 'pink' : 'flame'}>{REVIEW_LABELS[status]}</Badge>
    </span>
  );
}
