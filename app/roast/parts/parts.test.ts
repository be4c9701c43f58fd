import { describe, expect, it } from 'vitest';
import { bottleneck, knownBuild } from './build-knowledge';
import { caseSpec } from './cases';
import { coolerSpec } from './coolers';
import { cpuSpec } from './cpus';
import { gpuSpec } from './gpus';
import { psuWatts } from './power';

describe('what the roaster knows of parts', () => {
  it('places cards by performance, however they are written', () => {
    expect(gpuSpec('rtx4070ti super')?.name).toBe('RTX 4070 Ti Super');
    expect(gpuSpec('Sapphire Nitro+ RX 9070 XT')?.score).toBeGreaterThan(gpuSpec('RTX 5070')?.score ?? Infinity);
    expect(gpuSpec('RTX 4090')?.vramGb).toBe(24);
    expect(gpuSpec('large triple-fan graphics card')).toBeNull();
  });

  it('works a processor out from its model number: its gaming score, its heat and its socket', () => {
    expect(cpuSpec('Ryzen 7 7800X3D')).toMatchObject({ x3d: true, heatWatts: 90, socket: 'AM5' });
    expect(cpuSpec('i9-14900K')).toMatchObject({ heatWatts: 253, socket: 'LGA1700' });
    expect(cpuSpec('Ryzen 7 9800X3D')?.score).toBeGreaterThan(cpuSpec('Core i9-14900K')?.score ?? Infinity);
    expect(cpuSpec('Core i5-12400F')?.score).toBeGreaterThan(cpuSpec('Core i7-9700K')?.score ?? Infinity);
    expect(cpuSpec('Ryzen 5 5600')).toMatchObject({ heatWatts: 88, socket: 'AM4' });
    expect(cpuSpec('Core i7')).toBeNull();
  });

  it('knows what a cooler carries and what a case holds', () => {
    expect(coolerSpec('Arctic Liquid Freezer III 360')).toMatchObject({ type: 'aio', radiatorMm: 360 });
    expect(coolerSpec('Corsair H150i Elite')).toMatchObject({ type: 'aio', radiatorMm: 360 });
    expect(coolerSpec('Noctua NH-D15')).toMatchObject({ type: 'air', heightMm: 165 });
    expect(caseSpec('Lian Li A4-H2O')).toMatchObject({ formFactor: 'itx', maxRadiatorMm: 240, maxCoolerMm: 0 });
    expect(caseSpec('Fractal Node 202')).toMatchObject({ maxRadiatorMm: 0 });
    expect(psuWatts('Corsair RM850x')).toBe(850);
    expect(psuWatts('be quiet! Pure Power 12 M 550W')).toBe(550);
    expect(psuWatts('Corsair PSU')).toBeNull();
  });

  it('offers only upgrades that are a clear step up and fit the case', () => {
    const aurora = knownBuild(null, [
      { category: 'case', name: 'Lian Li A4-H2O' },
      { category: 'GPU', name: 'RTX 4070 Ti Super' },
      { category: 'CPU', name: 'Ryzen 7 7800X3D' },
      { category: 'cooler', name: 'Lian Li Galahad 240 AIO' },
    ]);
    expect(aurora.upgrades.gpu.map((gpu) => gpu.name)).toEqual(['RTX 5080', 'RTX 5090']);
    expect(aurora.coolerEnough).toBe(true);
    expect(aurora.upgrades.cooler).toEqual([]);
    const hot = knownBuild({ gpu: null, cpu: 'Core i9-14900K', cooler: 'Hyper 212', case: 'Lian Li A4-H2O' });
    expect(hot.upgrades.cooler.map((option) => option.label)).toEqual(['a 240\u00a0mm AIO']);
    expect(bottleneck(knownBuild({ gpu: 'RTX 4090', cpu: 'Ryzen 5 5600', cooler: null, case: null }))).toBe('cpu');
    expect(bottleneck(knownBuild({ gpu: 'RTX 4070', cpu: 'Ryzen 5 5600', cooler: null, case: null }))).toBe('gpu');
  });
});
