import type { ReactNode } from 'react';

export type LegalSection = { id: string; heading: string; body: ReactNode };

type Props = {
  title: string;
  /** When the text last changed, e.g. "22 November 2026". */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
};

/** A long legal text: title, contents list linking to numbered sections. */
export function LegalPage({ title, updated, intro, sections }: Props) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <h1 className="display text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated {updated}</p>
      </header>
      <div className="prose-rr mt-6">{intro}</div>
      <nav aria-labelledby="contents-heading" className="panel mt-8 p-5">
        <h2 id="contents-heading" className="text-sm font-bold uppercase tracking-wider text-muted">
          Contents
        </h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a className="text-ink hover:text-neon-cyan" href={`#${section.id}`}>
                {index + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose-rr">
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
