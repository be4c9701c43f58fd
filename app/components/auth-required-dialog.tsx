import { Link } from 'react-router';
import { Modal } from '~/components/ui/modal';
import { buttonClass } from '~/components/ui/button';

const BENEFITS = [
  'Rate builds and climb the leaderboards',
  'Comment and trade roasts with the community',
  'Upload your own rig and get roasted by AI',
];

type Props = {
  redirectTo: string;
  onClose: () => void;
  /**
   * The comment form the guest pressed Post in: Login and Register then send it, so the
   * server keeps the comment through sign-in (as the form's own post does without JavaScript).
   */
  keeping?: string;
};

/** Shown when a guest tries to rate or comment (docs/product.md §2), with JavaScript; without, the form post goes to /auth. */
export function AuthRequiredDialog({ redirectTo, onClose, keeping }: Props) {
  const back = encodeURIComponent(redirectTo);
  return (
    <Modal labelledBy="auth-required-title" describedBy="auth-required-text" onClose={onClose}>
      <div className="grid gap-4 p-6">
        <h2 id="auth-required-title" className="display text-2xl">
          Authentication required
        </h2>
        <p id="auth-required-text" className="text-muted">
          {keeping
            ? 'Sign in to post your comment. Your comment is kept, and posted as soon as you are in. A free account also lets you:'
            : 'Sign in to rate and comment. A free account also lets you:'}
        </p>
        <ul className="grid gap-2 text-sm">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span aria-hidden="true" className="text-neon-lime">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={buttonClass('ghost', 'md')}>
            Cancel
          </button>
          {keeping ? (
            <>
              <button type="submit" form={keeping} name="signIn" value="login" className={buttonClass('ghost', 'md')}>
                Login
              </button>
              <button type="submit" form={keeping} name="signIn" value="register" className={buttonClass('hot', 'md')}>
                Register
              </button>
            </>
          ) : (
            <>
              <Link to={`/auth?redirectTo=${back}`} className={buttonClass('ghost', 'md')}>
                Login
              </Link>
              <Link to={`/auth?tab=register&redirectTo=${back}`} className={buttonClass('hot', 'md')}>
                Register
              </Link>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
