import { expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionText } from './audit-actions';

it('says every action the log records in words, the staff measures on members included', () => {
  expect(auditActionText('suspend-member')).toBe('Suspended member');
  expect(auditActionText('strike-member')).toBe('Gave a strike');
  expect(auditActionText('note-member')).toBe('Added private note');
  for (const [code, words] of Object.entries(AUDIT_ACTIONS)) {
    expect(words, code).toMatch(/^[A-Z][a-z]+ [a-z ]+$/);
    expect(auditActionText(code)).toBe(words);
  }
});

it('shows a code it does not know (written by a later version) as it is, and reads nothing off the prototype', () => {
  expect(auditActionText('launch-rocket')).toBe('launch-rocket');
  expect(auditActionText('toString')).toBe('toString');
});
