import { Link, useLocation } from 'react-router';
import { Logo } from '~/components/logo';
import { reopenTutorial } from '~/components/tutorial';

const groups = [
  {
    title: 'Navigate',
    links: [
      { to: '/', label: 'Home' },
      { to: '/gallery', label: 'Gallery' },
      { to: '/upload', label: 'Upload' },
      { to: '/competitions', label: 'Competitions' },
      { to: '/about', label: 'About' },
    ],
  },
  {
    title: 'Rankings',
    links: [
      { to: '/leaderboard/today', label: 'Today' },
      { to: '/leaderboard/week', label: 'This Week' },
      { to: '/leaderboard/month', label: 'This Month' },
      { to: '/leaderboard/all-time', label: 'All Time' },
      { to: '/week', label: 'The Week on RigRoast' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
];

export function SiteFooter() {
  const location = useLocation();
  return (
    <footer className="mt-16 border-t border-line/70 bg-panel/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">
            Upload your battle station, get roasted by AI, and let the community decide who dominates.
          </p>
          <Link
            to={{ pathname: location.pathname, search: '?tutorial=1' }}
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              reopenTutorial();
            }}
            className="mt-6 inline-flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm font-semibold text-ink hover:border-neon-cyan hover:text-neon-cyan"
          >
            <span aria-hidden="true" className="grid size-5 place-items-center rounded-full border border-current text-xs">
              ?
            </span>
            How RigRoast works
          </Link>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="text-xs font-bold uppercase tracking-widest text-muted">
              {group.title}
            </h2>
            <ul className="mt-4 grid gap-2.5 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-ink/90 hover:text-neon-cyan">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line/70">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-xs text-muted">
          <p>© {new Date().getFullYear()} RigRoast. Roasts are written by AI, for fun.</p>
          <a href="#top" className="hover:text-ink">
            Back to top ↑
          </a>
        </div>
      </div>
    </footer>
  );
}
