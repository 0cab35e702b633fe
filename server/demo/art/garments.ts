import { CX, type Drawing, el, mirrorPoints, type Pt, polygon, symmetric } from './draw.ts';

/** How a garment is cut, read from its features (sleeve size, neck line, fit type). */
export interface Cut {
  sleeve: number;
  neck: 'round' | 'v' | 'square' | 'boat' | 'mandarin' | 'collar' | 'hood';
  fit: 'straight' | 'a-line' | 'flared' | 'fitted' | 'wide';
  ethnic: boolean;
}

/** x, y, width, height on the 600 x 800 canvas (3:4, like the photos) */
export type Box = readonly [number, number, number, number];

/** Where the drawing sits: the close-up crops, and the shoulder line a hanger hangs from. */
export interface Frame {
  focus: Box;
  detail: Box;
  hangerY?: number;
  floorY: number;
}

export const SLEEVE_LENGTH = { none: 0, cap: 45, short: 100, elbow: 170, threeQuarter: 235, full: 320 };

interface Tunic {
  top: number;
  neckHalf: number;
  shoulder: number;
  armpit: Pt;
  waist: Pt;
  hem: Pt;
  hemDip: number;
  sleeveAngle: number;
  cuff: number;
}

function neckDepth(neck: Cut['neck']): number {
  return { round: 44, v: 96, square: 62, boat: 16, mandarin: 26, collar: 26, hood: 30 }[neck];
}

function tunicOutline(t: Tunic, cut: Cut): string {
  const depth = neckDepth(cut.neck);
  const neckHalf = cut.neck === 'boat' ? t.neckHalf * 1.45 : t.neckHalf;
  const neck: number[][] =
    cut.neck === 'v'
      ? [[neckHalf, t.top]]
      : cut.neck === 'square'
        ? [
            [neckHalf * 0.8, t.top + depth],
            [neckHalf, t.top],
          ]
        : [[neckHalf * 0.92, t.top + depth, neckHalf, t.top]];
  const sy = t.top + 22;
  const [ax, ay] = t.armpit;
  const [wx, wy] = t.waist;
  const [hx, hy] = t.hem;
  const armhole = cut.sleeve > 0 ? [ax, ay] : [ax - 30, (sy + ay) / 2 + 12, ax, ay];
  const drop = (hy - wy) * 0.4;
  return symmetric(
    [0, t.top + depth],
    [
      ...neck,
      [t.shoulder, sy],
      armhole,
      [ax + 2, ay + 45, wx, wy - 45, wx, wy],
      [wx, wy + drop, hx, hy - drop, hx, hy],
      [hx * 0.5, hy + t.hemDip, 0, hy + t.hemDip],
    ],
  );
}

function sleeves(g: Drawing, t: Tunic, cut: Cut, cuffBand: boolean): void {
  if (cut.sleeve <= 0) return;
  const a = (t.sleeveAngle * Math.PI) / 180;
  const s: Pt = [CX + t.shoulder, t.top + 22];
  const armpit: Pt = [CX + t.armpit[0], t.armpit[1]];
  const o: Pt = [s[0] + Math.sin(a) * cut.sleeve, s[1] + Math.cos(a) * cut.sleeve];
  const i: Pt = [o[0] - Math.cos(a) * t.cuff, o[1] + Math.sin(a) * t.cuff];
  const right: Pt[] = [s, o, i, armpit];
  for (const side of [right, mirrorPoints(right)]) {
    g.cloth(polygon(side));
    const [, end, inner] = side;
    if (cuffBand && end && inner) {
      g.add(
        el('path', {
          d: `M${end[0]} ${end[1]}L${inner[0]} ${inner[1]}`,
          stroke: g.paint.trim,
          'stroke-width': 12,
        }),
      );
    }
  }
}

