import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminSizeChart, SizeChartBody, SizeChartList } from '../../../../../contract/size-charts.ts';
import {
  inchesOf,
  MEASUREMENT_CODES,
  MEASUREMENTS,
  type Measurement,
} from '../../../../../contract/size-charts-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { errorAt, useSave } from '../../api/useSave.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import './size-charts.css';

type Genre = SizeChartList['genres'][number];

interface Draft {
  /** the genre's index in the list of genres; -1 when none is chosen */
  genre: number;
  /** a seller's name; '' for the genre's own chart */
  seller: string;
  measurements: string[];
  /** the centimetres as typed */
  rows: { size: string; values: string[] }[];
  howToMeasure: string;
}

const NEW_CHART_MEASUREMENTS: Measurement[] = ['bust', 'waist', 'hip'];
const nameOf = (code: string) => MEASUREMENTS[code as Measurement] ?? code;

function draftOf(chart: AdminSizeChart | undefined, genres: Genre[]): Draft {
  if (!chart) {
    const first = genres[0];
    return {
      genre: first ? 0 : -1,
      seller: '',
      measurements: NEW_CHART_MEASUREMENTS,
      rows: (first?.sizes ?? []).map((size) => ({ size, values: NEW_CHART_MEASUREMENTS.map(() => '') })),
      howToMeasure: '',
    };
  }
  return {
    genre: genres.findIndex((g) => g.userSegment === chart.userSegment && g.genre === chart.genre),
    seller: chart.seller ?? '',
    measurements: chart.measurements,
    rows: chart.rows.map(({ size, values }) => ({ size, values: values.map(String) })),
    howToMeasure: chart.howToMeasure,
  };
}

// a blank or unreadable cell is sent as 0, which the server refuses beside its row
const centimetres = (text: string) => Number(text.trim().replace(',', '.')) || 0;

function bodyOf(draft: Draft, genres: Genre[], edited: AdminSizeChart | undefined): SizeChartBody {
  const genre = genres[draft.genre] ?? edited;
  return {
    userSegment: genre?.userSegment ?? '',
    genre: genre?.genre ?? '',
    seller: draft.seller || null,
    measurements: draft.measurements,
    rows: draft.rows.map(({ size, values }) => ({ size, values: values.map(centimetres) })),
    howToMeasure: draft.howToMeasure,
  };
}

interface Props {
  /** the chart edited; none to add one */
  chart: AdminSizeChart | undefined;
  genres: Genre[];
  /** sellers' names */
  sellers: string[];
  onSaved: (chart: AdminSizeChart) => void;
  onDone: () => void;
}

/**
 * Adds a size chart or edits one: the genre's sizes against the measurements, in centimetres with inches
 * beside them; columns and rows are added and removed here. The server checks every cell and its message
 * shows beside the row or column; nothing is saved until all are right.
 */
