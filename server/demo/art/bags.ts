import type { Random } from '../../platform/random.ts';
import { darken, lighten } from './colour.ts';
import { CX, type Drawing, el, polygon, symmetric } from './draw.ts';
import type { Frame } from './garments.ts';

function handle(g: Drawing, x0: number, x1: number, y: number, height: number, colour: string): void {
  const d = `M${x0} ${y}C${x0} ${y - height} ${x1} ${y - height} ${x1} ${y}`;
  g.add(
    el('path', {
      d,
      fill: 'none',
      stroke: darken(colour, 0.3),
      'stroke-width': 20,
      'stroke-linecap': 'round',
    }),
  );
  g.add(el('path', { d, fill: 'none', stroke: colour, 'stroke-width': 13, 'stroke-linecap': 'round' }));
}

function hardware(g: Drawing, points: readonly (readonly [number, number])[]): void {
  for (const [x, y] of points) {
    g.add(el('rect', { x: x - 14, y: y - 8, width: 28, height: 26, rx: 4, fill: g.paint.shade }));
    g.add(el('circle', { cx: x, cy: y + 5, r: 4.5, fill: g.paint.trim }));
  }
}

/** A tote, or a satchel with a flap and a lock, as the name says (else either). */
export function handbag(g: Drawing, rng: Random, name: string): Frame {
  const { base, shade, trim } = g.paint;
  const satchel = /satchel|messenger|laptop|office/.test(name) || (!/tote/.test(name) && rng.chance(0.5));
  handle(g, CX - 96, CX + 96, 330, satchel ? 150 : 220, darken(base, 0.15));
  const body = symmetric(
    [0, 330],
    [
      [150, 330],
      [182, 640],
      [184, 672, 150, 676],
      [0, 676],
    ],
  );
  g.cloth(body);
  g.stitches(
    symmetric(
      [0, 346],
      [
        [138, 346],
        [166, 640],
        [168, 660, 140, 662],
        [0, 662],
      ],
    ),
    lighten(base, 0.45),
    1.6,
  );
  if (satchel) {
    g.cloth(
      symmetric(
        [0, 330],
        [
          [150, 330],
          [158, 420],
          [150, 500, 0, 520],
        ],
      ),
      { fill: darken(base, 0.1) },
    );
    g.add(
      el('rect', {
        x: CX - 26,
        y: 492,
        width: 52,
        height: 40,
        rx: 8,
        fill: trim,
        stroke: shade,
        'stroke-width': 2,
      }),
    );
    g.add(el('circle', { cx: CX, cy: 512, r: 7, fill: shade }));
  } else {
    g.add(el('rect', { x: CX - 150, y: 330, width: 300, height: 22, fill: shade, opacity: 0.5 }));
    g.add(
      el('path', {
        d: `M${CX - 140} 341L${CX + 140} 341`,
        stroke: trim,
        'stroke-width': 3,
        'stroke-dasharray': '3 3',
      }),
    );
    g.add(el('rect', { x: CX + 112, y: 334, width: 10, height: 30, rx: 3, fill: trim }));
  }
  hardware(g, [
    [CX - 96, 338],
    [CX + 96, 338],
  ]);
  return { focus: [170, 300, 260, 347], detail: [150, 150, 300, 400], floorY: 690 };
}

