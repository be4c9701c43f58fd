import type { AppProcess } from './app-process';

/** What a browser talks to: an app process, or the image running in a container (container.ts). */
export type Site = Pick<AppProcess, 'origin' | 'fetch'>;

export type Page = { response: Response; status: number; url: string; html: string };

/**
 * A minimal browser for integration tests: keeps cookies, sends forms the way a
 * browser without JavaScript does (with its Origin), and follows redirects.
 */
export class Browser {
  readonly cookies: Map<string, string>;

  private readonly app: Site;
  private readonly ip: string | undefined;

  /** `ip` is sent as X-Forwarded-For, for a server started with TRUST_PROXY=true. */
  constructor(app: Site, ip?: string, cookies = new Map<string, string>()) {
    this.app = app;
    this.ip = ip;
    this.cookies = cookies;
  }

  /** The same browser (address and cookies, shared from now on) talking to another server, as a load balancer would send it. */
  on(app: Site): Browser {
    return new Browser(app, this.ip, this.cookies);
  }

  /** The server's origin, as a same-origin form sends it. */
  get origin(): string {
    return this.app.origin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** What tells the server who sends a request: the address (X-Forwarded-For) and the cookies, for a client of another kind. */
  identityHeaders(): Record<string, string> {
    const cookie = this.cookieHeader();
    return { ...(this.ip ? { 'X-Forwarded-For': this.ip } : {}), ...(cookie ? { Cookie: cookie } : {}) };
  }

  /** One request, no redirect following. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.identityHeaders())) headers.set(name, value);
    const response = await this.app.fetch(path, { ...init, headers });
    this.remember(response);
    return response;
  }

  async follow(response: Response, from: string): Promise<Page> {
    let current = response;
    let url = from;
    for (let hops = 0; current.status >= 300 && current.status < 400 && hops < 10; hops++) {
      const next = new URL(current.headers.get('location')!, `${this.app.origin}${url}`);
      url = next.pathname + next.search;
      current = await this.request(url);
    }
    return { response: current, status: current.status, url, html: await current.text() };
  }

  async get(path: string): Promise<Page> {
    return this.follow(await this.request(path), path);
  }

  /** Posts a form as a browser would (urlencoded, same-origin): the one response, no redirect followed. */
  submit(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: this.app.origin, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  /** Posts a form as `submit` does, then follows redirects. */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
    return this.follow(await this.submit(path, fields, headers), path);
  }
}

/** The text content of the page's toast region, if a toast is showing. */
export function toastText(html: string): string {
  const region = /aria-label="Notifications \(F8\)"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return region
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The visible text of a page, roughly: tags removed, entities for quotes decoded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
