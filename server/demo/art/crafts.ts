import type { Random } from '../../platform/random.ts';
import { darken, lighten, mix } from './colour.ts';
import { CX, type Drawing, el, type Pt, polygon, symmetric } from './draw.ts';
import type { Frame } from './garments.ts';

const BRASS = '#b8903e';

/** a point on a quadratic curve at t in [0, 1], and the curve's direction there in degrees */
function along([x0, y0]: Pt, [x1, y1]: Pt, [x2, y2]: Pt, t: number): [number, number, number] {
  const u = 1 - t;
  const x = u * u * x0 + 2 * u * t * x1 + t * t * x2;
  const y = u * u * y0 + 2 * u * t * y1 + t * t * y2;
  const angle = Math.atan2(2 * u * (y1 - y0) + 2 * t * (y2 - y1), 2 * u * (x1 - x0) + 2 * t * (x2 - x1));
  return [x, y, (angle * 180) / Math.PI];
}

function metal(g: Drawing, colour: string): string {
  const id = g.uid('metal');
  g.def(
    el(
      'linearGradient',
      { id, x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': lighten(colour, 0.45) }) +
        el('stop', { offset: 0.45, 'stop-color': colour }) +
        el('stop', { offset: 1, 'stop-color': darken(colour, 0.45) }),
    ),
  );
  return `url(#${id})`;
}

/** Painted terracotta beads on a cord, or cast brass (dokra) beads on a coloured thread. */
export function jewellery(g: Drawing, rng: Random, dokra: boolean): Frame {
  const { base, ink, shade } = g.paint;
  const beadFill = dokra ? metal(g, BRASS) : base;
  const cord = dokra ? base : '#2a2320';
  const p0: Pt = [CX - 170, 120];
  const p1: Pt = [CX, 640];
  const p2: Pt = [CX + 170, 120];
  g.add(
    el('path', {
      d: `M${p0[0]} ${p0[1]}Q${p1[0]} ${p1[1]} ${p2[0]} ${p2[1]}`,
      fill: 'none',
      stroke: cord,
      'stroke-width': dokra ? 7 : 4,
    }),
  );
  const count = rng.int(9, 13);
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const [x, y, angle] = along(p0, p1, p2, t);
    const big = i % 2 === 0;
    if (big) {
      g.add(
        el('ellipse', {
          cx: x,
          cy: y,
          rx: 22,
          ry: 15,
          fill: beadFill,
          stroke: darken(dokra ? BRASS : base, 0.35),
          'stroke-width': 2,
          transform: `rotate(${angle.toFixed(1)} ${x} ${y})`,
        }),
      );
      if (dokra)
        g.add(
          el('ellipse', {
            cx: x,
            cy: y,
            rx: 12,
            ry: 7,
            fill: 'none',
            stroke: darken(BRASS, 0.4),
            'stroke-width': 1.5,
            transform: `rotate(${angle.toFixed(1)} ${x} ${y})`,
          }),
        );
      else g.add(el('circle', { cx: x, cy: y, r: 4, fill: ink }));
    } else {
      g.add(
        el('circle', {
          cx: x,
          cy: y,
          r: 8,
          fill: dokra ? base : metal(g, BRASS),
          stroke: shade,
          'stroke-width': 1,
        }),
      );
    }
  }
  const [px, py] = along(p0, p1, p2, 0.5);
  const cy = py + 70;
  g.add(el('path', { d: `M${px} ${py}L${px} ${cy - 52}`, stroke: cord, 'stroke-width': 4 }));
  g.add(
    el('circle', {
      cx: px,
      cy,
      r: 62,
      fill: beadFill,
      stroke: darken(dokra ? BRASS : base, 0.4),
      'stroke-width': 3,
    }),
  );
  if (dokra) {
    let d = `M${px} ${cy}`;
    for (let a = 0; a < Math.PI * 8; a += 0.35) {
      const radius = 3 + a * 2;
      d += `L${(px + Math.cos(a) * radius).toFixed(1)} ${(cy + Math.sin(a) * radius).toFixed(1)}`;
    }
    g.add(el('path', { d, fill: 'none', stroke: darken(BRASS, 0.45), 'stroke-width': 2.5 }));
  } else {
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      g.add(el('circle', { cx: px + Math.cos(a) * 44, cy: cy + Math.sin(a) * 44, r: 5, fill: ink }));
    }
    g.add(el('circle', { cx: px, cy, r: 24, fill: 'none', stroke: ink, 'stroke-width': 4 }));
    g.add(el('circle', { cx: px, cy, r: 9, fill: g.paint.trim }));
  }
  for (const s of [-1, 1]) {
    const x = CX + s * 200;
    g.add(el('path', { d: `M${x} 520L${x} 560`, stroke: dokra ? BRASS : '#c9a24a', 'stroke-width': 3 }));
    g.add(el('circle', { cx: x, cy: 570, r: 14, fill: beadFill, stroke: shade, 'stroke-width': 1.5 }));
    g.add(
      el('path', {
        d: `M${x - 34} 640Q${x} 560 ${x + 34} 640Z`,
        fill: beadFill,
        stroke: darken(dokra ? BRASS : base, 0.35),
        'stroke-width': 2,
      }),
    );
    for (let k = -2; k <= 2; k++)
      g.add(el('circle', { cx: x + k * 14, cy: 648, r: 4, fill: dokra ? base : '#c9a24a' }));
  }
  return { focus: [180, 300, 240, 320], detail: [30, 480, 150, 200], floorY: 720 };
}