/** A clutch with a chain, or a drawstring potli. */
export function handPurse(g: Drawing, rng: Random, name: string): Frame {
  const { shade, trim, base } = g.paint;
  if (/clutch/.test(name) || (!/potli/.test(name) && rng.chance(0.5))) {
    g.add(
      el('path', {
        d: `M${CX - 120} 400C${CX - 140} 160 ${CX + 140} 160 ${CX + 120} 400`,
        fill: 'none',
        stroke: trim,
        'stroke-width': 7,
        'stroke-dasharray': '10 4',
      }),
    );
    g.cloth(
      `M${CX - 160} 400L${CX + 160} 400L${CX + 160} 600Q${CX + 160} 620 ${CX + 140} 620L${CX - 140} 620Q${CX - 160} 620 ${CX - 160} 600Z`,
    );
    g.cloth(`M${CX - 160} 400L${CX + 160} 400L${CX} 530Z`, { fill: darken(base, 0.08) });
    g.add(el('circle', { cx: CX, cy: 526, r: 14, fill: trim, stroke: shade, 'stroke-width': 2 }));
    return { focus: [200, 420, 200, 267], detail: [150, 300, 300, 400], floorY: 630 };
  }
  const pouch = symmetric(
    [0, 380],
    [
      [70, 380],
      [40, 420, 170, 460, 170, 560],
      [170, 660, 90, 680, 0, 680],
    ],
  );
  g.cloth(pouch, { band: [640, 690] });
  g.cloth(
    symmetric(
      [0, 330],
      [
        [60, 330],
        [100, 300, 110, 340],
        [120, 380, 70, 392],
        [0, 392],
      ],
    ),
    { band: [330, 346] },
  );
  g.add(
    el('path', {
      d: `M${CX - 70} 386Q${CX} 402 ${CX + 70} 386`,
      stroke: trim,
      'stroke-width': 8,
      fill: 'none',
    }),
  );
  for (const s of [-1, 1]) {
    g.add(
      el('path', {
        d: `M${CX + s * 40} 392Q${CX + s * 70} 470 ${CX + s * 62} 530`,
        stroke: trim,
        'stroke-width': 4,
        fill: 'none',
      }),
    );
    g.add(el('path', { d: `M${CX + s * 62} 530l-10 40h20z`, fill: trim }));
  }
  return { focus: [200, 470, 200, 267], detail: [150, 260, 300, 400], floorY: 690 };
}

/** A wallet with cards peeking out of it. */
export function wallet(g: Drawing): Frame {
  const { base, shade, trim, ink, ink2 } = g.paint;
  g.add('<g transform="rotate(-6 300 450)">');
  g.add(
    el('rect', {
      x: CX - 120,
      y: 330,
      width: 120,
      height: 90,
      rx: 8,
      fill: ink,
      stroke: shade,
      'stroke-width': 2,
    }),
  );
  g.add(
    el('rect', {
      x: CX - 20,
      y: 318,
      width: 120,
      height: 90,
      rx: 8,
      fill: ink2,
      stroke: shade,
      'stroke-width': 2,
    }),
  );
  g.cloth(
    `M${CX - 170} 370L${CX + 170} 370L${CX + 170} 560Q${CX + 170} 580 ${CX + 150} 580L${CX - 150} 580Q${CX - 170} 580 ${CX - 170} 560Z`,
  );
  g.stitches(`M${CX - 156} 384L${CX + 156} 384L${CX + 156} 566L${CX - 156} 566Z`, lighten(base, 0.5), 1.5);
  g.cloth(`M${CX + 60} 440L${CX + 190} 440Q${CX + 200} 470 ${CX + 190} 500L${CX + 60} 500Z`, {
    fill: darken(base, 0.12),
  });
  g.add(el('circle', { cx: CX + 160, cy: 470, r: 10, fill: trim, stroke: shade, 'stroke-width': 2 }));
  g.add('</g>');
  return { focus: [200, 360, 200, 267], detail: [180, 270, 240, 320], floorY: 600 };
}

