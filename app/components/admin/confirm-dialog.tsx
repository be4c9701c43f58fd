import type { ReactNode } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';

type ConfirmDialogProps = {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** Where Cancel (and Escape) go, and where the form posts: the page without the dialog. */
  cancelHref: string;
  /** The hidden fields that say what to do. */
  children: ReactNode;
  destructive?: boolean;
};

/**
 * The confirmation an admin action asks for. The page's own URL opens it (a
 * link adds `?confirm=…`), so without JavaScript it is a page with the dialog
 * and a POST form; with JavaScript it is a modal over the table.
 */
export function ConfirmDialog({ title, text, confirmLabel, cancelHref, children, destructive = true }: ConfirmDialogProps) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-text" onClose={() => navigate(cancelHref, { preventScrollReset: true })}>
      <Form method="post" action={cancelHref} preventScrollReset className="grid gap-4 p-6">
        <h2 id="confirm-title" className="display text-2xl">
          {title}
        </h2>
        <div id="confirm-text" className="text-muted">
          {text}
        </div>
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Link to={cancelHref} preventScrollReset className={buttonClass('ghost', 'md')}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={buttonClass(destructive ? 'hot' : 'primary', 'md')}>
            {confirmLabel}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
