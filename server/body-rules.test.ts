import { describe, expect, it } from 'vitest';
import { SEND_JSON } from '~/api/json-body';
import { REQUEST_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '~/utils/constants';
import { BUILD_UPLOAD_BODY_MAX_BYTES, bodyRule, UPLOAD_BODY_MAX_BYTES } from './body-rules';

const UPLOAD = 'multipart/form-data; boundary=x';
const FORM = 'application/x-www-form-urlencoded';
const JSON_BODY = 'application/json';

const refusal = (contentType: string | undefined, target: string) => {
  const rule = bodyRule(contentType, target);
  return 'refusal' in rule ? { status: rule.refusal.status, message: rule.refusal.message } : null;
};

describe('bodyRule', () => {
  it.each([
    '/profile',
    '/profile.data',
    '/Profile/',
    '/api/uploads/temp',
    '/build/1/edit',
    '/build/1/edit.data?x=1',
    '/admin/competitions/new',
  ])("takes an upload at %s, where a file goes, within one photo's limit, its parts counted", (target) => {
    expect(bodyRule(UPLOAD, target)).toEqual({ maxBytes: UPLOAD_BODY_MAX_BYTES, fields: { boundary: 'x' } });
  });

  it.each(['/upload', '/upload?x=1', '/upload.data', '/api/builds'])(
    'takes a new build sent whole to %s within its five photos’ limit',
    (target) => {
      expect(bodyRule(UPLOAD, target)).toEqual({ maxBytes: BUILD_UPLOAD_BODY_MAX_BYTES, fields: { boundary: 'x' } });
      expect(BUILD_UPLOAD_BODY_MAX_BYTES).toBeGreaterThan(5 * UPLOAD_MAX_BYTES);
      expect(BUILD_UPLOAD_BODY_MAX_BYTES).toBeLessThan(6 * UPLOAD_MAX_BYTES);
    },
  );

  it.each(['/forgot-password', '/auth', '/', '/_.data', '/build/1', '/upload/x', '/profile/export', '/build/1/edit/x'])(
    'refuses an upload to %s, where no file goes, with 415',
    (target) => {
      expect(refusal(UPLOAD, target)).toEqual({ status: 415, message: 'This form takes no files.' });
    },
  );

  it('refuses an upload to the API where no file goes, in its words', () => {
    expect(refusal(UPLOAD, '/api/builds/1/comment')).toEqual({ status: 415, message: SEND_JSON });
  });

  it("takes a page's plain form within the forms' limit, its fields counted; the API's JSON uncounted", () => {
    for (const target of ['/auth', '/profile', '/upload', '/build/1'])
      expect(bodyRule(FORM, target)).toEqual({ maxBytes: REQUEST_BODY_MAX_BYTES, fields: '&' });
    expect(bodyRule('Application/X-WWW-Form-Urlencoded; charset=UTF-8', '/auth')).toEqual({
      maxBytes: REQUEST_BODY_MAX_BYTES,
      fields: '&',
    });
    expect(bodyRule(JSON_BODY, '/api/builds/1/comment')).toEqual({ maxBytes: REQUEST_BODY_MAX_BYTES, fields: undefined });
  });

  it('refuses with 415 a body of a kind its route does not read', () => {
    expect(refusal(JSON_BODY, '/auth')?.status).toBe(415);
    expect(refusal(FORM, '/api/builds/1/comment')).toEqual({ status: 415, message: SEND_JSON });
    expect(refusal(JSON_BODY, '/api/uploads/temp')?.status).toBe(415);
    expect(refusal(FORM, '/api/builds')?.status).toBe(415);
    for (const contentType of [
      undefined,
      'text/plain',
      'multipart/mixed; boundary=x',
      'multipart/form-dataX; boundary=x',
      'Multipart/Form-Data; boundary=x',
      'multipart/form-data',
    ]) {
      expect(refusal(contentType, '/profile')?.status, String(contentType)).toBe(415);
      expect(refusal(contentType, '/api/user/bio')?.status, String(contentType)).toBe(415);
    }
  });
});