/** A stole hanging from a wooden rod, with running-stitch (kantha) rows and fringes. */
export function stole(g: Drawing): Frame {
  const { trim, shade } = g.paint;
  g.add(el('rect', { x: 80, y: 120, width: 440, height: 16, rx: 8, fill: '#7a5230' }));
  const panels = [
    polygon([
      [CX - 170, 128],
      [CX + 20, 128],
      [CX + 40, 690],
      [CX - 190, 700],
    ]),
    polygon([
      [CX - 40, 128],
      [CX + 170, 128],
      [CX + 190, 610],
      [CX - 30, 600],
    ]),
  ];
  const [back, front] = panels;
  if (back) g.cloth(back, { band: [650, 700] });
  if (front) g.cloth(front, { band: [560, 610] });
  for (const [x0, x1, y] of [
    [CX - 190, CX + 40, 700],
    [CX - 30, CX + 190, 604],
  ] as const) {
    let fringe = '';
    for (let x = x0 + 6; x < x1; x += 9) fringe += `M${x} ${y - 2}l${(x - CX) * 0.02} 34`;
    g.add(el('path', { d: fringe, stroke: trim, 'stroke-width': 3, 'stroke-linecap': 'round' }));
  }
  g.folds([`M${CX - 80} 140L${CX - 96} 680`, `M${CX + 60} 140L${CX + 80} 590`], 0.3);
  g.add(el('path', { d: `M${CX - 170} 128L${CX + 170} 128`, stroke: shade, 'stroke-width': 4 }));
  return { focus: [180, 250, 240, 320], detail: [130, 420, 240, 320], floorY: 740 };
}

function frame(g: Drawing, inner: string): void {
  g.add(el('rect', { x: 84, y: 110, width: 432, height: 580, fill: '#5e3b22', rx: 4 }));
  g.add(
    el('rect', {
      x: 96,
      y: 122,
      width: 408,
      height: 556,
      fill: 'none',
      stroke: '#8a5a34',
      'stroke-width': 6,
    }),
  );
  g.add(el('rect', { x: 112, y: 138, width: 376, height: 524, fill: '#efe3c6' }));
  g.add(inner);
}

