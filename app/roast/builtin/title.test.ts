import { describe, expect, it } from 'vitest';
import { parseTitle, rgbAgreeingWithTitle, type TitleFacts } from './title';

const NOTHING: TitleFacts = { gpu: null, cpu: null, cooler: null, case: null, brands: [], features: [], rgb: null };

describe('parseTitle', () => {
  it.each<[string, Partial<TitleFacts>]>([
    [
      'My RTX 4090 + 7800X3D in a Lian Li O11',
      { gpu: 'RTX 4090', cpu: 'Ryzen 7 7800X3D', case: 'Lian Li O11 Dynamic', brands: ['Lian Li'] },
    ],
    [
      'rtx4070ti super / i9-14900K / NZXT H9 Flow',
      { gpu: 'RTX 4070 Ti Super', cpu: 'Core i9-14900K', case: 'NZXT H9 Flow', brands: ['NZXT'] },
    ],
    [
      'Red Devil 7900 XTX + Ryzen 9 7950X3D, Hyte Y70 Touch',
      { gpu: 'RX 7900 XTX', cpu: 'Ryzen 9 7950X3D', case: 'Hyte Y70 Touch', brands: ['Hyte', 'PowerColor'] },
    ],
    ['7900xt with a 7900x, no confusion', { gpu: 'RX 7900 XT', cpu: 'Ryzen 9 7900X' }],
    [
      'Budget build: RX 6800 and Ryzen 5 5600X in a Corsair 4000D Airflow',
      { gpu: 'RX 6800', cpu: 'Ryzen 5 5600X', case: 'Corsair 4000D Airflow', brands: ['Corsair'], features: ['budget build'] },
    ],
    ['Arc B580 first build', { gpu: 'Arc B580', features: ['first build'] }],
    ['Still rocking my GTX 1080 Ti on a 1080p monitor', { gpu: 'GTX 1080 Ti' }],
    [
      '9800X3D + 5090 Astral, Noctua NH-D15 G2 chromax',
      { gpu: 'RTX 5090', cpu: 'Ryzen 7 9800X3D', cooler: 'Noctua NH-D15 G2 chromax.black', brands: ['Noctua'] },
    ],
    [
      'Core Ultra 9 285K and RTX 5080 in a Fractal North',
      { gpu: 'RTX 5080', cpu: 'Core Ultra 9 285K', case: 'Fractal North', brands: ['Fractal Design'] },
    ],
    ['Threadripper 7980X workstation that also games', { cpu: 'Threadripper 7980X' }],
    ['All white ITX build, 4070 Super, Kraken 240', { gpu: 'RTX 4070 Super', cooler: 'NZXT Kraken 240', features: ['white build', 'ITX'] }],
    [
      'Hardline custom loop, vertical GPU, sleeved cables',
      { cooler: 'custom loop', features: ['hardline tubing', 'custom loop', 'vertical GPU', 'sleeved cables'] },
    ],
    ['i5 12400F + RX 6600 budget sleeper in an old Dell', { gpu: 'RX 6600', cpu: 'Core i5-12400F', features: ['budget build', 'sleeper'] }],
    [
      'ROG Strix 3080 Ti, Ryzen 7 5800X3D, 360mm AIO, Meshify 2 Compact',
      { gpu: 'RTX 3080 Ti', cpu: 'Ryzen 7 5800X3D', cooler: '360mm AIO', case: 'Fractal Meshify 2 Compact', brands: ['ASUS ROG'] },
    ],
    ['be quiet! Dark Rock Pro 5 cooling a 13600KF', { cpu: 'Core i5-13600KF', cooler: 'be quiet! Dark Rock Pro 5', brands: ['be quiet!'] }],
    ['Hyper 212 on a Ryzen 5 3600 with a 2060 Super', { gpu: 'RTX 2060 Super', cpu: 'Ryzen 5 3600', cooler: 'Cooler Master Hyper 212' }],
    ['Corsair H150i Elite in a 5000D', { cooler: 'Corsair H150i', case: 'Corsair 5000D', brands: ['Corsair'] }],
    [
      'Lian Li O11 Dynamic EVO XL with Arctic Liquid Freezer III 420',
      { cooler: 'Arctic Liquid Freezer III 420', case: 'Lian Li O11 Dynamic EVO XL', brands: ['Lian Li', 'Arctic'] },
    ],
    ['NR200P mini build with a 9070 XT', { gpu: 'RX 9070 XT', case: 'Cooler Master NR200P', features: ['small form factor'] }],
    ['Phanteks NV7 showcase, RX 9060 XT, i7 gaming', { gpu: 'RX 9060 XT', cpu: 'Core i7', case: 'Phanteks NV7', brands: ['Phanteks'] }],
  ])('%s', (title, expected) => {
    expect(parseTitle(title)).toEqual({ ...NOTHING, ...expected });
  });

  it.each([
    'My first build',
    'Built this in 2070 for my grandkids',
    'New 1080p setup',
    'Ryzen 5 7600 is enough',
    'Heading up north with my A380 flight sim rig',
    'The define moment of my year',
    'Sunday project',
    '<script>alert(1)</script>',
    '',
  ])('names no GPU in %j', (title) => {
    expect(parseTitle(title).gpu).toBeNull();
  });

  it.each<[string, TitleFacts['rgb']]>([
    ['RGB overload with 14 fans', 'overload'],
    ['Rainbow everything, 9 ARGB fans and an RTX 4070', 'overload'],
    ['Corsair 5000D RGB showcase', 'overload'],
    ['4000D with three RGB fans', 'lots'],
    ['No RGB, all business', 'none'],
    ['Stealth build, zero RGB', 'none'],
    ['Wraith Stealth still going strong', null],
    ['Ryzen 5 7600 and a 4060', null],
  ])('reads the lighting claim of %j', (title, rgb) => {
    expect(parseTitle(title).rgb).toBe(rgb);
  });

  it('lets the title overrule the photo’s RGB level', () => {
    expect(rgbAgreeingWithTitle('some', 'overload')).toBe('overload');
    expect(rgbAgreeingWithTitle('none', 'lots')).toBe('lots');
    expect(rgbAgreeingWithTitle('overload', 'lots')).toBe('overload');
    expect(rgbAgreeingWithTitle('lots', 'none')).toBe('none');
    expect(rgbAgreeingWithTitle('some', null)).toBe('some');
  });

  it('reads no case from common words unless the brand is named', () => {
    expect(parseTitle('Going north for the torrent of frames').case).toBeNull();
    expect(parseTitle('Fractal Torrent Compact').case).toBe('Fractal Torrent Compact');
  });

  it('reads a bare Ryzen number as its CPU, and a Threadripper number as a Threadripper', () => {
    expect(parseTitle('5950x').cpu).toBe('Ryzen 9 5950X');
    expect(parseTitle('3990X render box').cpu).toBe('Threadripper 3990X');
    expect(parseTitle('Ryzen 5 7600 + RX 7600').gpu).toBe('RX 7600');
  });
});
