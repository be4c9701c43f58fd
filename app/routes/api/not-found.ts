import { apiError } from '~/api/request.server';

// Any other /api path, with any method: the API's JSON 404, not the site's page.
const notFound = () => apiError(404, 'There is no such API call. See /api/openapi.json.');

export const loader = notFound;
export const action = notFound;
