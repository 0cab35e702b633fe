import { type ChangeEvent, useState } from 'react';
import { MAX_PHOTOS } from '../../../../../contract/products-constants.ts';
import { uploadPhoto } from '../../api/photos.ts';
import { failureMessage } from '../../api/useLoad.ts';
import { moved } from '../../lib/lists.ts';

interface Props {
  id: string;
  photos: string[];
  /** the server's message for the photos, if any */
  error: string | undefined;
  onChange: (photos: string[]) => void;
}

/**
 * Up to MAX_PHOTOS photos: each chosen file is uploaded at once (the server checks it by content and
 * re-encodes it) and named in the product; the first is the one listings show.
 */
export function PhotosField({ id, photos, error, onChange }: Props) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const room = MAX_PHOTOS - photos.length;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    setProblem(files.length > room ? `At most ${MAX_PHOTOS} photos: the first ${room} were added` : '');
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of files.slice(0, room)) added.push(await uploadPhoto(file));
    } catch (error) {
      setProblem(failureMessage(error, 'Uploading a photo failed'));
    } finally {
      setBusy(false);
      input.value = '';
      if (added.length > 0) onChange([...photos, ...added]);
    }
  };

  const message = problem || error;
  return (
    <div className="admin-fieldset">
      <div className="admin-field">
        <label htmlFor={id}>Photos</label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={busy || room <= 0}
          aria-describedby={`${id}-help ${id}-error`}
          aria-invalid={message ? true : undefined}
          onChange={upload}
        />
      </div>
      <p id={`${id}-help`} className="admin-details">
        Up to {MAX_PHOTOS} photos (JPEG, PNG or WebP); the first is the one listings show.
        {busy && ' Uploading…'}
      </p>
      <p id={`${id}-error`} className="admin-field-error">
        {message}
      </p>
      {photos.length > 0 && (
        <ol className="admin-photo-list">
          {photos.map((photo, index) => (
            <li key={photo}>
              <img
                src={`/images/${photo}?w=320`}
                alt={`${index + 1} of ${photos.length}`}
                width={96}
                height={128}
              />
              <div className="admin-actions">
                <button
                  type="button"
                  className="button"
                  disabled={index === 0}
                  onClick={() => onChange(moved(photos, index, index - 1))}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={index === photos.length - 1}
                  onClick={() => onChange(moved(photos, index, index + 1))}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => onChange(photos.filter((p) => p !== photo))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