export function SizeChartForm({ chart, genres, sellers, onSaved, onDone }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(chart, genres));
  const [newMeasurement, setNewMeasurement] = useState('');
  const [newSize, setNewSize] = useState('');
  const { errors, message, busy, save } = useSave<AdminSizeChart>('Saving a size chart failed', {
    onSaved: (saved) => {
      setDraft(draftOf(undefined, genres));
      onSaved(saved);
    },
  });
  useEffect(() => {
    if (chart) document.getElementById(`${id}-genre`)?.focus();
  }, [chart, id]);

  const sizes = genres[draft.genre]?.sizes ?? [];
  const freeMeasurements = MEASUREMENT_CODES.filter((code) => !draft.measurements.includes(code));
  const freeSizes = sizes.filter((size) => !draft.rows.some((row) => row.size === size));
  const change = (update: (d: Draft) => Draft) => setDraft(update);

  const chooseGenre = (index: number) =>
    change((d) => ({
      ...d,
      genre: index,
      rows: (genres[index]?.sizes ?? []).map((size) => ({ size, values: d.measurements.map(() => '') })),
    }));
  const addMeasurement = () => {
    const code = newMeasurement || freeMeasurements[0];
    if (!code) return;
    change((d) => ({
      ...d,
      measurements: [...d.measurements, code],
      rows: d.rows.map((row) => ({ ...row, values: [...row.values, ''] })),
    }));
    setNewMeasurement('');
  };
  const removeMeasurement = (column: number) =>
    change((d) => ({
      ...d,
      measurements: d.measurements.filter((_, i) => i !== column),
      rows: d.rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== column) })),
    }));
  const addSize = () => {
    const size = newSize || freeSizes[0];
    if (!size) return;
    change((d) => ({ ...d, rows: [...d.rows, { size, values: d.measurements.map(() => '') }] }));
    setNewSize('');
  };
  const removeSize = (index: number) => change((d) => ({ ...d, rows: d.rows.filter((_, i) => i !== index) }));
  const setCell = (rowIndex: number, column: number, text: string) =>
    change((d) => ({
      ...d,
      rows: d.rows.map((row, r) =>
        r === rowIndex ? { ...row, values: row.values.map((v, c) => (c === column ? text : v)) } : row,
      ),
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(draft, genres, chart);
    save(() => api.put<AdminSizeChart>(apiPaths.sizeCharts(), body));
  };

  const genreError = errors.genre ?? errors.userSegment;
  return (
    <form className="admin-form-grid admin-add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-form-title admin-field-wide">
        {chart ? 'Edit the size chart' : 'Add a size chart'}
      </h2>
      <Field id={`${id}-genre`} label="Genre" error={genreError}>
        <select
          {...controlProps(`${id}-genre`, genreError)}
          value={draft.genre}
          onChange={(event) => chooseGenre(Number(event.target.value))}
        >
          {draft.genre === -1 && <option value={-1}>Choose a genre</option>}
          {genres.map((g, i) => (
            <option key={`${g.userSegment}|${g.genre}`} value={i}>
              {`${g.userSegment} ${g.genre}`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-seller`} label="Seller" error={errors.seller}>
        <select
          {...controlProps(`${id}-seller`, errors.seller)}
          value={draft.seller}
          onChange={(event) => change((d) => ({ ...d, seller: event.target.value }))}
        >
          <option value="">Every seller (the genre's chart)</option>
          {sellers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="admin-fieldset admin-field-wide">
        <legend>Body measurements in centimetres</legend>
        <div className="size-chart-editor">
          <table className="size-chart-grid">
            <thead>
              <tr>
                <th scope="col">Size</th>
                {draft.measurements.map((code, column) => (
                  <th key={code} scope="col">
                    {nameOf(code)}{' '}
                    <RowAction
                      action="Remove"
                      what={nameOf(code)}
                      onClick={() => removeMeasurement(column)}
                    />
                    <p className="admin-field-error">{errors[`measurements.${column}`]}</p>
                  </th>
                ))}
                <th scope="col">Row</th>
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((row, r) => (
                <tr key={row.size}>
                  <th scope="row">
                    {row.size}
                    <p id={`${id}-row-${r}-error`} className="admin-field-error">
                      {errorAt(errors, `rows.${r}`)}
                    </p>
                  </th>
                  {draft.measurements.map((code, c) => {
                    const text = row.values[c] ?? '';
                    const cm = centimetres(text);
                    return (
                      <td key={code}>
                        <input
                          className="size-chart-cell"
                          type="text"
                          inputMode="decimal"
                          {...controlProps(`${id}-row-${r}-${c}`, errorAt(errors, `rows.${r}`))}
                          aria-describedby={`${id}-row-${r}-error`}
                          aria-label={`${row.size} ${nameOf(code)} in centimetres`}
                          value={text}
                          onChange={(event) => setCell(r, c, event.target.value)}
                        />{' '}
                        <span className="admin-details">{cm > 0 ? `${inchesOf(cm)} in` : ''}</span>
                      </td>
                    );
                  })}
                  <td>
                    <RowAction action="Remove" what={`size ${row.size}`} onClick={() => removeSize(r)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="admin-field-error">{errors.measurements ?? errors.rows}</p>
        <div className="admin-actions">
          <label className="visually-hidden" htmlFor={`${id}-measurement`}>
            Measurement to add
          </label>
          <select
            id={`${id}-measurement`}
            value={newMeasurement}
            onChange={(event) => setNewMeasurement(event.target.value)}
          >
            {freeMeasurements.map((code) => (
              <option key={code} value={code}>
                {nameOf(code)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={freeMeasurements.length === 0}
            onClick={addMeasurement}
          >
            Add measurement
          </button>
          <label className="visually-hidden" htmlFor={`${id}-size`}>
            Size to add
          </label>
          <select id={`${id}-size`} value={newSize} onChange={(event) => setNewSize(event.target.value)}>
            {freeSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <button type="button" className="button" disabled={freeSizes.length === 0} onClick={addSize}>
            Add size
          </button>
        </div>
      </fieldset>
      <Field id={`${id}-how`} label="How to measure" error={errors.howToMeasure} className="admin-field-wide">
        <textarea
          {...controlProps(`${id}-how`, errors.howToMeasure)}
          rows={4}
          value={draft.howToMeasure}
          onChange={(event) => change((d) => ({ ...d, howToMeasure: event.target.value }))}
        />
      </Field>
      <FormActions
        busy={busy}
        label={chart ? 'Save' : 'Add size chart'}
        onCancel={chart && onDone}
        message={message}
      />
    </form>
  );
}
