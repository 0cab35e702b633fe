import { describe, expect, it } from 'vitest';
import { csvAmount, formatCsv, restored } from './csv.ts';

describe('writing CSV', () => {
  it('quotes fields with a comma, quote or line break, and doubles quotes', () => {
    expect(formatCsv([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it('writes a would-be formula after a single quote, which reading takes off again', () => {
    expect(formatCsv([['=SUM(A1)', '+91', '-2+3', '@me']])).toBe("'=SUM(A1),'+91,'-2+3,'@me\r\n");
    expect(restored("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(restored("'plain")).toBe("'plain");
  });

  it('writes a negative amount as a plain number', () => {
    expect(formatCsv([[csvAmount(-3750), csvAmount(-5), csvAmount(100_050)]])).toBe(
      '-37.50,-0.05,1000.50\r\n',
    );
  });
});
