import { type FormEvent, useState } from 'react';
import { api } from '../api/client.ts';
import { failureMessage } from '../api/useLoad.ts';

/** What every CSV upload answers: its errors by line and column, and whether it was applied. */
export interface CsvReport {
  errors: string[];
  applied: boolean;
}

interface Options<R extends CsvReport> {
  /** the upload's address for a dry run or for applying */
  path: (mode: 'dry-run' | 'apply') => string;
  /** a second file sent beside the CSV as `photos` (the catalogue's zip of photos) */
  photos?: File | undefined;
  logged: string;
  onApplied: (report: R) => void;
}

/**
 * A CSV checked before it is applied: "check" sends it as a dry run whose report lists every error, and
 * only then may it be applied, all or nothing.
 */
export function useCsvCheck<R extends CsvReport>({ path, photos, logged, onApplied }: Options<R>) {
  const [file, setFile] = useState<File | undefined>();
  const [report, setReport] = useState<R | undefined>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const applied = (answer: R) => {
    setReport(undefined);
    onApplied(answer);
  };

  const send = async (mode: 'dry-run' | 'apply') => {
    if (!file) return setMessage('Choose a CSV file first');
    const form = new FormData();
    form.append('file', file);
    if (photos) form.append('photos', photos);
    setBusy(true);
    setMessage('');
    try {
      const answer = await api.post<R>(path(mode), form);
      if (answer.applied) applied(answer);
      else setReport(answer);
    } catch (error) {
      setReport(undefined);
      setMessage(failureMessage(error, logged));
    } finally {
      setBusy(false);
    }
  };

  // another file (or anything else sent) makes the last report stale
  const stale = () => {
    setReport(undefined);
    setMessage('');
  };

  return {
    report,
    message,
    setMessage,
    busy,
    applied,
    stale,
    choose: (chosen: File | undefined) => {
      setFile(chosen);
      stale();
    },
    check: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      send('dry-run');
    },
    apply: () => send('apply'),
  };
}
