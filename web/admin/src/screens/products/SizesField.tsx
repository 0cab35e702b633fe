import { type Draft, type SizeRow, sizeRow } from './draft.ts';

interface Props {
  id: string;
  draft: Draft;
  /** one unsized stock: an accessory, or a one-size genre's product (draft.ts's isUnsized) */
  unsized: boolean;
  error: string | undefined;
  onChange: (change: Partial<Draft>) => void;
}

/**
 * An apparel's sizes, each with its stock ("Add size" adds a row); the one unsized stock of an accessory or
 * of a one-size genre's product.
 */
export function SizesField({ id, draft, unsized, error, onChange }: Props) {
  const errorId = `${id}-error`;
  const described = { 'aria-describedby': errorId, 'aria-invalid': error ? true : undefined };
  if (unsized) {
    return (
      <fieldset className="admin-fieldset">
        <legend>One size</legend>
        {draft.prod === 'apparel' && (
          <p className="admin-details">{draft.genre} is one-size: one stock, no size to choose.</p>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-stock`}>Stock</label>
          <input
            id={`${id}-stock`}
            {...described}
            type="number"
            min={0}
            inputMode="numeric"
            value={draft.stock}
            onChange={(event) => onChange({ stock: event.target.value })}
          />
        </div>
        <p id={errorId} className="admin-field-error">
          {error}
        </p>
      </fieldset>
    );
  }
  const change = (key: number, row: Partial<SizeRow>) =>
    onChange({ sizes: draft.sizes.map((s) => (s.key === key ? { ...s, ...row } : s)) });
  return (
    <fieldset className="admin-fieldset">
      <legend>Sizes and stock</legend>
      <table className="admin-sizes">
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Stock</th>
            <th scope="col">Held</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.sizes.map((row) => (
            <tr key={row.key}>
              <td>
                <input
                  {...described}
                  aria-label="Size"
                  maxLength={20}
                  value={row.size}
                  onChange={(event) => change(row.key, { size: event.target.value })}
                />
              </td>
              <td>
                <input
                  {...described}
                  aria-label="Stock"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={row.stock}
                  onChange={(event) => change(row.key, { stock: event.target.value })}
                />
              </td>
              <td>{row.held}</td>
              <td>
                <button
                  type="button"
                  className="button"
                  disabled={draft.sizes.length === 1}
                  onClick={() => onChange({ sizes: draft.sizes.filter((s) => s.key !== row.key) })}
                >
                  Delete size
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="admin-details">Held: units in bags being paid for now; the stock cannot go below them.</p>
      <button
        type="button"
        className="button"
        onClick={() => onChange({ sizes: [...draft.sizes, sizeRow()] })}
      >
        Add size
      </button>
      <p id={errorId} className="admin-field-error">
        {error}
      </p>
    </fieldset>
  );
}
