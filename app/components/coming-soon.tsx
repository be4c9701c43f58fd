import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

type Props = {
  /** The screen's own heading, as the finished screen will show it. */
  title: string;
  /** One honest sentence about what will live here. */
  description: string;
};

/** The body of a screen that is routed but not built yet: no fake data, just the truth. */
export function ComingSoon({ title, description }: Props) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <p className="inline-flex items-center gap-2 rounded-full border border-neon-lime/40 bg-neon-lime/10 px-3 py-1 text-xs font-bold uppercase tracking-widest text-neon-lime">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-neon-lime" />
        Under construction
      </p>
      <h1 className="display mt-6 text-3xl sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted">{description}</p>
      <p className="mt-2 text-sm text-muted">This screen is not open yet. Check back soon.</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary', 'md')}>
          Back to Home
        </Link>
        <Link to="/about" className={buttonClass('ghost', 'md')}>
          What is RigRoast?
        </Link>
      </div>
    </section>
  );
}
