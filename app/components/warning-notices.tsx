import { Form, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { shortDate } from '~/utils/dates';

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
              <p className="mt-1 whitespace-pre-line">{warning.message}</p>
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
