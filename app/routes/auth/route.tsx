import { Link } from 'react-router';
import type { Route } from './+types/route';
import { logInWithPassword, type Posted, requestCode, resend, verify } from './actions.server';
import { authUrl, type Tab } from './auth-url';
import { CodeStep, EmailStep, PasswordStep } from './steps';
import { readAuthFlow } from '~/web/auth.server';
import { requireAnonymous } from '~/web/session.server';
import { pageMeta } from '~/utils/meta';
import { safeRedirect } from '~/utils/redirects';

export const meta = () => pageMeta('Log in or register', 'Sign in to RigRoast with your e-mail address and a 6-digit code.');

export async function loader(args: Route.LoaderArgs) {
  requireAnonymous(args);
  const { url, request } = args;
  const flow = await readAuthFlow(request);
  const step = url.searchParams.get('step') === 'code' && flow ? 'code' : 'email';
  return {
    tab: (url.searchParams.get('tab') === 'register' ? 'register' : 'login') as Tab,
    method: url.searchParams.get('method') === 'password' ? ('password' as const) : ('code' as const),
    step,
    email: step === 'code' ? flow?.email : undefined,
    redirectTo: safeRedirect(url.searchParams.get('redirectTo'), ''),
  };
}

export async function action(args: Route.ActionArgs) {
  requireAnonymous(args);
  // A copy: the sign-in strategies read the body again.
  const formData = await args.request.clone().formData();
  const posted: Posted = {
    args,
    formData,
    tab: formData.get('tab') === 'register' ? 'register' : 'login',
    redirectTo: safeRedirect(formData.get('redirectTo'), ''),
  };
  switch (formData.get('intent')) {
    case 'request-code':
      return requestCode(posted);
    case 'resend':
      return resend(posted);
    case 'verify':
      return verify(posted);
    case 'password':
      return logInWithPassword(posted);
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, step, method, email, redirectTo } = loaderData;
  const tabLink = (to: Tab) => authUrl({ tab: to, redirectTo });
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="display text-center text-3xl sm:text-4xl">
        {tab === 'login' ? 'Log in' : 'Join'} <span className="text-gradient">RigRoast</span>
      </h1>
      <nav aria-label="Log in or register" className="mt-8 grid grid-cols-2 gap-1 rounded-xl border border-line bg-panel p-1">
        {(['login', 'register'] as const).map((name) => (
          <Link
            key={name}
            to={tabLink(name)}
            replace
            aria-current={tab === name ? 'page' : undefined}
            className={`rounded-lg py-2.5 text-center text-sm font-bold uppercase tracking-wide ${
              tab === name ? 'bg-neon-cyan text-void' : 'text-muted hover:text-ink'
            }`}
          >
            {name === 'login' ? 'Login' : 'Register'}
          </Link>
        ))}
      </nav>
      <div className="panel mt-4 p-6 sm:p-8">
        {step === 'code' && email ? (
          <CodeStep tab={tab} email={email} redirectTo={redirectTo} actionData={actionData} />
        ) : method === 'password' && tab === 'login' ? (
          <PasswordStep redirectTo={redirectTo} actionData={actionData} />
        ) : (
          <EmailStep tab={tab} redirectTo={redirectTo} actionData={actionData} />
        )}
      </div>
      <p className="mt-6 text-center">
        <Link to="/" className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
          Back to Home
        </Link>
      </p>
    </div>
  );
}