function fish(x: number, y: number, size: number, flip: boolean, fill: string, line: string): string {
  const s = size;
  const body = `M${x - s} ${y}C${x - s * 0.4} ${y - s * 0.7} ${x + s * 0.5} ${y - s * 0.6} ${x + s} ${y}C${x + s * 0.5} ${y + s * 0.6} ${x - s * 0.4} ${y + s * 0.7} ${x - s} ${y}Z`;
  const tail = polygon([
    [x + s * 0.95, y],
    [x + s * 1.45, y - s * 0.45],
    [x + s * 1.35, y],
    [x + s * 1.45, y + s * 0.45],
  ]);
  let scales = '';
  for (let i = -2; i <= 2; i++)
    scales += `M${x + i * s * 0.25} ${y - s * 0.38}Q${x + i * s * 0.25 + s * 0.18} ${y} ${x + i * s * 0.25} ${y + s * 0.38}`;
  return el(
    'g',
    { transform: flip ? `rotate(180 ${x} ${y})` : undefined },
    el('path', { d: tail, fill: line }) +
      el('path', { d: body, fill, stroke: line, 'stroke-width': 4 }) +
      el('path', { d: scales, fill: 'none', stroke: line, 'stroke-width': 2 }) +
      el('circle', {
        cx: x - s * 0.62,
        cy: y - s * 0.08,
        r: s * 0.1,
        fill: '#fff',
        stroke: line,
        'stroke-width': 3,
      }),
  );
}

/** Mithila art: a hatched double border and a pair of fish, the sign of good fortune. */
export function madhubani(g: Drawing): Frame {
  const { base, ink2 } = g.paint;
  const line = '#1d1410';
  let border = '';
  for (let x = 126; x < 474; x += 16) {
    border +=
      el('path', { d: `M${x} 152l8 -12l8 12z`, fill: base }) +
      el('path', { d: `M${x} 648l8 12l8 -12z`, fill: base });
  }
  for (let y = 160; y < 640; y += 16) {
    border +=
      el('path', { d: `M126 ${y}l-12 8l12 8z`, fill: base }) +
      el('path', { d: `M474 ${y}l12 8l-12 8z`, fill: base });
  }
  const inner =
    border +
    el('rect', { x: 130, y: 156, width: 340, height: 488, fill: 'none', stroke: line, 'stroke-width': 3 }) +
    el('rect', { x: 140, y: 166, width: 320, height: 468, fill: 'none', stroke: line, 'stroke-width': 1.5 }) +
    el('circle', {
      cx: CX,
      cy: 400,
      r: 150,
      fill: mix(base, '#ffffff', 0.78),
      stroke: line,
      'stroke-width': 3,
    }) +
    fish(CX - 10, 330, 92, false, base, line) +
    fish(CX + 10, 470, 92, true, ink2 === base ? '#e0a82a' : ink2, line) +
    el('circle', { cx: CX, cy: 400, r: 14, fill: '#e0a82a', stroke: line, 'stroke-width': 3 });
  frame(g, inner);
  return { focus: [170, 250, 260, 347], detail: [110, 130, 180, 240], floorY: 700 };
}

/** Odisha scroll painting: a coloured ground, a petal border and a lotus. */
export function pattachitra(g: Drawing): Frame {
  const { base } = g.paint;
  const line = '#1d1410';
  const cream = '#f3e3bd';
  let border = '';
  for (let x = 130; x < 470; x += 28) {
    border += el('path', {
      d: `M${x} 170Q${x + 14} 140 ${x + 28} 170Z`,
      fill: cream,
      stroke: line,
      'stroke-width': 2,
    });
    border += el('path', {
      d: `M${x} 630Q${x + 14} 660 ${x + 28} 630Z`,
      fill: cream,
      stroke: line,
      'stroke-width': 2,
    });
  }
  let petals = '';
  for (let i = 0; i < 9; i++) {
    const a = -160 + i * 17.5;
    petals += el('ellipse', {
      cx: CX,
      cy: 360,
      rx: 24,
      ry: 110,
      fill: i % 2 ? cream : '#e8a531',
      stroke: line,
      'stroke-width': 3,
      transform: `rotate(${a + 90} ${CX} 470)`,
    });
  }
  const inner =
    el('rect', { x: 112, y: 138, width: 376, height: 524, fill: base }) +
    border +
    el('rect', { x: 130, y: 172, width: 340, height: 456, fill: 'none', stroke: cream, 'stroke-width': 4 }) +
    petals +
    el('path', {
      d: `M${CX - 120} 500Q${CX} 560 ${CX + 120} 500Q${CX} 540 ${CX - 120} 500Z`,
      fill: '#3d7a3a',
      stroke: line,
      'stroke-width': 3,
    }) +
    el('circle', { cx: CX, cy: 470, r: 26, fill: '#e8a531', stroke: line, 'stroke-width': 3 }) +
    el('path', { d: `M${CX} 520L${CX} 600`, stroke: '#3d7a3a', 'stroke-width': 8 });
  frame(g, inner);
  return { focus: [180, 300, 240, 320], detail: [110, 130, 180, 240], floorY: 700 };
}

