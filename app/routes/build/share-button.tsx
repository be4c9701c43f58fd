import { useCallback, useState } from 'react';
import { Form } from 'react-router';
import { ShareIcon } from '~/components/icons';
import { ShareDialog } from '~/components/share-dialog';
import { buttonClass } from '~/components/ui/button';
import { buildPath } from '~/utils/build-path';

/** Without JavaScript a post to the share page; with it, the Share dialog. */
export function ShareButton({ buildId, title }: { buildId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Form
        method="post"
        action={`${buildPath(buildId)}/share`}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <button type="submit" className={buttonClass('ghost', 'md', 'w-full')}>
          <ShareIcon />
          Share
        </button>
      </Form>
      {open ? <ShareDialog buildId={buildId} title={title} onClose={close} /> : null}
    </>
  );
}
