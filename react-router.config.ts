import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest is one fingerprinted file the browser keeps (2.4 KB
  // brotli), instead of a part of it written into every document (4 KB a page)
  // and worked out again for each request (docs/decisions/014-member-pages.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