export function backpack(g: Drawing): Frame {
  const { base, shade, trim } = g.paint;
  const strap = darken(base, 0.35);
  for (const s of [-1, 1]) {
    g.add(
      el('path', {
        d: `M${CX + s * 90} 250C${CX + s * 190} 330 ${CX + s * 180} 520 ${CX + s * 150} 660`,
        stroke: strap,
        'stroke-width': 30,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
    );
  }
  g.add(
    el('path', {
      d: `M${CX - 40} 210C${CX - 40} 150 ${CX + 40} 150 ${CX + 40} 210`,
      stroke: strap,
      'stroke-width': 14,
      fill: 'none',
    }),
  );
  g.cloth(
    `M${CX - 140} 700L${CX - 140} 320C${CX - 140} 190 ${CX + 140} 190 ${CX + 140} 320L${CX + 140} 700Q${CX + 140} 724 ${CX + 116} 724L${CX - 116} 724Q${CX - 140} 724 ${CX - 140} 700Z`,
  );
  g.add(
    el('path', {
      d: `M${CX - 126} 360C${CX - 120} 230 ${CX + 120} 230 ${CX + 126} 360`,
      stroke: shade,
      'stroke-width': 5,
      fill: 'none',
    }),
  );
  g.cloth(
    `M${CX - 104} 500Q${CX - 104} 470 ${CX - 74} 470L${CX + 74} 470Q${CX + 104} 470 ${CX + 104} 500L${CX + 104} 664L${CX - 104} 664Z`,
    { fill: darken(base, 0.1) },
  );
  g.add(el('path', { d: `M${CX - 90} 500L${CX + 90} 500`, stroke: shade, 'stroke-width': 4 }));
  for (const [x, y] of [
    [CX + 84, 508],
    [CX + 104, 330],
  ] as const) {
    g.add(el('rect', { x: x - 5, y, width: 10, height: 30, rx: 3, fill: trim }));
  }
  return { focus: [180, 400, 240, 320], detail: [170, 160, 260, 347], floorY: 740 };
}

export function slingBag(g: Drawing): Frame {
  const { shade, trim } = g.paint;
  g.add(
    el('path', {
      d: `M${CX - 130} 450C${CX - 160} 120 ${CX + 40} 60 ${CX + 140} 450`,
      fill: 'none',
      stroke: shade,
      'stroke-width': 14,
    }),
  );
  g.cloth(
    `M${CX - 170} 470Q${CX - 170} 430 ${CX - 120} 430L${CX + 120} 430Q${CX + 170} 430 ${CX + 170} 470L${CX + 160} 620Q${CX + 150} 660 ${CX + 100} 660L${CX - 100} 660Q${CX - 150} 660 ${CX - 160} 620Z`,
  );
  g.add(el('path', { d: `M${CX - 150} 470L${CX + 150} 470`, stroke: trim, 'stroke-width': 4 }));
  g.add(el('rect', { x: CX + 120, y: 460, width: 12, height: 34, rx: 4, fill: trim }));
  return { focus: [200, 440, 200, 267], detail: [150, 220, 300, 400], floorY: 670 };
}

/** A natural jute tote with a printed panel and handles in the product's colour. */
export function juteBag(g: Drawing): Frame {
  const jute = '#c9ad7d';
  const { base, shade } = g.paint;
  handle(g, CX - 90, CX + 90, 320, 190, base);
  const body = polygon([
    [CX - 170, 320],
    [CX + 170, 320],
    [CX + 180, 700],
    [CX - 180, 700],
  ]);
  g.add(el('path', { d: body, fill: jute, stroke: darken(jute, 0.3), 'stroke-width': 2.5 }));
  g.add(el('path', { d: body, fill: 'url(#jute)' }));
  g.def(
    el(
      'pattern',
      { id: 'jute', width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
      el('path', { d: 'M0 2H8M0 6H8', stroke: darken(jute, 0.25), 'stroke-width': 1.2, opacity: 0.6 }) +
        el('path', { d: 'M2 0V8M6 0V8', stroke: lighten(jute, 0.3), 'stroke-width': 1, opacity: 0.5 }),
    ),
  );
  g.cloth(
    polygon([
      [CX - 110, 400],
      [CX + 110, 400],
      [CX + 110, 620],
      [CX - 110, 620],
    ]),
    { band: [600, 620] },
  );
  g.add(
    el('rect', {
      x: CX - 170,
      y: 320,
      width: 340,
      height: 28,
      fill: base,
      opacity: 0.85,
      stroke: shade,
      'stroke-width': 2,
    }),
  );
  return { focus: [190, 400, 220, 293], detail: [150, 130, 300, 400], floorY: 710 };
}
