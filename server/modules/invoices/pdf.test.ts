import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { create } from 'fontkit';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_FILES, runs, SCRIPTS } from './fonts.ts';
import { renderPdf } from './pdf.ts';
import type { TaxDocument, TaxLine } from './tax.ts';

const run = promisify(execFile);

/**
 * Sellers and buyers writing in each of the nine scripts, with conjuncts (क्ष, ক্ষ, ஸ்ரீ, ശ്രീ), reph,
 * vowel signs drawn before their consonant (ि, ি, ெ, േ, ਿ, େ) and split vowels (ோ, ো), and
 * addresses that mix the script with a Latin street name.
 */
const PEOPLE: Record<(typeof SCRIPTS)[number]['name'], { seller: Person; buyer: Person }> = {
  devanagari: {
    seller: { name: 'लक्ष्मी हथकरघा भंडार', address: ['क्षेत्र 12, Gandhi Nagar', 'जयपुर 302001'] },
    buyer: { name: 'प्रिया शर्मा', address: ['कृष्ण निवास, Civil Lines', 'दिल्ली'] },
  },
  bengali: {
    seller: { name: 'অর্পিতা তাঁত ঘর', address: ['লক্ষ্মী ভবন, 12 Park Street', 'কলকাতা'] },
    buyer: { name: 'ঋতুপর্ণা মুখোপাধ্যায়', address: ['ক্ষীরোদ লেন, Salt Lake', 'বিধাননগর'] },
  },
  tamil: {
    seller: { name: 'ஸ்ரீ காஞ்சி பட்டு மாளிகை', address: ['கோவில் தெரு 4, Gandhi Road', 'காஞ்சிபுரம்'] },
    buyer: { name: 'லக்ஷ்மி சுப்ரமணியம்', address: ['பெசன்ட் நகர், Besant Nagar', 'சென்னை'] },
  },
  telugu: {
    seller: { name: 'శ్రీ వెంకటేశ్వర చేనేత', address: ['కృష్ణా నగర్, Main Road', 'పోచంపల్లి'] },
    buyer: { name: 'శ్రీనివాస్ రెడ్డి', address: ['బంజారా హిల్స్, Road No. 12', 'హైదరాబాద్'] },
  },
  gujarati: {
    seller: { name: 'ક્ષિતિજ પટોળા ભંડાર', address: ['પાટણ, Station Road', 'ગુજરાત'] },
    buyer: { name: 'કિરણ પટેલ', address: ['શ્રીજી સોસાયટી, C G Road', 'અમદાવાદ'] },
  },
  kannada: {
    seller: { name: 'ಶ್ರೀ ಲಕ್ಷ್ಮೀ ರೇಷ್ಮೆ', address: ['ಕೃಷ್ಣರಾಜ ರಸ್ತೆ, KR Road', 'ಮೈಸೂರು'] },
    buyer: { name: 'ಲಕ್ಷ್ಮೀ ಕೃಷ್ಣಮೂರ್ತಿ', address: ['ಜಯನಗರ, 4th Block', 'ಬೆಂಗಳೂರು'] },
  },
  malayalam: {
    seller: { name: 'ശ്രീ ബാലരാമപുരം കൈത്തറി', address: ['ക്ഷേത്രം റോഡ്, Temple Road', 'തിരുവനന്തപുരം'] },
    buyer: { name: 'ശ്രീലക്ഷ്മി മേനോൻ', address: ['പനമ്പിള്ളി നഗർ, MG Road', 'കൊച്ചി'] },
  },
  gurmukhi: {
    seller: { name: 'ਹਰਪ੍ਰੀਤ ਫੁਲਕਾਰੀ', address: ['ਗੁਰੂ ਬਜਾਰ, Hall Bazaar', 'ਅੰਮ੍ਰਿਤਸਰ'] },
    buyer: { name: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', address: ['ਮਾਡਲ ਟਾਊਨ, Model Town', 'ਲੁਧਿਆਣਾ'] },
  },
  oriya: {
    seller: { name: 'ଶ୍ରୀ ଜଗନ୍ନାଥ ବୟନ', address: ['ସମ୍ବଲପୁରୀ ବଜାର, Station Square', 'ସମ୍ବଲପୁର'] },
    buyer: { name: 'ପ୍ରିୟଙ୍କା ମିଶ୍ର', address: ['ସହିଦ ନଗର, Unit 4', 'ଭୁବନେଶ୍ୱର'] },
  },
};

interface Person {
  name: string;
  address: string[];
}

const LINE: TaxLine = {
  orderLineId: 1,
  description: 'Handloom saree',
  hsn: '5007',
  quantity: 1,
  unitPaise: 210000,
  taxablePaise: 200000,
  ratePercent: 5,
  cgstPaise: 5000,
  sgstPaise: 5000,
  igstPaise: 0,
  totalPaise: 210000,
};

function document(kind: TaxDocument['kind'], people: { seller: Person; buyer: Person }): TaxDocument {
  return {
    kind,
    number: kind === 'invoice' ? 'INV/2026-27/7' : 'CN/2026-27/3',
    date: '25 Nov 2026',
    against: kind === 'invoice' ? null : { number: 'INV/2026-27/7', date: '20 Nov 2026' },
    seller: { ...people.seller, gstin: '08ABCDE1234F1Z5', state: 'Rajasthan' },
    buyer: people.buyer,
    placeOfSupply: 'Rajasthan (08)',
    interState: false,
    lines: [LINE],
    totals: LINE,
  };
}

const fontkitFonts = new Map([...FONT_FILES].map(([name, file]) => [name, create(readFileSync(file))]));

/**
 * A word as the PDF carries it: its shaped glyphs in drawing order, each read back through its
 * ToUnicode entry (pdfkit writes each glyph's code points there). Pre-base vowel signs and reph are
 * drawn out of logical order, so a reader of the PDF sees them there: the test compares with this,
 * and checks separately that it holds exactly the word's characters.
 */
function asDrawn(word: string, font: string): { text: string; glyphs: number[] } {
  const shaped = fontkitFonts.get(font)?.layout(word);
  if (!shaped) throw new Error(`no font ${font}`);
  return {
    text: shaped.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join(''),
    glyphs: shaped.glyphs.map((g) => g.id),
  };
}

/** The Indic words of a text with the font each is drawn in (Latin runs are Helvetica's or Noto's Latin). */
function indicWords(text: string, weight: 'regular' | 'bold'): { word: string; font: string }[] {
  return runs(text, weight)
    .filter((r) => r.font.includes('-script-'))
    .flatMap((r) =>
      r.text
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => ({ word, font: r.font })),
    );
}

