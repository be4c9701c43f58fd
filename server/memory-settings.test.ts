import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, MEMORY_FLAGS, missingMemorySettings } from './memory-settings';

const linux = { platform: 'linux' as const, execArgv: [] as string[], env: { PATH: '/usr/bin' } };

describe('missingMemorySettings', () => {
  it('adds every glibc variable and V8 flag a plainly started process lacks, keeping its own', () => {
    expect(missingMemorySettings({ ...linux, execArgv: ['--enable-source-maps'] })).toEqual({
      env: { PATH: '/usr/bin', ...MEMORY_ENV },
      execArgv: ['--enable-source-maps', ...MEMORY_FLAGS],
    });
  });

  it('asks for no restart once the process has them, so a relaunched server starts only once', () => {
    const relaunched = missingMemorySettings(linux)!;
    expect(missingMemorySettings({ ...linux, ...relaunched })).toBeUndefined();
  });

  it("keeps the operator's values, from the environment, NODE_OPTIONS or node's own flags", () => {
    const own = { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '0' };
    const ownFlags = ['--max-semi-space-size', '32', '--heap-growing-percent=300'];
    expect(
      missingMemorySettings({
        ...linux,
        env: { ...own, NODE_OPTIONS: '--max-semi-space-size=32' },
        execArgv: ['--heap-growing-percent=0'],
      }),
    ).toBeUndefined();
    expect(missingMemorySettings({ ...linux, env: own, execArgv: ownFlags })).toBeUndefined();
    expect(missingMemorySettings({ ...linux, env: { MALLOC_ARENA_MAX: '4' }, execArgv: ownFlags })?.env).toEqual({
      ...MEMORY_ENV,
      MALLOC_ARENA_MAX: '4',
    });
  });

  it('leaves other systems alone: no execve on Windows, no glibc elsewhere', () => {
    expect(missingMemorySettings({ ...linux, platform: 'win32' })).toBeUndefined();
    expect(missingMemorySettings({ ...linux, platform: 'darwin' })).toBeUndefined();
  });
});