/** A woven bamboo basket with bands of dyed cane. */
export function bamboo(g: Drawing, rng: Random, name: string): Frame {
  const cane = '#d6b877';
  const { base } = g.paint;
  const tall = /laundry|storage/.test(name) || (!/fruit|bowl/.test(name) && rng.chance(0.5));
  const topY = tall ? 250 : 380;
  const half = tall ? 150 : 200;
  const body = symmetric(
    [0, topY],
    [
      [half, topY],
      [half - 10, 560, half - 50, 680],
      [half - 70, 700, 0, 700],
    ],
  );
  g.add(el('path', { d: body, fill: cane }));
  g.def(
    el(
      'pattern',
      { id: 'cane', width: 24, height: 24, patternUnits: 'userSpaceOnUse' },
      el('rect', { x: 0, y: 0, width: 12, height: 12, fill: darken(cane, 0.18) }) +
        el('rect', { x: 12, y: 12, width: 12, height: 12, fill: darken(cane, 0.18) }) +
        el('path', { d: 'M0 12H24M12 0V24', stroke: darken(cane, 0.4), 'stroke-width': 1 }),
    ),
  );
  g.add(el('path', { d: body, fill: 'url(#cane)' }));
  const clip = g.uid('clip');
  g.def(el('clipPath', { id: clip }, el('path', { d: body })));
  const bands = [0.3, 0.62].map((f) => topY + (700 - topY) * f);
  g.add(
    el(
      'g',
      { 'clip-path': `url(#${clip})` },
      bands.map((y) => el('rect', { x: 0, y, width: 600, height: 26, fill: base, opacity: 0.9 })).join(''),
    ),
  );
  g.add(el('path', { d: body, fill: 'url(#shade)' }));
  g.add(
    el('ellipse', {
      cx: CX,
      cy: topY,
      rx: half,
      ry: 34,
      fill: darken(cane, 0.35),
      stroke: darken(cane, 0.5),
      'stroke-width': 10,
    }),
  );
  if (tall)
    g.add(
      el('path', {
        d: `M${CX - 120} ${topY}C${CX - 120} 80 ${CX + 120} 80 ${CX + 120} ${topY}`,
        fill: 'none',
        stroke: darken(cane, 0.3),
        'stroke-width': 14,
      }),
    );
  return { focus: [190, 430, 220, 293], detail: [150, topY - 60, 300, 400], floorY: 710 };
}

