import type { ReactNode } from 'react';

/** A home-page style section title with an optional action on the right. */
export function SectionHeading({ id, children, action }: { id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="display text-2xl sm:text-3xl">
        {children}
      </h2>
      {action}
    </div>
  );
}

/** The neon-bordered empty state of a list, with its upper-case text (docs/product.md §2). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="panel mt-6 border-dashed p-8 text-center font-bold uppercase tracking-wide text-muted">{children}</p>;
}
