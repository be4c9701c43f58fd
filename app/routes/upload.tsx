import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Deploy your battle station', 'Upload a photo of your PC build and get it roasted by AI.');

export default function Upload() {
  return (
    <ComingSoon
      title="Deploy your battle station"
      description="Upload a photo of your build with a title, and our AI will roast it while the community rates it."
    />
  );
}
