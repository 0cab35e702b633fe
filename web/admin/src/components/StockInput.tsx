import { type FormEvent, useId, useState } from 'react';
import type { SetStockResponse } from '../../../../contract/admin.ts';
import { api } from '../api/client.ts';
import { apiPaths } from '../api/paths.ts';
import { failureMessage } from '../api/useLoad.ts';
import './StockInput.css';

interface Props {
  productId: number;
  productName: string;
  /** '' for an accessory's one stock */
  size: string;
  stock: number;
  /** the stock the server kept */
  onSet?: (stock: number) => void;
}

/**
 * One size's stock, set in place through the inventory rules: the server's refusal ("below units held")
 * shows beside the field, and what it kept replaces what was typed.
 */
export function StockInput({ productId, productName, size, stock, onSet }: Props) {
  const id = useId();
  const [value, setValue] = useState(String(stock));
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const what = size ? `${productName}, size ${size}` : productName;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !Number.isInteger(quantity) || quantity < 0) {
      setMessage('Enter a whole number, 0 or more');
      return;
    }
    setBusy(true);
    try {
      const answer = await api.put<SetStockResponse>(apiPaths.stock(), { productId, size, quantity });
      setValue(String(answer.stock));
      setMessage('Saved');
      onSet?.(answer.stock);
    } catch (error) {
      setMessage(failureMessage(error, 'Setting stock failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-stock" onSubmit={submit}>
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={`Stock of ${what}`}
        aria-describedby={`${id}-message`}
        aria-invalid={message && message !== 'Saved' ? true : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setMessage('');
        }}
      />
      <button type="submit" className="button" disabled={busy} aria-label={`Set stock of ${what}`}>
        Set
      </button>
      <span id={`${id}-message`} className="admin-stock-message" role="status">
        {message}
      </span>
    </form>
  );
}
