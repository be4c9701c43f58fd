export type Tab = 'login' | 'register';
export type Intent = 'request-code' | 'resend' | 'verify' | 'password';

/** The sign-in page's address for a tab, step and method, keeping where to go afterwards. */
export function authUrl({ tab, step, method, redirectTo }: { tab: Tab; step?: 'code'; method?: 'password'; redirectTo: string }) {
  const params = new URLSearchParams();
  if (tab === 'register') params.set('tab', tab);
  if (step) params.set('step', step);
  if (method) params.set('method', method);
  if (redirectTo) params.set('redirectTo', redirectTo);
  return params.size ? `/auth?${params}` : '/auth';
}
