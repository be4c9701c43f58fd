import { Form, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { shortDate } from '~/utils/dates';

/**
 * A warning longer than this, or of more than one line, is folded: its first lines
 * show and the whole is behind "Read the warning", so a long one cannot fill a
 * phone's first screen above the page it sits on.
 */
const WARNING_SHOWN_WHOLE_CHARS = 140;

function WarningMessage({ message }: { message: string }) {
  if (message.length <= WARNING_SHOWN_WHOLE_CHARS && !message.includes('\n')) return <p className="mt-1">{message}</p>;
  return (
    <details className="group mt-1">
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <span className="line-clamp-2 wrap-anywhere group-open:hidden">{message}</span>
        <span className="font-semibold text-neon-cyan underline">Read the warning</span>
      </summary>
      <p className="mt-2 whitespace-pre-line">{message}</p>
    </details>
  );
}

/**
 * A staff warning the member has not acknowledged yet, above every page: its
 * "I understand" posts to /warnings and comes back here, with or without JavaScript.
 */
export function WarningNotices({ warnings }: { warnings: { id: number; message: string; createdAt: Date }[] }) {
  const { pathname, search } = useLocation();
  return (
    <section aria-label="Warnings from the moderators" className="mx-auto w-full max-w-7xl px-4 pt-6">
      <ul className="grid gap-3">
        {warnings.map((warning) => (
          <li key={warning.id} role="alert" className="panel flex flex-wrap items-center justify-between gap-3 border-flame p-4">
            <div className="min-w-0">
              <p className="font-bold text-flame">A moderator warned you on {shortDate(warning.createdAt)}</p>
              <WarningMessage message={warning.message} />
            </div>
            <Form method="post" action="/warnings" preventScrollReset>
              <input type="hidden" name="warningId" value={warning.id} />
              <input type="hidden" name="redirectTo" value={pathname + search} />
              <button type="submit" className={buttonClass('ghost', 'sm')}>
                I understand
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
