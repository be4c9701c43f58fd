import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preloads';

describe('lowPriorityModulePreloads', () => {
  it('gives every module preload in <head> a low fetch priority and leaves the rest as it was', () => {
    const html = Buffer.from(
      '<!DOCTYPE html><html><head><title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/></head>' +
        '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/x.js"/></body></html>',
    );
    expect(lowPriorityModulePreloads(html).toString()).toBe(
      '<!DOCTYPE html><html><head><title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/></head>' +
        '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/x.js"/></body></html>',
    );
  });

  it('answers a document without a head or without preloads unchanged', () => {
    const fragment = Buffer.from('<p>no head</p>');
    expect(lowPriorityModulePreloads(fragment)).toBe(fragment);
    const plain = Buffer.from('<html><head><title>x</title></head><body></body></html>');
    expect(lowPriorityModulePreloads(plain)).toBe(plain);
  });
});
