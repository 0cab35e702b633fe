import { useState } from 'react';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { ApiError } from './client.ts';
import { failureMessage } from './useLoad.ts';

/** A form's field errors: the field's name as the API names it, and the server's message for it. */
export type FieldErrors = Record<string, string>;

/** The message for a field or for any part of it (`scope` holds `scope.productIds.2`'s). */
export const errorAt = (errors: FieldErrors, field: string): string | undefined =>
  errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];

/** The server's message for each field of a refused save (400 `{error, fields}`), if it named any. */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  return error instanceof ApiError ? (error.body as { fields?: FieldErrors } | undefined)?.fields : undefined;
}

interface SaveOptions<T> {
  onSaved: (answer: T) => void;
  /** said in the alert region once saved */
  done?: string;
  /** after a refusal: e.g. the first wrong field takes the focus */
  onRefused?: (fields: FieldErrors) => void;
}

/**
 * A back-office form's saving: busy while it goes; once refused, the server's message beside each field it
 * names and its words for the whole; nothing kept of a refused save.
 */
export function useSave<T>(logged: string, { onSaved, done, onRefused }: SaveOptions<T>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (send: () => Promise<T>) => {
    setBusy(true);
    try {
      const answer = await send();
      setErrors({});
      setMessage('');
      onSaved(answer);
      if (done) showAlert(done);
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(fields);
      setMessage(failureMessage(error, logged));
      onRefused?.(fields);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, message, busy, save };
}