/** Cast brass: an oil-lamp stand (samai), a bell or a flower bowl (urli). */
export function brass(g: Drawing, rng: Random, name: string): Frame {
  const fill = metal(g, g.paint.base);
  const edge = darken(g.paint.base, 0.5);
  const piece = (d: string) => el('path', { d, fill, stroke: edge, 'stroke-width': 2.5 });
  const kind = /lamp|diya|samai/.test(name)
    ? 0
    : /bell/.test(name)
      ? 1
      : /urli|bowl/.test(name)
        ? 2
        : rng.int(0, 2);
  if (kind === 0) {
    g.add(el('ellipse', { cx: CX, cy: 700, rx: 130, ry: 26, fill, stroke: edge, 'stroke-width': 2.5 }));
    g.add(piece(`M${CX - 18} 690L${CX - 14} 330L${CX + 14} 330L${CX + 18} 690Z`));
    for (const y of [620, 520, 420])
      g.add(el('ellipse', { cx: CX, cy: y, rx: 34, ry: 16, fill, stroke: edge, 'stroke-width': 2.5 }));
    g.add(piece(`M${CX - 150} 300Q${CX} 380 ${CX + 150} 300Q${CX} 330 ${CX - 150} 300Z`));
    for (const x of [-110, -55, 0, 55, 110]) {
      g.add(
        el('path', {
          d: `M${CX + x} 296Q${CX + x - 16} 270 ${CX + x} 240Q${CX + x + 16} 270 ${CX + x} 296Z`,
          fill: '#f5a623',
        }),
      );
      g.add(
        el('path', {
          d: `M${CX + x} 292Q${CX + x - 7} 276 ${CX + x} 262Q${CX + x + 7} 276 ${CX + x} 292Z`,
          fill: '#fff3b0',
        }),
      );
    }
    g.add(piece(`M${CX - 14} 330L${CX} 150L${CX + 14} 330Z`));
    return { focus: [190, 240, 220, 293], detail: [200, 560, 200, 267], floorY: 720 };
  }
  if (kind === 1) {
    g.add(piece(`M${CX - 16} 300L${CX - 16} 190Q${CX} 150 ${CX + 16} 190L${CX + 16} 300Z`));
    g.add(el('circle', { cx: CX, cy: 170, r: 30, fill, stroke: edge, 'stroke-width': 2.5 }));
    g.add(
      piece(
        `M${CX - 150} 640C${CX - 120} 600 ${CX - 110} 300 ${CX} 290C${CX + 110} 300 ${CX + 120} 600 ${CX + 150} 640Z`,
      ),
    );
    g.add(
      el('ellipse', {
        cx: CX,
        cy: 640,
        rx: 150,
        ry: 22,
        fill: darken(g.paint.base, 0.3),
        stroke: edge,
        'stroke-width': 2.5,
      }),
    );
    g.add(el('circle', { cx: CX, cy: 672, r: 18, fill, stroke: edge, 'stroke-width': 2.5 }));
    for (const y of [400, 560])
      g.add(
        el('path', {
          d: `M${CX - 110} ${y}Q${CX} ${y + 20} ${CX + 110} ${y}`,
          stroke: edge,
          'stroke-width': 3,
          fill: 'none',
        }),
      );
    return { focus: [200, 380, 200, 267], detail: [180, 120, 240, 320], floorY: 700 };
  }
  g.add(piece(`M${CX - 220} 440Q${CX - 200} 640 ${CX} 640Q${CX + 200} 640 ${CX + 220} 440Z`));
  g.add(
    el('ellipse', {
      cx: CX,
      cy: 440,
      rx: 220,
      ry: 40,
      fill: darken(g.paint.base, 0.25),
      stroke: edge,
      'stroke-width': 3,
    }),
  );
  g.add(el('ellipse', { cx: CX, cy: 446, rx: 196, ry: 30, fill: '#6fa8b8', opacity: 0.85 }));
  for (const [x, y, r] of [
    [CX - 90, 440, 30],
    [CX + 20, 452, 36],
    [CX + 120, 436, 26],
  ] as const) {
    for (let i = 0; i < 10; i++) {
      const a = (i * Math.PI) / 5;
      g.add(
        el('circle', {
          cx: x + Math.cos(a) * r * 0.55,
          cy: y + Math.sin(a) * r * 0.3,
          r: r * 0.45,
          fill: i % 2 ? '#f08a1c' : '#f6b21b',
        }),
      );
    }
    g.add(el('circle', { cx: x, cy: y, r: r * 0.35, fill: '#d9651b' }));
  }
  g.add(
    el('path', {
      d: `M${CX - 60} 640L${CX - 80} 690L${CX + 80} 690L${CX + 60} 640Z`,
      fill,
      stroke: edge,
      'stroke-width': 2.5,
    }),
  );
  return { focus: [170, 330, 260, 347], detail: [130, 300, 240, 320], floorY: 700 };
}
