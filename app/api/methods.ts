import { operations } from './contract/index';

/** A path's shape with its parameters blanked: a contract's `/api/builds/{id}` and a route's `/api/builds/:id` alike. */
export const pathShape = (path: string) => path.replace(/\{\w+\}/g, ':').replace(/:\w+\??/g, ':');

/** The methods the contract gives each API path (HEAD wherever GET is), by its shape. */
const METHODS = new Map<string, Set<string>>();
for (const operation of operations) {
  const shape = pathShape(operation.path);
  const methods = METHODS.get(shape) ?? new Set<string>();
  methods.add(operation.method.toUpperCase());
  if (operation.method === 'get') methods.add('HEAD');
  METHODS.set(shape, methods);
}

/** The methods the API contract answers at route `pattern` (`/api/builds/:id`); undefined for a path it does not describe. */
export function apiMethods(pattern: string): ReadonlySet<string> | undefined {
  return METHODS.get(pathShape(pattern));
}
