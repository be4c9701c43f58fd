import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Battle Archive', 'Every PC build uploaded to RigRoast, newest first.');

export default function Gallery() {
  return (
    <ComingSoon
      title="Battle Archive"
      description="Every battle station deployed to RigRoast, newest first, twelve at a time."
    />
  );
}
