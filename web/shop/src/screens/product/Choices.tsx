import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ProductInfo } from '../../../../../contract/catalogue.ts';
import { paths } from '../../../../../contract/paths.ts';
import type { SizeChart } from '../../../../../contract/size-charts.ts';
import { inSomeonesBag } from '../../lib/holds.ts';
import { NotifyMe } from './NotifyMe.tsx';
import { SizeChartLink } from './SizeChart.tsx';
import { swatchBackground } from './swatch.ts';

interface SizesProps {
  /** size -> units in stock */
  sizes: Record<string, number>;
  /** sizes none of whose units is free only because shoppers' checkouts hold them: not sold out */
  held: ProductInfo['held'];
  selected: string | undefined;
  onSelect: (size: string | undefined) => void;
  /** the product's size chart: a SIZE CHART link beside the title opens it */
  chart?: SizeChart | null;
}

/**
 * A click selects a size, a second click clears it; a sold-out size cannot be chosen, but a customer may
 * ask to hear when it is back. A size in someone's bag cannot be chosen either: it says when it may be back.
 */
export function Sizes({ sizes, held, selected, onSelect, chart }: SizesProps) {
  const inBags = new Map(held.map((hold) => [hold.size, hold.until]));
  const soldOut = Object.keys(sizes).filter((size) => sizes[size] === 0 && !inBags.has(size));
  return (
    <fieldset className="choice choice-sizes">
      <legend className="choice-title">
        SELECT SIZE{selected ? <span className="choice-value">: {selected}</span> : null}
      </legend>
      {chart && <SizeChartLink chart={chart} />}
      <ul className="sizes">
        {Object.entries(sizes).map(([size, units]) => (
          <li key={size}>
            <button
              type="button"
              className="size"
              aria-pressed={selected === size}
              disabled={units === 0}
              onClick={() => onSelect(selected === size ? undefined : size)}
            >
              {size}
              {units === 0 && (
                <span className="visually-hidden">
                  {inBags.has(size) ? " (in someone's bag)" : ' (sold out)'}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {[...inBags].map(([size, until]) => (
        <p key={size} className="size-held">
          {size}: {inSomeonesBag(until)}
        </p>
      ))}
      {soldOut.length > 0 && <NotifyMe soldOut={soldOut} />}
    </fieldset>
  );
}

interface ColoursProps {
  prod: string;
  colours: { color: string; id: number }[];
  currentId: number;
  onChoose: (color: string) => void;
}

/** Swatches of this product's colour siblings; each is a real link, taken over by the modifyProd call. */
export function Colours({ prod, colours, currentId, onChoose }: ColoursProps) {
  const current = colours.find((c) => c.id === currentId)?.color;
  const choose = (event: MouseEvent, color: string, id: number) => {
    event.preventDefault();
    if (id !== currentId) onChoose(color);
  };
  return (
    <fieldset className="choice">
      <legend className="choice-title">
        COLOUR{current ? <span className="choice-value">: {current}</span> : null}
      </legend>
      <ul className="swatches">
        {colours.map(({ color, id }) => (
          <li key={id}>
            <Link
              to={paths.product(prod, id)}
              className="swatch"
              aria-label={color}
              aria-current={id === currentId ? 'true' : undefined}
              title={color}
              onClick={(event) => choose(event, color, id)}
            >
              <span className="swatch-fill" style={{ background: swatchBackground(color) }} />
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
