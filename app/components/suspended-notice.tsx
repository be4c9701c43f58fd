import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { STANDING_PATH, type SuspensionNotice } from '~/domain/member-moderation';
import { suspendedMessage } from '~/utils/suspension';

const APPEAL_STATE: Record<SuspensionNotice['appeal'], string | null> = {
  none: null,
  open: 'Your appeal is with the moderators: you will be told what they decide. ',
  upheld: 'A moderator looked at your appeal and kept the suspension. ',
};

/**
 * Said instead of a form to a suspended member: until when, why, and how to ask a
 * moderator to look again (or where their appeal is); `children` says what this page
 * still lets them do.
 */
export function SuspendedNotice({
  notice,
  children,
  className = '',
}: {
  notice: SuspensionNotice;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" className={`panel grid gap-1.5 border-flame p-4 ${className}`}>
      <p className="font-bold text-flame">{suspendedMessage(notice.until)}</p>
      {notice.reason ? (
        <p className="whitespace-pre-line">
          <span className="font-semibold">Why: </span>
          {notice.reason}
        </p>
      ) : null}
      {children ? <p className="text-sm text-muted">{children}</p> : null}
      <p className="text-sm">
        {APPEAL_STATE[notice.appeal]}
        <Link to={`${STANDING_PATH}#suspension`} className="font-semibold text-neon-cyan underline underline-offset-4 hover:no-underline">
          {notice.appeal === 'none' ? 'Ask a moderator to look again' : 'See your appeal'}
        </Link>
      </p>
    </div>
  );
}
