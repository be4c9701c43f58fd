import { describe, expect, it } from 'vitest';
import { REQUEST_BODY_MAX_BYTES } from '~/utils/constants';
import { BodyTooLargeError, bodyLimitFor, isBodyTooLarge, UPLOAD_BODY_MAX_BYTES } from './body-limit';

describe('bodyLimitFor', () => {
  it.each([
    '/upload',
    '/upload.data',
    '/profile',
    '/profile.data',
    '/admin/competitions/new',
    '/admin/competitions/3.data',
    '/api/builds',
    '/api/uploads/temp',
    '/api/user/avatar',
    '/UPLOAD/',
  ])('gives the photo upload route %s the upload limit', (path) => {
    expect(bodyLimitFor(path)).toBe(UPLOAD_BODY_MAX_BYTES);
  });

  it.each([
    '/',
    '/auth',
    '/auth/magic',
    '/build/1',
    '/build/1.data',
    '/api/builds/1',
    '/api/builds/1/comment',
    '/admin/competitions',
    '/api/uploads/temp/status',
    '/uploads',
  ])('gives %s the forms and JSON limit', (path) => {
    expect(bodyLimitFor(path)).toBe(REQUEST_BODY_MAX_BYTES);
  });
});

describe('isBodyTooLarge', () => {
  it('finds the cut body behind the errors that readers wrap it in', () => {
    const cut = new BodyTooLargeError('too large');
    expect(isBodyTooLarge(cut)).toBe(true);
    expect(isBodyTooLarge(new TypeError('Failed to parse body', { cause: cut }))).toBe(true);
    expect(isBodyTooLarge(new Error('something else'))).toBe(false);
    expect(isBodyTooLarge('text')).toBe(false);
  });
});
