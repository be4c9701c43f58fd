import { describe, expect, it } from 'vitest';
import { FORM_MAX_FIELDS } from './constants';
import { formNamesReadable } from './form-bodies';

const form = (...fields: Array<[string, string]>) => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return body;
};
const intent = (value: unknown) => form(['__intent__', JSON.stringify(value)]);

describe('formNamesReadable', () => {
  it('takes the names and intents our forms send', () => {
    expect(formNamesReadable(form(['email', 'a@example.com'], ['intent', 'password']))).toBe(true);
    expect(formNamesReadable(form(['parts[19].category', 'gpu'], ['tags', 'rgb'], ['tags', 'itx']))).toBe(true);
    expect(formNamesReadable(intent({ type: 'insert', payload: { name: 'parts', index: 3, defaultValue: { name: '' } } }))).toBe(true);
    expect(formNamesReadable(intent({ type: 'reorder', payload: { name: 'parts', from: 0, to: 4 } }))).toBe(true);
    expect(formNamesReadable(form(['__state__', '{"listKeys":{}}']))).toBe(true);
  });

  it('refuses a list index no form of ours reaches, in a name or an intent', () => {
    for (const name of ['a[4294967294]', `a[${FORM_MAX_FIELDS}]`, 'parts[0].x[1000000]', 'a[00000000100]'])
      expect(formNamesReadable(form(['email', 'x'], [name, '1'])), name).toBe(false);
    expect(formNamesReadable(intent({ type: 'update', payload: { name: 'a[1000000]', value: 'x' } }))).toBe(false);
    expect(formNamesReadable(intent({ type: 'insert', payload: { name: 'parts', index: 1_000_000 } }))).toBe(false);
    expect(formNamesReadable(intent({ type: 'reorder', payload: { name: 'parts', from: 0, to: -1 } }))).toBe(false);
    expect(formNamesReadable(intent({ type: 'remove', payload: { name: 'parts', index: 1.5 } }))).toBe(false);
  });

  it('refuses names nested or long past any of ours, and an intent or state that is no short JSON', () => {
    expect(formNamesReadable(form([Array(25_000).fill('a').join('.'), '1']))).toBe(false);
    expect(formNamesReadable(form([`a${'[0]'.repeat(15_000)}`, '1']))).toBe(false);
    expect(formNamesReadable(form(['__intent__', 'notjson']))).toBe(false);
    expect(formNamesReadable(form(['__intent__', '"update"']))).toBe(false);
    expect(formNamesReadable(form(['__intent__', `${'['.repeat(9000)}${']'.repeat(9000)}`]))).toBe(false);
    expect(formNamesReadable(form(['__state__', '{']))).toBe(false);
  });
});
