import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Competition', 'A RigRoast build competition.');

export default function Competition() {
  return <ComingSoon title="Competition" description="The theme, rules, prizes and entries of a single competition will show here." />;
}
