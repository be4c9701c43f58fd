import { openApiDocument } from '~/api/openapi';
import { env } from '~/services/env.server';

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from the schemas the routes validate with. */
export function loader() {
  return Response.json(openApiDocument(env().PUBLIC_ORIGIN), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
