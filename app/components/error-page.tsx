import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

const messages: Record<number, { title: string; text: string }> = {
  400: { title: 'That request did not work', text: 'Something in it was not what we expected. Go back and try again.' },
  403: { title: 'Access Denied', text: "You don't have permission to access this page." },
  405: { title: 'That request did not work', text: 'This page cannot be used that way.' },
  // The server's refusals of a form before any page sees it (server/body-rules.ts, request admission):
  // with JavaScript they come here without the page's own words, and are no failure of ours.
  408: { title: 'Too slow', text: 'What you sent took too long to arrive. Check your connection and send it again.' },
  413: {
    title: 'Too large',
    text: 'What you sent is larger than this form takes, or has more fields. Go back, check it and send it again.',
  },
  415: { title: 'Not sent as a form', text: 'This form could not be read as it was sent. Reload the page and try again.' },
  429: { title: 'Slow down', text: 'Too many requests from your network at once. Please try again in a moment.' },
  503: { title: 'RigRoast is busy', text: 'The server is busy. Please try again in a moment.' },
};

/** A friendly page for every error: what happened in plain words, never a stack trace. */
export function ErrorPage({
  status,
  text,
  link,
}: {
  status: number;
  /** Replaces the status's usual explanation. */
  text?: string;
  /** A way on that the refusal offers (a suspended member's appeal), beside the way home. */
  link?: { href: string; label: string };
}) {
  const known = messages[status] ?? {
    title: 'Something overheated',
    text: 'An unexpected error stopped this page. It has been logged; please try again in a moment.',
  };
  const message = text ? { ...known, text } : known;
  return (
    <section className="mx-auto grid max-w-2xl place-items-center px-4 py-24 text-center">
      <p aria-hidden="true" className="display text-gradient text-7xl">
        {status}
      </p>
      <h1 className="display mt-4 text-2xl sm:text-3xl">{message.title}</h1>
      <p className="mt-3 whitespace-pre-line text-muted">{message.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {link ? (
          <Link to={link.href} className={buttonClass('ghost', 'md')}>
            {link.label}
          </Link>
        ) : null}
        <Link to="/" className={buttonClass('primary', 'md')}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
