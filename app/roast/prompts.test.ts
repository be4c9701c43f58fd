import { describe, expect, it } from 'vitest';
import { adviceUserMessage, replyUserMessage } from '~/roast/prompts';
import { someRoastFacts } from '#tests/support/roast-fixtures';

const dataIn = (message: string, marker: string) => JSON.parse(message.split(`<${marker}>\n`)[1]?.split(`\n</${marker}>`)[0] ?? 'null');

describe('the build data a model is given', () => {
  it('says what each part is and the only upgrades that are a clear step up the case can take', () => {
    const parts = [
      { category: 'case' as const, name: 'Lian Li A4-H2O' },
      { category: 'GPU' as const, name: 'RTX 4070 Ti Super' },
      { category: 'CPU' as const, name: 'Ryzen 7 7800X3D' },
      { category: 'cooler' as const, name: 'Lian Li Galahad 240 AIO' },
    ];
    const { known } = dataIn(adviceUserMessage({ title: 'Aurora', facts: someRoastFacts(), parts }), 'build');
    expect(known).toMatchObject({
      cpu: { name: 'Ryzen 7 7800X3D', runs: 'cool' },
      cooler: { type: 'aio', radiatorMm: 240, enoughForCpu: true },
      case: { formFactor: 'itx', maxRadiatorMm: 240 },
      allowedUpgrades: { gpu: ['RTX 5080', 'RTX 5090'], cpu: [], cooler: [] },
    });
  });

  it('gives RoastBot the same knowledge, the power supply included', () => {
    const message = replyUserMessage({
      title: 'Crimson Tempest',
      roast: 'A roast.',
      facts: someRoastFacts({ gpu: 'RTX 4090', cpu: 'Core i9-14900K' }),
      parts: [{ category: 'PSU', name: 'Corsair RM1000x' }],
      thread: [{ author: 'PixelPanda', isAI: false, content: 'is the PSU enough?' }],
    });
    expect(dataIn(message, 'thread').known.psu).toEqual({ watts: 1000, peakDrawWatts: 850, verdict: 'enough' });
  });
});
