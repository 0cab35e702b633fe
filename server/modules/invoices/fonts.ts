import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';

/**
 * The fonts tax documents are printed in. Latin text keeps PDF's own Helvetica (nothing embedded);
 * names and addresses in the nine Indic scripts the shop's forms accept are drawn with Noto Sans for
 * their script (SIL OFL, from the @fontsource packages, resolved in node_modules as the compiled
 * server finds them too), which pdfkit embeds and shapes (conjuncts, reph, pre-base vowel signs)
 * through fontkit's OpenType shapers. docs/decisions/032-indic-fonts-on-tax-documents.md says why.
 */

export type Weight = 'regular' | 'bold';

export const SCRIPTS = [
  { name: 'devanagari', family: 'noto-sans-devanagari', first: 0x0900, last: 0x097f },
  { name: 'bengali', family: 'noto-sans-bengali', first: 0x0980, last: 0x09ff },
  { name: 'gurmukhi', family: 'noto-sans-gurmukhi', first: 0x0a00, last: 0x0a7f },
  { name: 'gujarati', family: 'noto-sans-gujarati', first: 0x0a80, last: 0x0aff },
  { name: 'oriya', family: 'noto-sans-oriya', first: 0x0b00, last: 0x0b7f },
  { name: 'tamil', family: 'noto-sans-tamil', first: 0x0b80, last: 0x0bff },
  { name: 'telugu', family: 'noto-sans-telugu', first: 0x0c00, last: 0x0c7f },
  { name: 'kannada', family: 'noto-sans-kannada', first: 0x0c80, last: 0x0cff },
  { name: 'malayalam', family: 'noto-sans-malayalam', first: 0x0d00, last: 0x0d7f },
] as const;

type Script = (typeof SCRIPTS)[number];

const HELVETICA: Record<Weight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const FILE_WEIGHT: Record<Weight, number> = { regular: 400, bold: 700 };

const resolve = createRequire(import.meta.url).resolve;

/**
 * Each family ships its script and its Latin as separate subsets of one design with the same line
 * metrics, so a Latin run beside the script (a street name by a Bengali name) is drawn with the
 * family's Latin and stays on the same baseline.
 */
const fontFile = (script: Script, subset: 'script' | 'latin', weight: Weight) =>
  resolve(
    `@fontsource/${script.family}/files/${script.family}-${subset === 'script' ? script.name : 'latin'}-${FILE_WEIGHT[weight]}-normal.woff`,
  );

const fontName = (script: Script, subset: 'script' | 'latin', weight: Weight) =>
  `${script.name}-${subset}-${weight}`;

/** Every Noto file a document may use, by the font name runs give it (opened on first use). */
export const FONT_FILES: ReadonlyMap<string, string> = new Map(
  SCRIPTS.flatMap((script) =>
    (['script', 'latin'] as const).flatMap((subset) =>
      (['regular', 'bold'] as const).map((weight) => [
        fontName(script, subset, weight),
        fontFile(script, subset, weight),
      ]),
    ),
  ),
);

/**
 * A WOFF 1.0 file's font as the OpenType (sfnt) it wraps, each table inflated once: fontkit inflates a
 * WOFF table again at every read of it (20 Devanagari invoices spent 1.9 s in inflate), and its WOFF2
 * reader loses glyphs of these fonts.
 */
function unwrapWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    // WOFF's directory (after its 44-byte header), sorted by tag as sfnt's must be
    const at = 44 + 20 * i;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.subarray(offset, offset + woff.readUInt32BE(at + 8));
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed.length < woff.readUInt32BE(at + 12) ? inflateSync(packed) : packed,
    };
  });
  let end = 12 + 16 * count;
  const placed = tables.map((table) => {
    const offset = end;
    end += (table.data.length + 3) & ~3;
    return { ...table, offset };
  });
  const sfnt = Buffer.alloc(end);
  const selector = Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(16 * 2 ** selector, 6);
  sfnt.writeUInt16BE(selector, 8);
  sfnt.writeUInt16BE(16 * count - 16 * 2 ** selector, 10);
  placed.forEach((table, i) => {
    sfnt.writeUInt32BE(table.tag, 12 + 16 * i);
    sfnt.writeUInt32BE(table.checksum, 16 + 16 * i);
    sfnt.writeUInt32BE(table.offset, 20 + 16 * i);
    sfnt.writeUInt32BE(table.data.length, 24 + 16 * i);
    table.data.copy(sfnt, table.offset);
  });
  return sfnt;
}

const opened = new Map<string, Font>();

/**
 * The font registered as `name` (a key of FONT_FILES), opened once a process: its tables, once parsed,
 * and its shaping plans stay for every document after (opened per document, they cost an Indic
 * invoice some 0.7 s). Each document subsets and embeds it on its own.
 */
export function openFont(name: string): Font {
  let font = opened.get(name);
  if (!font) {
    const file = FONT_FILES.get(name);
    if (!file) throw new Error(`no font ${name}`);
    font = create(unwrapWoff(readFileSync(file)));
    opened.set(name, font);
  }
  return font;
}

/**
 * fontkit 2.0.4 throws while shaping Telugu, Malayalam and Gurmukhi in Noto: their GPOS mark
 * attachments have NULL anchors ("no anchor for this mark class"), which the OpenType spec allows and
 * which it dereferences (foliojs/fontkit#367; the fix, #374, is not released). Until it is, such an
 * attachment is skipped, as HarfBuzz does. The processor's class is fontkit's one instance, the one
 * pdfkit shapes with, reached through a font that has GPOS.
 */
function skipNullAnchors(): void {
  const processor = openFont('malayalam-script-regular')._layoutEngine.engine.GPOSProcessor;
  if (!processor) throw new Error('fontkit: no GPOS processor to mend');
  const prototype = Object.getPrototypeOf(processor) as typeof processor;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor && markRecord.markAnchor) applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
}
skipNullAnchors();

const scriptOf = (codePoint: number): Script | undefined =>
  SCRIPTS.find((s) => codePoint >= s.first && codePoint <= s.last);

/** Spaces, joiners and dandas (shared by the scripts; every family has them) stay in the run they are in. */
const NEUTRAL = /^(?:\s|\u200c|\u200d|\u0964|\u0965)$/u;

export interface Run {
  text: string;
  /** a font name of FONT_FILES, or a PDF standard font */
  font: string;
}

/**
 * A text cut into runs of one script each, every run with a font that has its glyphs. Text with no
 * Indic script is one Helvetica run, as before.
 */
export function runs(text: string, weight: Weight): Run[] {
  const characters = [...text];
  const family = characters.map((c) => scriptOf(c.codePointAt(0) ?? 0)).find(Boolean);
  if (!family) return [{ text, font: HELVETICA[weight] }];
  const result: Run[] = [];
  for (const character of characters) {
    const last = result.at(-1);
    const script = scriptOf(character.codePointAt(0) ?? 0);
    const font =
      last && NEUTRAL.test(character)
        ? last.font
        : script
          ? fontName(script, 'script', weight)
          : fontName(family, 'latin', weight);
    if (last?.font === font) last.text += character;
    else result.push({ text: character, font });
  }
  return result;
}
