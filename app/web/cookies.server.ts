import { type Cookie, type CookieOptions, createCookie } from 'react-router';
import { cookieSecret, env } from '~/services/env.server';

/**
 * A cookie with our defaults: httpOnly, SameSite=Lax, whole site, Secure in
 * production, signed with the server secret. Made on first use, because the
 * secret is only known once the configuration has been read.
 */
export function appCookie(name: string, options: CookieOptions = {}): () => Cookie {
  let cookie: Cookie | undefined;
  return () => {
    cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env().NODE_ENV === 'production',
      secrets: [cookieSecret()],
      ...options,
    });
    return cookie;
  };
}