function neckTrim(g: Drawing, t: Tunic, cut: Cut): void {
  const depth = neckDepth(cut.neck);
  const nh = cut.neck === 'boat' ? t.neckHalf * 1.45 : t.neckHalf;
  const { trim, shade, base } = g.paint;
  if (cut.neck === 'collar') {
    const flap = (s: number) =>
      polygon([
        [CX + s * (nh - 2), t.top - 6],
        [CX + s * (nh + 18), t.top + 34],
        [CX + s * 10, t.top + depth + 40],
        [CX, t.top + depth],
        [CX + s * 6, t.top + 8],
      ]);
    g.add(
      el('path', { d: flap(1), fill: base, stroke: shade, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
    );
    g.add(
      el('path', { d: flap(-1), fill: base, stroke: shade, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
    );
    return;
  }
  const path =
    cut.neck === 'v'
      ? `M${CX - nh} ${t.top}L${CX} ${t.top + depth}L${CX + nh} ${t.top}`
      : cut.neck === 'square'
        ? `M${CX - nh} ${t.top}L${CX - nh * 0.8} ${t.top + depth}L${CX + nh * 0.8} ${t.top + depth}L${CX + nh} ${t.top}`
        : `M${CX - nh} ${t.top}Q${CX - nh * 0.92} ${t.top + depth} ${CX} ${t.top + depth}Q${CX + nh * 0.92} ${t.top + depth} ${CX + nh} ${t.top}`;
  const width = cut.neck === 'mandarin' ? 14 : 7;
  g.add(
    el('path', {
      d: path,
      fill: 'none',
      stroke: cut.ethnic ? trim : shade,
      'stroke-width': width,
      'stroke-linecap': 'round',
    }),
  );
}

function hood(g: Drawing, t: Tunic): void {
  const { top, neckHalf: nh } = t;
  g.cloth(
    `M${CX - nh - 44} ${top + 26}C${CX - nh - 60} ${top - 70} ${CX - 40} ${top - 104} ${CX} ${top - 104}C${CX + 40} ${top - 104} ${CX + nh + 60} ${top - 70} ${CX + nh + 44} ${top + 26}Z`,
  );
  g.add(
    el('path', {
      d: `M${CX - nh - 8} ${top + 20}C${CX - nh} ${top - 50} ${CX + nh} ${top - 50} ${CX + nh + 8} ${top + 20}Z`,
      fill: g.paint.shade,
      opacity: 0.7,
    }),
  );
}

function drawTunic(
  g: Drawing,
  t: Tunic,
  cut: Cut,
  options: { hemBand?: boolean; cuffBand?: boolean } = {},
): void {
  if (cut.neck === 'hood') hood(g, t);
  sleeves(g, t, cut, options.cuffBand ?? false);
  const [hx, hy] = t.hem;
  g.cloth(tunicOutline(t, cut), options.hemBand ? { band: [hy - 40, hy + t.hemDip + 4] } : {});
  const [wx, wy] = t.waist;
  g.folds([
    `M${CX - wx * 0.45} ${wy + 20}Q${CX - hx * 0.5} ${(wy + hy) / 2} ${CX - hx * 0.62} ${hy - 10}`,
    `M${CX + wx * 0.35} ${wy + 40}Q${CX + hx * 0.4} ${(wy + hy) / 2} ${CX + hx * 0.5} ${hy - 6}`,
  ]);
  if (cut.neck !== 'hood') neckTrim(g, t, cut);
}

function kurtiTunic(cut: Cut, top = 100, hemY = 690): Tunic {
  const flare = { straight: 118, 'a-line': 165, flared: 215, fitted: 112, wide: 165 }[cut.fit];
  const waistY = cut.fit === 'flared' ? top + 190 : top + 270;
  return {
    top,
    neckHalf: 44,
    shoulder: 122,
    armpit: [106, top + 150],
    waist: [cut.fit === 'flared' ? 88 : 100, waistY],
    hem: [flare, hemY],
    hemDip: 10,
    sleeveAngle: 24,
    cuff: 62,
  };
}

function sideSlits(g: Drawing, hem: Pt, length = 70): void {
  const [hx, hy] = hem;
  for (const s of [-1, 1]) {
    const x = CX + s * (hx - 3);
    g.add(
      el('path', { d: `M${x} ${hy}L${x - s * 6} ${hy - length}`, stroke: g.paint.shade, 'stroke-width': 3 }),
    );
  }
}

const TUNIC_FRAME: Frame = {
  focus: [180, 260, 240, 320],
  detail: [195, 70, 210, 280],
  hangerY: 122,
  floorY: 720,
};

export function kurti(g: Drawing, cut: Cut): Frame {
  const t = kurtiTunic(cut);
  drawTunic(g, t, cut, { hemBand: cut.ethnic, cuffBand: cut.ethnic });
  if (cut.fit !== 'flared') sideSlits(g, t.hem);
  return TUNIC_FRAME;
}

export function kurta(g: Drawing, cut: Cut, long = false): Frame {
  const top = long ? 80 : 100;
  const t: Tunic = {
    top,
    neckHalf: 40,
    shoulder: 138,
    armpit: [122, top + 155],
    waist: [118, top + 300],
    hem: [long ? 140 : 128, long ? 740 : 700],
    hemDip: 4,
    sleeveAngle: 20,
    cuff: 58,
  };
  drawTunic(g, t, cut, { hemBand: long || cut.ethnic, cuffBand: long });
  const depth = neckDepth(cut.neck);
  const placketEnd = long ? t.hem[1] : top + depth + 150;
  g.add(
    el('path', {
      d: `M${CX} ${top + depth}L${CX} ${placketEnd}`,
      stroke: long ? g.paint.trim : g.paint.shade,
      'stroke-width': long ? 6 : 3,
    }),
  );
  const buttons: number[] = [];
  for (let y = top + depth + 22; y < placketEnd - 10; y += long ? 44 : 36) buttons.push(y);
  g.buttons(CX, buttons, long ? 7 : 5);
  if (!long) sideSlits(g, t.hem, 80);
  return { ...TUNIC_FRAME, hangerY: top + 22, floorY: t.hem[1] + 20 };
}

export const sherwani = (g: Drawing, cut: Cut) =>
  kurta(g, { ...cut, neck: 'mandarin', sleeve: SLEEVE_LENGTH.full }, true);

export function top(g: Drawing, cut: Cut): Frame {
  const t: Tunic = {
    top: 150,
    neckHalf: 46,
    shoulder: 122,
    armpit: [104, 290],
    waist: [92, 420],
    hem: [cut.fit === 'flared' ? 160 : 120, 590],
    hemDip: 8,
    sleeveAngle: 26,
    cuff: 64,
  };
  drawTunic(g, t, cut, { hemBand: cut.ethnic });
  return { focus: [180, 290, 240, 320], detail: [190, 110, 220, 293], hangerY: 172, floorY: 620 };
}

export function tshirt(g: Drawing, cut: Cut): Frame {
  const t: Tunic = {
    top: 150,
    neckHalf: 46,
    shoulder: 142,
    armpit: [130, 300],
    waist: [128, 460],
    hem: [130, 650],
    hemDip: 0,
    sleeveAngle: 58,
    cuff: 84,
  };
  drawTunic(g, t, {
    ...cut,
    sleeve: Math.min(cut.sleeve || 120, 140),
    neck: cut.neck === 'collar' || cut.neck === 'v' ? cut.neck : 'round',
  });
  g.add(
    el('path', {
      d: `M${CX - 128} 634L${CX + 128} 634`,
      stroke: g.paint.shade,
      'stroke-width': 2,
      'stroke-dasharray': '6 4',
    }),
  );
  if (cut.neck === 'collar') g.buttons(CX, [205, 232], 5, g.paint.light);
  return { focus: [170, 300, 260, 347], detail: [180, 110, 240, 320], hangerY: 172, floorY: 670 };
}

export function shirt(g: Drawing, cut: Cut): Frame {
  const t: Tunic = {
    top: 110,
    neckHalf: 40,
    shoulder: 136,
    armpit: [122, 270],
    waist: [118, 430],
    hem: [124, 650],
    hemDip: 30,
    sleeveAngle: 18,
    cuff: 56,
  };
  drawTunic(g, t, { ...cut, neck: 'collar' });
  g.add(el('path', { d: `M${CX} 150L${CX} 676`, stroke: g.paint.shade, 'stroke-width': 3 }));
  g.buttons(CX + 8, [190, 260, 330, 400, 470, 540, 610], 5, g.paint.light);
  const pocket = polygon([
    [CX - 100, 250],
    [CX - 44, 250],
    [CX - 44, 318],
    [CX - 72, 330],
    [CX - 100, 318],
  ]);
  g.add(el('path', { d: pocket, fill: 'none', stroke: g.paint.shade, 'stroke-width': 2.5 }));
  return { focus: [170, 280, 260, 347], detail: [180, 70, 240, 320], hangerY: 132, floorY: 700 };
}

export function hoodie(g: Drawing, cut: Cut): Frame {
  const t: Tunic = {
    top: 170,
    neckHalf: 42,
    shoulder: 142,
    armpit: [128, 320],
    waist: [126, 480],
    hem: [122, 660],
    hemDip: 0,
    sleeveAngle: 22,
    cuff: 60,
  };
  drawTunic(g, t, { ...cut, neck: 'hood', sleeve: SLEEVE_LENGTH.full });
  const { shade } = g.paint;
  g.add(el('rect', { x: CX - 122, y: 626, width: 244, height: 34, fill: shade, opacity: 0.35 }));
  g.add(
    el('path', {
      d: `M${CX - 90} 600L${CX - 70} 500L${CX + 70} 500L${CX + 90} 600Z`,
      fill: 'none',
      stroke: shade,
      'stroke-width': 3,
    }),
  );
  for (const s of [-1, 1]) {
    g.add(
      el('path', {
        d: `M${CX + s * 24} 196L${CX + s * 30} 300`,
        stroke: g.paint.light,
        'stroke-width': 4,
        'stroke-linecap': 'round',
      }),
    );
  }
  return { focus: [170, 330, 260, 347], detail: [170, 60, 260, 347], hangerY: 192, floorY: 680 };
}

function dressTunic(cut: Cut, scale = 1): Tunic {
  const hemX = { straight: 150, 'a-line': 190, flared: 230, fitted: 112, wide: 200 }[cut.fit];
  return {
    top: 100,
    neckHalf: 42,
    shoulder: 112 * scale,
    armpit: [98 * scale, 250],
    waist: [78 * scale, 350],
    hem: [hemX, 720],
    hemDip: 16,
    sleeveAngle: 26,
    cuff: 60,
  };
}

export function dress(g: Drawing, cut: Cut): Frame {
  const t = dressTunic(cut);
  drawTunic(g, t, cut, { hemBand: cut.ethnic });
  g.add(
    el('path', {
      d: `M${CX - 78} 350Q${CX} 360 ${CX + 78} 350`,
      stroke: g.paint.shade,
      'stroke-width': 8,
      fill: 'none',
      opacity: 0.6,
    }),
  );
  return { focus: [180, 320, 240, 320], detail: [190, 70, 220, 293], hangerY: 122, floorY: 740 };
}

export function frock(g: Drawing, cut: Cut): Frame {
  g.add('<g transform="translate(60 120) scale(0.8)">');
  const t = dressTunic({ ...cut, fit: 'flared' });
  drawTunic(g, t, { ...cut, sleeve: Math.min(cut.sleeve, SLEEVE_LENGTH.short) }, { hemBand: true });
  const { trim, shade } = g.paint;
  g.add(
    el('path', {
      d: `M${CX - 80} 352Q${CX} 366 ${CX + 80} 352`,
      stroke: trim,
      'stroke-width': 14,
      fill: 'none',
    }),
  );
  g.add(
    el('path', {
      d: `M${CX} 358L${CX - 46} 330L${CX - 50} 390ZM${CX} 358L${CX + 46} 330L${CX + 50} 390Z`,
      fill: trim,
      stroke: shade,
      'stroke-width': 2,
    }),
  );
  g.add(el('circle', { cx: CX, cy: 358, r: 10, fill: trim, stroke: shade, 'stroke-width': 2 }));
  g.add('</g>');
  return { focus: [190, 330, 220, 293], detail: [200, 170, 200, 267], hangerY: 200, floorY: 720 };
}

interface Trousers {
  waistY: number;
  waist: number;
  hip: Pt;
  crotchY: number;
  hemY: number;
  hemOuter: number;
  hemInner: number;
}

function trouserOutline(p: Trousers): string {
  const [hx, hy] = p.hip;
  return symmetric(
    [0, p.waistY],
    [
      [p.waist, p.waistY],
      [p.waist + 4, p.waistY + 40, hx, hy - 30, hx, hy],
      [hx + (p.hemOuter - hx) * 0.1, hy + 120, p.hemOuter, p.hemY - 160, p.hemOuter, p.hemY],
      [p.hemInner, p.hemY],
      [4, p.crotchY + 6],
      [0, p.crotchY],
    ],
  );
}

function drawTrousers(g: Drawing, p: Trousers, kind: 'jeans' | 'palazzo' | 'pants', fill?: string): void {
  const { shade, trim } = g.paint;
  g.cloth(trouserOutline(p), { fill, motif: fill === undefined });
  g.add(
    el('path', {
      d: polygon([
        [CX - p.waist, p.waistY],
        [CX + p.waist, p.waistY],
        [CX + p.waist + 2, p.waistY + 26],
        [CX - p.waist - 2, p.waistY + 26],
      ]),
      fill: shade,
      opacity: 0.45,
    }),
  );
  const legMid = (p.hemOuter + p.hemInner) / 2;
  if (kind === 'palazzo') {
    for (let x = -p.waist + 10; x < p.waist; x += 14) {
      g.add(
        el('path', {
          d: `M${CX + x} ${p.waistY + 4}L${CX + x} ${p.waistY + 22}`,
          stroke: shade,
          'stroke-width': 2,
          opacity: 0.6,
        }),
      );
    }
    g.folds([
      `M${CX + 50} ${p.waistY + 60}Q${CX + legMid - 10} ${p.hemY - 200} ${CX + legMid} ${p.hemY - 4}`,
      `M${CX - 50} ${p.waistY + 60}Q${CX - legMid + 10} ${p.hemY - 200} ${CX - legMid} ${p.hemY - 4}`,
    ]);
    return;
  }
  g.folds(
    [
      `M${CX + legMid} ${p.crotchY + 40}L${CX + legMid} ${p.hemY - 10}`,
      `M${CX - legMid} ${p.crotchY + 40}L${CX - legMid} ${p.hemY - 10}`,
    ],
    0.2,
  );
  if (kind !== 'jeans') return;
  const thread = '#d08a3a';
  g.stitches(
    `M${CX + 6} ${p.waistY + 28}L${CX + 6} ${p.crotchY - 50}Q${CX + 6} ${p.crotchY - 20} ${CX - 10} ${p.crotchY - 16}`,
    thread,
  );
  for (const s of [-1, 1]) {
    g.stitches(
      `M${CX + s * (p.waist - 64)} ${p.waistY + 28}Q${CX + s * (p.waist - 40)} ${p.waistY + 86} ${CX + s * (p.hip[0] + 2)} ${p.waistY + 92}`,
      thread,
    );
    g.add(el('circle', { cx: CX + s * (p.waist - 60), cy: p.waistY + 34, r: 4, fill: trim }));
    g.add(
      el('ellipse', {
        cx: CX + s * legMid,
        cy: (p.crotchY + p.hemY) / 2,
        rx: 30,
        ry: 80,
        fill: '#ffffff',
        opacity: 0.12,
      }),
    );
    g.stitches(`M${CX + s * p.hemOuter} ${p.hemY - 14}L${CX + s * p.hemInner} ${p.hemY - 14}`, thread);
  }
  g.buttons(CX, [p.waistY + 14], 7, trim);
}

export function jeans(g: Drawing, cut: Cut): Frame {
  const slim = cut.fit === 'fitted';
  drawTrousers(
    g,
    {
      waistY: 80,
      waist: 112,
      hip: [128, 220],
      crotchY: 330,
      hemY: 760,
      hemOuter: slim ? 92 : 108,
      hemInner: slim ? 30 : 22,
    },
    'jeans',
  );
  return { focus: [180, 90, 240, 320], detail: [150, 60, 200, 267], floorY: 770 };
}

export function palazzo(g: Drawing): Frame {
  drawTrousers(
    g,
    { waistY: 80, waist: 108, hip: [130, 220], crotchY: 370, hemY: 760, hemOuter: 196, hemInner: 8 },
    'palazzo',
  );
  return { focus: [180, 250, 240, 320], detail: [180, 60, 240, 320], floorY: 770 };
}

export function coOrdSet(g: Drawing, cut: Cut): Frame {
  drawTrousers(
    g,
    {
      waistY: 400,
      waist: 92,
      hip: [104, 470],
      crotchY: 560,
      hemY: 770,
      hemOuter: cut.fit === 'wide' ? 150 : 100,
      hemInner: 14,
    },
    cut.fit === 'wide' ? 'palazzo' : 'pants',
  );
  const t: Tunic = {
    top: 90,
    neckHalf: 42,
    shoulder: 118,
    armpit: [102, 220],
    waist: [94, 300],
    hem: [108, 385],
    hemDip: 4,
    sleeveAngle: 26,
    cuff: 60,
  };
  drawTunic(g, t, cut);
  return { focus: [180, 150, 240, 320], detail: [170, 380, 260, 347], hangerY: 112, floorY: 780 };
}

export function kurtaSet(g: Drawing, cut: Cut): Frame {
  drawTrousers(
    g,
    { waistY: 420, waist: 90, hip: [100, 480], crotchY: 560, hemY: 775, hemOuter: 92, hemInner: 18 },
    'pants',
    g.paint.light,
  );
  const t = kurtiTunic({ ...cut, fit: cut.fit === 'flared' ? 'flared' : 'straight' }, 80, 640);
  drawTunic(g, t, cut, { hemBand: true, cuffBand: cut.ethnic });
  const { ink2, trim } = g.paint;
  const dupatta = `M${CX + 96} 104L${CX + 150} 116L${CX + 200} 680L${CX + 132} 690Z`;
  g.add(
    el(
      'g',
      { opacity: 0.78 },
      el('path', { d: dupatta, fill: ink2 }) +
        el('path', { d: `M${CX + 132} 690L${CX + 200} 680`, stroke: trim, 'stroke-width': 14 }),
    ),
  );
  g.folds([`M${CX + 130} 140L${CX + 168} 660`], 0.3);
  return { focus: [170, 240, 240, 320], detail: [170, 560, 180, 240], hangerY: 102, floorY: 785 };
}

export function kurtaPyjama(g: Drawing, cut: Cut): Frame {
  g.add('<g transform="translate(45 40) scale(0.85)">');
  drawTrousers(
    g,
    { waistY: 420, waist: 92, hip: [100, 480], crotchY: 560, hemY: 840, hemOuter: 88, hemInner: 18 },
    'pants',
    '#f2ecdf',
  );
  kurta(g, { ...cut, neck: 'mandarin' });
  g.add('</g>');
  return { focus: [170, 200, 240, 320], detail: [190, 80, 220, 293], hangerY: 140, floorY: 770 };
}

/** A dress form (mannequin) on its stand, for draped garments. */
function dressForm(g: Drawing): void {
  const skin = '#e8dcc9';
  const edge = '#bda98b';
  g.add(
    el('path', {
      d: `M${CX} 740L${CX} 788M${CX - 70} 790L${CX + 70} 790`,
      stroke: '#6b5643',
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }),
  );
  g.add(
    el('rect', {
      x: CX - 16,
      y: 66,
      width: 32,
      height: 50,
      rx: 6,
      fill: skin,
      stroke: edge,
      'stroke-width': 2,
    }),
  );
  g.add(el('ellipse', { cx: CX, cy: 64, rx: 22, ry: 8, fill: '#6b5643' }));
  const torso = symmetric(
    [0, 110],
    [
      [22, 110],
      [60, 116, 112, 128, 118, 168],
      [122, 210, 96, 240, 92, 290],
      [78, 360],
      [96, 440],
      [0, 440],
    ],
  );
  g.add(el('path', { d: torso, fill: skin, stroke: edge, 'stroke-width': 2 }));
}

export function saree(g: Drawing): Frame {
  dressForm(g);
  const { base, shade, trim, ink } = g.paint;
  const fall = polygon([
    [CX - 112, 150],
    [CX - 70, 140],
    [CX - 92, 640],
    [CX - 168, 620],
  ]);
  g.cloth(fall, { band: [600, 650] });
  g.add(el('path', { d: `M${CX - 168} 620L${CX - 92} 640`, stroke: trim, 'stroke-width': 16 }));
  const skirt = symmetric(
    [0, 372],
    [
      [80, 372],
      [90, 420, 140, 640, 150, 745],
      [75, 752, 0, 752],
    ],
  );
  g.cloth(skirt, { band: [712, 760] });
  const pleats: string[] = [];
  for (let i = -3; i <= 3; i++) pleats.push(`M${CX + 20 + i * 7} 420L${CX + 26 + i * 22} 740`);
  g.folds(pleats, 0.45);
  const blouse = symmetric(
    [0, 170],
    [
      [26, 110],
      [60, 116, 112, 128, 118, 168],
      [128, 205],
      [112, 236],
      [95, 250],
      [92, 290],
      [0, 296],
    ],
  );
  g.cloth(blouse, { fill: shade, motif: false });
  const pallu = polygon([
    [CX + 84, 378],
    [CX + 92, 468],
    [CX - 60, 238],
    [CX - 112, 150],
    [CX - 62, 138],
  ]);
  g.cloth(pallu);
  for (const [a, b] of [
    [
      [CX + 84, 378],
      [CX - 62, 138],
    ],
    [
      [CX + 92, 468],
      [CX - 112, 150],
    ],
  ] as const) {
    g.add(
      el('path', {
        d: `M${a[0]} ${a[1]}L${b[0]} ${b[1]}`,
        stroke: trim,
        'stroke-width': 12,
        'stroke-linecap': 'round',
      }),
    );
  }
  g.add(
    el('path', {
      d: `M${CX - 92} 640L${CX - 168} 620`,
      stroke: ink,
      'stroke-width': 3,
      'stroke-dasharray': '2 5',
    }),
  );
  g.add(el('path', { d: `M${CX - 80} 378L${CX + 80} 378`, stroke: base, 'stroke-width': 10 }));
  return { focus: [190, 420, 240, 320], detail: [150, 100, 240, 320], floorY: 790 };
}

export function lehenga(g: Drawing): Frame {
  dressForm(g);
  const { trim, ink2 } = g.paint;
  const skirt = symmetric(
    [0, 360],
    [
      [82, 360],
      [100, 440, 226, 640, 236, 745],
      [120, 770, 0, 770],
    ],
  );
  g.cloth(skirt, { band: [700, 775] });
  const gathers: string[] = [];
  for (let i = -4; i <= 4; i++) gathers.push(`M${CX + i * 18} 380L${CX + i * 52} 700`);
  g.folds(gathers, 0.22);
  const choli = symmetric(
    [0, 176],
    [
      [26, 110],
      [60, 116, 112, 128, 118, 168],
      [150, 250],
      [126, 262],
      [95, 250],
      [92, 300],
      [0, 306],
    ],
  );
  g.cloth(choli, { band: [284, 306] });
  g.add(el('path', { d: `M${CX - 82} 362L${CX + 82} 362`, stroke: trim, 'stroke-width': 12 }));
  const dupatta = `M${CX + 110} 140C${CX + 40} 360 ${CX - 120} 420 ${CX - 200} 330L${CX - 214} 360C${CX - 120} 470 ${CX + 60} 420 ${CX + 150} 170Z`;
  g.add(
    el(
      'g',
      { opacity: 0.62 },
      el('path', { d: dupatta, fill: ink2 }) +
        el('path', { d: dupatta, fill: 'none', stroke: trim, 'stroke-width': 6 }),
    ),
  );
  return { focus: [180, 430, 240, 320], detail: [170, 110, 260, 347], floorY: 790 };
}

/** Garments folded and stacked, as on a shop shelf: the "folded" view, and the art for unknown genres. */
export function foldedStack(g: Drawing, cut: Cut): Frame {
  const { trim, shade } = g.paint;
  for (const [i, y] of [340, 460, 580].entries()) {
    const w = 190 - i * 6;
    const d = `M${CX - w} ${y}Q${CX - w - 12} ${y + 50} ${CX - w + 4} ${y + 104}L${CX + w - 4} ${y + 104}Q${CX + w + 12} ${y + 50} ${CX + w} ${y}Q${CX} ${y - 14} ${CX - w} ${y}Z`;
    g.cloth(d, cut.ethnic ? { band: [y + 80, y + 104] } : {});
    g.add(
      el('path', {
        d: `M${CX - w + 20} ${y + 18}L${CX + w - 20} ${y + 18}`,
        stroke: shade,
        'stroke-width': 2,
        opacity: 0.4,
      }),
    );
    if (i === 0)
      g.add(
        el('rect', {
          x: CX + w - 60,
          y: y + 30,
          width: 34,
          height: 48,
          rx: 4,
          fill: '#fbf8f2',
          stroke: trim,
          'stroke-width': 2,
        }),
      );
  }
  return { focus: [180, 340, 240, 320], detail: [240, 300, 210, 280], floorY: 700 };
}