/** the invoice's page: pdf.ts's margin and text width */
const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;

const sortedCodePoints = (s: string) => [...s.normalize('NFD')].sort().join('');

/** The inflated content of the stream of object `number`, or of every stream when none is given. */
function streams(pdf: Buffer, number?: string): string[] {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  const opening = number
    ? new RegExp(`\\n${number} 0 obj[^]*?(?<!end)stream\\r?\\n`, 'g')
    : /(?<!end)stream\r?\n/g;
  for (const open of text.matchAll(opening)) {
    const start = open.index + open[0].length;
    try {
      found.push(inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1'));
    } catch {
      // not deflated: an image's, never pdfkit's content or CMap streams
    }
    if (number) break;
  }
  return found;
}

/**
 * What the PDF draws with its embedded (Type0) fonts, read as a PDF reader must: each shown glyph id
 * (0 is .notdef, drawn as tofu), and the text of each show operation in drawing order through the
 * font's ToUnicode map, without any reader's layout heuristics (pdf.js moves some marks of shaped
 * Malayalam, Kannada, Telugu, Odia, Bengali and Gujarati text across words and lines).
 */
function drawn(pdf: Buffer): { ids: number[]; text: string } {
  const source = pdf.toString('latin1');
  const toUnicode = new Map<string, string[]>();
  for (const font of source.matchAll(/\n(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/Subtype \/Type0([\s\S]*?)>>/g)) {
    const cmap = /\/ToUnicode (\d+) 0 R/.exec(font[2] ?? '')?.[1];
    // pdfkit's map is ranges from glyph 0 up, each `<first> <last> [<utf-16 of each glyph> ...]`
    const entries = [...(cmap ? (streams(pdf, cmap)[0] ?? '') : '').matchAll(/\[([^\]]*)\]/g)].flatMap(
      ([, range = '']) =>
        [...range.matchAll(/<([0-9a-f ]*)>/g)].map(([, hex = '']) =>
          String.fromCharCode(...hex.split(' ').map((h) => Number.parseInt(h, 16))),
        ),
    );
    for (const [, resource = ''] of source.matchAll(new RegExp(`/(F\\d+) ${font[1]} 0 R`, 'g'))) {
      toUnicode.set(resource, entries);
    }
  }
  const ids: number[] = [];
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    let font: string[] | undefined;
    for (const line of content.split('\n')) {
      const selected = /^\/(F\d+) [\d.]+ Tf$/.exec(line);
      if (selected) font = toUnicode.get(selected[1] ?? '');
      if (!line.endsWith('TJ') || !font) continue;
      let shown = '';
      for (const [, hex = ''] of line.matchAll(/<([0-9a-f]*)>/g)) {
        for (let i = 0; i < hex.length; i += 4) {
          const id = Number.parseInt(hex.slice(i, i + 4), 16);
          ids.push(id);
          shown += font[id] ?? '\ufffd';
        }
      }
      // a word whose marks are positioned is shown in several operations: read them as one text
      lines.push(shown);
    }
  }
  return { ids, text: lines.join('') };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The 8-bit grey pixels of a box of a PDF's first page at 72 dpi (one pixel a point), by pdftoppm. */
async function pixels(pdf: Buffer, box: Box, dir: string): Promise<Uint8Array> {
  const file = join(dir, `page-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const round = (n: number) => String(Math.round(n));
  const { stdout } = await run(
    'pdftoppm',
    [
      '-r',
      '72',
      '-gray',
      '-singlefile',
      '-x',
      round(box.x),
      '-y',
      round(box.y),
      '-W',
      round(box.width),
      '-H',
      round(box.height),
      file,
    ],
    { encoding: 'buffer', maxBuffer: 1 << 24 },
  );
  // PGM: "P5\n<width> <height>\n255\n" then one byte a pixel
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not answer a PGM image');
  return stdout.subarray(header[0].length);
}

const ink = (image: Uint8Array) => image.filter((v) => v < 128).length / image.length;
const difference = (a: Uint8Array, b: Uint8Array) =>
  a.filter((v, i) => Math.abs(v - (b[i] ?? 255)) > 96).length / a.length;

/**
 * The same text drawn where the invoice drew it, in a font of the same family (same metrics) that
 * lacks the script: every glyph .notdef, the tofu a wrong font choice would print.
 */
function tofu(text: string, font: string, size: number, x: number, baseline: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  doc.registerFont('tofu', FONT_FILES.get(font.replace('-script-', '-latin-')) ?? '');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  doc.font('tofu').fontSize(size).text(text, x, baseline, { baseline: 'alphabetic', lineBreak: false });
  doc.end();
  return done;
}

describe('tax documents in every Indian script', () => {
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'haat-pdf-'));
    await run('pdftoppm', ['-v']).catch(() => {
      throw new Error(
        "pdftoppm is missing: install Debian's poppler-utils (apt-get install -y poppler-utils; .ci/run does)",
      );
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const script of SCRIPTS) {
    for (const kind of ['invoice', 'credit_note'] as const) {
      it(`prints a ${kind.replace('_', ' ')}'s seller and buyer in ${script.name}, shaped, in Noto`, async () => {
        const people = PEOPLE[script.name];
        const pdf = await renderPdf(document(kind, people));
        const proxy = await getDocumentProxy(new Uint8Array(pdf));
        const { text } = await extractText(proxy, { mergePages: true });
        const shown = drawn(pdf);

        // (1) every Indic word of the names and addresses: its glyphs, shaped by the font, are exactly
        // its characters (reordered for drawing, none lost, none added) and none is .notdef; the PDF
        // shows those glyphs, read back through its ToUnicode maps, in that order
        const texts = [
          { text: people.seller.name, weight: 'bold' as const },
          { text: people.buyer.name, weight: 'bold' as const },
          ...[...people.seller.address, ...people.buyer.address].map((line) => ({
            text: line,
            weight: 'regular' as const,
          })),
        ];
        const words = texts.flatMap((t) => indicWords(t.text, t.weight));
        expect(words.length).toBeGreaterThanOrEqual(8);
        for (const { word, font } of words) {
          const glyphs = asDrawn(word, font);
          expect(sortedCodePoints(glyphs.text), word).toBe(sortedCodePoints(word));
          expect(glyphs.glyphs, word).not.toContain(0);
          expect(shown.text.normalize('NFD'), word).toContain(glyphs.text.normalize('NFD'));
        }
        // a PDF reader (pdf.js) finds every character of the names and the Latin of the addresses
        const read = text.normalize('NFD');
        for (const character of [...`${people.seller.name}${people.buyer.name}`.normalize('NFD')]) {
          expect(read).toContain(character);
        }
        expect(text).toContain(people.seller.address[0]?.split(', ')[1]);
        expect(text).toContain('Handloom saree');

        // (2) the PDF embeds the script's Noto and draws no .notdef glyph with it
        const family = script.family.slice('noto-sans-'.length).replace(/^./, (c) => c.toUpperCase());
        expect(pdf.toString('latin1')).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+NotoSans${family}-Bold`));
        expect(shown.ids.length).toBeGreaterThan(20);
        expect(shown.ids).not.toContain(0);

        // (3) rendered by poppler, the buyer's name is ink where the PDF puts it, and not the tofu that
        // the same text in a font without the script draws there
        const page = await proxy.getPage(1);
        const pageHeight = page.getViewport({ scale: 1 }).height;
        // the first text drawn at the buyer's column in the name's size starts the name
        const column = MARGIN + WIDTH / 2 + 10;
        const item = (await page.getTextContent()).items.find(
          (i) => 'str' in i && Math.abs((i.transform[4] as number) - column) < 0.5 && i.height === 10.5,
        );
        if (!item || !('str' in item))
          throw new Error(`the buyer's name is not on the page: ${people.buyer.name}`);
        const [, , , size = 0, x = 0, baseline = 0] = item.transform as number[];
        const box = { x, y: pageHeight - baseline - size * 1.1, width: WIDTH / 2 - 10, height: size * 1.5 };
        const font = runs(people.buyer.name, 'bold')[0]?.font ?? '';
        const shaped = await pixels(pdf, box, dir);
        const boxes = await pixels(
          await tofu(people.buyer.name, font, size, x, pageHeight - baseline),
          box,
          dir,
        );
        expect(ink(shaped)).toBeGreaterThan(0.01);
        expect(ink(boxes)).toBeGreaterThan(0.01);
        // at least half as many pixels differ as the name inks: shaped glyphs, not the boxes
        expect(difference(shaped, boxes)).toBeGreaterThan(ink(shaped) / 2);
      });
    }
  }
});
