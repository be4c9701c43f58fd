import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { useMayUpload } from '~/components/use-may-upload';

/**
 * A page's pair of calls to action: upload a build, and browse the gallery (`browseLabel`).
 * A suspended member, whom the upload form refuses, is offered browsing alone, as the lead.
 */
export function UploadOrBrowse({ browseLabel }: { browseLabel: string }) {
  const mayUpload = useMayUpload();
  return (
    <>
      {mayUpload ? (
        <Link to="/upload" className={buttonClass('hot', 'lg')}>
          Upload your build
        </Link>
      ) : null}
      <Link to="/gallery" className={buttonClass(mayUpload ? 'ghost' : 'hot', 'lg')}>
        {browseLabel}
      </Link>
    </>
  );
}
