import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeLabeller } from './metrics';

/** A route table shaped as the build has it: a root layout, an index, a page with a parameter, a splat. */
const routes = {
  root: { id: 'root', path: '' },
  'routes/home': { id: 'routes/home', parentId: 'root', index: true },
  'routes/build': { id: 'routes/build', parentId: 'root', path: 'build/:id' },
  'routes/api/builds': { id: 'routes/api/builds', parentId: 'root', path: 'api/builds/:id' },
  'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*' },
} as unknown as ServerBuild['routes'];

describe('routeLabeller', () => {
  it('names a path, its data request and a path no page has by the route pattern', () => {
    const label = routeLabeller(routes);
    expect(label('/')).toBe('/');
    expect(label('/_root.data')).toBe('/');
    expect(label('/build/7')).toBe('/build/:id');
    expect(label('/build/7.data')).toBe('/build/:id');
    expect(label('/api/builds/12')).toBe('/api/builds/:id');
    expect(label('/no/such/page')).toBe('/*');
  });

  it('names every path right however many it has been asked for, and again the same way', () => {
    const label = routeLabeller(routes);
    const paths = Array.from({ length: 6_000 }, (_, index) => (index % 2 ? `/build/${index}` : `/elsewhere/${index}`));
    for (const path of paths) label(path);
    for (const path of [...paths.slice(0, 10), ...paths.slice(-10), '/BUILD/3', '/build/3']) {
      expect(label(path)).toBe(/^\/build\//i.test(path) ? '/build/:id' : '/*');
    }
  });
});
