import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { lazy, Suspense, useEffect } from 'react';
import type { Route } from './+types/root';
import { ErrorPage } from '~/components/error-page';
import { LinkedPlace } from '~/components/linked-place';
import { NotFound } from '~/components/not-found';
import { useNonce } from '~/components/nonce';
import { type UploadOffer, useMayUpload } from '~/components/use-may-upload';
import { SiteFooter } from '~/components/site-footer';
import { SharedRegion } from '~/components/shared-region';
import { SiteHeader } from '~/components/site-header';
import { Toaster } from '~/components/toaster';
import { FIRST_VISIT_PAGE, FIRST_VISIT_SCRIPT, Tutorial } from '~/components/tutorial';
import { WarningNotices } from '~/components/warning-notices';
import { unacknowledgedWarnings } from '~/models/member-moderation.server';
import { unreadNotificationCount } from '~/models/notifications.server';
import { currentUser, sessionMiddleware, usernamePrompt } from '~/web/session.server';
import { apiMethodsGuard } from '~/web/api-methods-guard.server';
import { formNamesGuard } from '~/web/form-names-guard.server';
import { suspensionGuard } from '~/web/suspension-guard.server';
import { takeToast } from '~/web/toast.server';
import { missingOf } from '~/utils/not-found';
import { onlyViewerMoved } from '~/utils/page-query';
import { activeSuspension } from '~/domain/member-moderation';
import stylesheet from './app.css?url';
import { SITE_FEED_PATH, SITE_FEED_TITLE } from '~/utils/feed-paths';

// Shown once to members with a generated name: its form library (Conform, Zod) is
// fetched then, not on every page. The server renders it in place (entry.server.tsx
// sends documents whole), so it shows without JavaScript too.
const UsernameDialog = lazy(async () => ({ default: (await import('~/components/username-dialog')).UsernameDialog }));

export const links: Route.LinksFunction = () => [
  // With a precedence, React places the stylesheet ahead of the script preloads in
  // <head>, so the first paint does not wait behind the JavaScript downloads.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // Every page points feed readers at the site's newest builds; member and competition pages add their own.
  { rel: 'alternate', type: 'application/atom+xml', title: SITE_FEED_TITLE, href: SITE_FEED_PATH },
];

export const middleware: Route.MiddlewareFunction[] = [apiMethodsGuard, formNamesGuard, sessionMiddleware, suspensionGuard];

// After any form post, even one answered with an error, the root data is read
// again: it carries the toast that the action left in a cookie. So it is on the way
// to another page: it carries the bell's unread count (no polling in between). A
// build page's photo viewer opening, stepping or closing reads nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if ((formMethod && formMethod !== 'GET') || currentUrl.pathname !== nextUrl.pathname) return true;
  return onlyViewerMoved(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
};

export async function loader(args: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(args);
  const prompt = await usernamePrompt(args);
  for (const cookie of prompt.setCookies) headers.append('Set-Cookie', cookie);
  const user = currentUser(args);
  // Read through the session, so the page cache keeps a member's pages for them alone (and anew once a notification arrives).
  const unread = user ? unreadNotificationCount(user.id) : 0;
  // A staff warning stays on every page until the member acknowledges it.
  const warnings = user ? unacknowledgedWarnings(user.id) : [];
  // A suspended member is offered nothing they would be refused: no upload in the header, no username prompt.
  const uploads: UploadOffer = { suspended: user !== null && activeSuspension(user) !== null };
  return data(
    { toast, user, unread, warnings, ...uploads, usernamePrompt: prompt.show && !uploads.suspended ? { retry: prompt.retry } : null },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const loaderData = useRouteLoaderData<typeof loader>('root');
  // The session's member, the same object while the data is unchanged: their header is drawn once per page until then.
  const user = loaderData?.user ?? null;
  const unread = loaderData?.unread ?? 0;
  const mayUpload = useMayUpload();
  // A page that carries a message: the tutorial does not open over it.
  const flash = Boolean(loaderData?.toast);
  const firstVisitPage = useLocation().pathname === FIRST_VISIT_PAGE;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#06070d" />
        {firstVisitPage ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FIRST_VISIT_SCRIPT }} /> : null}
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* First in the document, so a phone's first paint has the whole dialog: parsed
            last, it was painted half-read and then grew and moved (a layout shift), and
            its text became the largest paint well after the first. */}
        {user && loaderData?.usernamePrompt ? (
          <Suspense>
            <UsernameDialog username={user.username} retry={loaderData.usernamePrompt.retry} />
          </Suspense>
        ) : (
          // `contents`: the regions' wrappers take no box, so the header still sticks and the body's flex column is unchanged.
          <SharedRegion name="tutorial" deps={[user !== null, flash]} className="contents">
            <Tutorial member={user !== null} flash={flash} />
          </SharedRegion>
        )}
        <SharedRegion name="site-header" deps={[user, unread, mayUpload]} className="contents">
          <SiteHeader user={user} unread={unread} mayUpload={mayUpload} />
        </SharedRegion>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {loaderData?.warnings.length ? <WarningNotices warnings={loaderData.warnings} /> : null}
          {children}
        </main>
        <SharedRegion name="site-footer" deps={[]} className="contents">
          <SiteFooter />
        </SharedRegion>
        <Toaster serverToast={loaderData?.toast ?? null} />
        {/* Before ScrollRestoration: a folded place opens before the page scrolls to it. */}
        <LinkedPlace />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive, for tests and scripts that must wait for JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound missing={missingOf(error.data)} />;
  // A refusal that says why (a suspended member's write) shows its message, and the way on it offers.
  const payload = isRouteErrorResponse(error) ? error.data : undefined;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} text={messageOf(payload)} link={linkOf(payload)} />;
}

function messageOf(payload: unknown): string | undefined {
  // A refusal the server sent before any page saw the request is its message in plain text.
  if (typeof payload === 'string') return payload.trim() && payload.length <= 300 ? payload : undefined;
  return typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
    ? payload.message
    : undefined;
}

/** A link a refusal offers, `{ href, label }`, to a path on this site only. */
function linkOf(payload: unknown): { href: string; label: string } | undefined {
  if (typeof payload !== 'object' || payload === null || !('link' in payload)) return undefined;
  const { link } = payload;
  return typeof link === 'object' &&
    link !== null &&
    'href' in link &&
    'label' in link &&
    typeof link.href === 'string' &&
    link.href.startsWith('/') &&
    !link.href.startsWith('//') &&
    typeof link.label === 'string'
    ? { href: link.href, label: link.label }
    : undefined;
}
