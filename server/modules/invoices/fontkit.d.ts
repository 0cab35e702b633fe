// The part of fontkit's API the invoices use (the package ships no types): shaping, and the GPOS
// processor that fonts.ts mends.
declare module 'fontkit' {
  interface Glyph {
    id: number;
    codePoints: number[];
  }

  interface GlyphRun {
    glyphs: Glyph[];
  }

  interface Anchor {
    xCoordinate: number;
    yCoordinate: number;
  }

  interface GPOSProcessor {
    applyAnchor(
      markRecord: { markAnchor: Anchor | null },
      baseAnchor: Anchor | null,
      baseGlyphIndex: number,
    ): void;
  }

  interface Font {
    postscriptName: string;
    layout(text: string): GlyphRun;
    _layoutEngine: { engine: { GPOSProcessor: GPOSProcessor | null } };
  }

  export function create(buffer: Buffer): Font;
}
