import { describe, expect, it } from 'vitest';
import { type Column, figuresCsv, shownFigure } from './figures.ts';

interface Day {
  date: string;
  name: string;
  orders: number;
  net: number;
}

const columns: Column<Day>[] = [
  { label: 'Day', kind: 'day', value: (row) => row.date },
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Orders', kind: 'count', value: (row) => row.orders },
  { label: 'Net', kind: 'money', value: (row) => row.net },
];

describe('a report’s figures', () => {
  it('shows days, counts and rupees as the back office does', () => {
    expect(shownFigure('day', '2026-11-05')).toBe('5 Nov 2026');
    expect(shownFigure('count', 12_500)).toBe('12,500');
    expect(shownFigure('money', 100_000.5)).toBe('₹1,00,000.50');
    expect(shownFigure('money', 1299)).toBe('₹1,299');
  });

  it('writes exactly those figures as CSV: two decimals, negative amounts plain, text quoted where needed', () => {
    const rows: Day[] = [
      { date: '2026-11-05', name: 'Saree, silk', orders: 1250, net: 1000.5 },
      { date: '2026-11-06', name: '=HYPERLINK("x")', orders: 0, net: -37.5 },
      { date: '2026-11-07', name: 'Kurta', orders: 3, net: 0.07 },
    ];
    expect(figuresCsv(columns, rows)).toBe(
      [
        'Day,Product,Orders,Net',
        '2026-11-05,"Saree, silk",1250,1000.50',
        `2026-11-06,"'=HYPERLINK(""x"")",0,-37.50`,
        '2026-11-07,Kurta,3,0.07',
        '',
      ].join('\r\n'),
    );
  });
});
