import { z } from 'zod';
import { errorSchema, type ErrorStatus, type Operation } from './contract/common';
import { operations } from './contract/index';
import { WRITES_WHILE_SUSPENDED } from '~/web/suspension-guard.server';

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input',
  401: 'Signed out',
  403: 'Forbidden (not allowed, a cross-site request, or error suspended: your account is suspended until the time the message says)',
  404: 'Unknown',
  409: 'Conflict',
  413: 'Too large',
  415: 'The body is not application/json',
  429: 'Rate limited',
  503: 'Busy or unavailable: a service it needs (the mail server) failed, or too many photos are waiting (see Retry-After)',
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

function parameters(operation: Operation) {
  const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const inQuery = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: !(schema as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(schema as z.ZodType, 'input'),
  }));
  return [...inPath, ...inQuery];
}

const ACCESS_DESCRIPTIONS = {
  member: 'Signed-in members only.',
  staff: 'Moderators and admins only.',
  admin: 'Admins only.',
} as const;

/** Its error answers, with 403 for every write a suspended member is refused (web/suspension-guard.server.ts). */
function errorsOf(operation: Operation): ErrorStatus[] {
  const refusedWhileSuspended =
    operation.access !== 'public' && operation.method !== 'get' && !WRITES_WHILE_SUSPENDED.has(operation.path.replace(/\{\w+\}/g, ':id'));
  return refusedWhileSuspended && !operation.errors.includes(403)
    ? [...operation.errors, 403 as const].sort((a, b) => a - b)
    : operation.errors;
}

function describe(operation: Operation) {
  const errors = Object.fromEntries(
    errorsOf(operation).map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    summary: operation.summary,
    ...(operation.access === 'public' ? {} : { security: [{ session: [] }], description: ACCESS_DESCRIPTIONS[operation.access] }),
    parameters: parameters(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              [operation.body.type === 'json' ? 'application/json' : 'multipart/form-data']: {
                schema: jsonSchema(operation.body.schema, 'input'),
              },
            },
          },
        }
      : {}),
    responses: {
      [operation.response.status]: {
        description: operation.response.description,
        content: { [operation.response.contentType ?? 'application/json']: { schema: jsonSchema(operation.response.schema, 'output') } },
      },
      ...errors,
    },
  };
}

/** The OpenAPI 3.1 description of the JSON API, generated from the schemas the routes validate with. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, ReturnType<typeof describe>>> = {};
  for (const operation of operations) (paths[operation.path] ??= {})[operation.method] = describe(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'RigRoast API',
      version: '1.0.0',
      description:
        'The calls of the RigRoast web client (docs/product.md §7). Sign in with /api/request-login-code and /api/verify-login-code; the session cookie they set authenticates the rest. Writes must come from the site itself (Origin) or from a client that sends no Origin.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rr_session' } },
    },
  };
}
