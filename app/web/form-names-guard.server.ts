import { data, type MiddlewareFunction } from 'react-router';
import { FORM_NOT_READABLE, formNamesReadable, isPlainForm } from '~/utils/form-bodies';

/**
 * Refuses a page's form post whose field names no form of ours sends (formNamesReadable),
 * before any action hands it to Conform: one check in front of every action, so a form
 * added later is covered the day it is. A copy of the body is read, which the server
 * has bounded already (server/body-rules.ts: at most FORM_MAX_FIELDS fields, 64 KB).
 * Uploads are checked as they are read (readUploadForm); the API takes JSON.
 */
export const formNamesGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isPlainForm(request.headers.get('Content-Type'))) return next();
  if (!formNamesReadable(await request.clone().formData())) throw data({ message: FORM_NOT_READABLE }, { status: 400 });
  return next();
};
