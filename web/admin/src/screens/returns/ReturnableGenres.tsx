import { useCallback, useId, useState } from 'react';
import type {
  GenreReturnable,
  GenreReturnableBody,
  GenresReturnableResponse,
} from '../../../../../contract/admin.ts';
import { NOT_RETURNABLE_TEXT } from '../../../../../contract/fit-returns-constants.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { alertFailure, useLoad } from '../../api/useLoad.ts';
import { Loading } from '../../components/Loading.tsx';
import './ReturnableGenres.css';

const nameOf = (genre: Pick<GenreReturnable, 'userSegment' | 'genre'>) =>
  `${genre.userSegment}, ${genre.genre}`;

/**
 * Genres that cannot be returned (innerwear, say): unticked, their product pages say "This item cannot be
 * returned" and their lines offer no Return. Each box saves at once (staff and owners).
 */
export function ReturnableGenres() {
  const titleId = useId();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<GenresReturnableResponse>(apiPaths.genresReturnable(), { signal }),
    [],
  );
  const { state, retry, update } = useLoad(request, 'Loading the genres failed');
  const [saving, setSaving] = useState<string>();

  const save = async (genre: GenreReturnable, returnable: boolean) => {
    const body: GenreReturnableBody = { userSegment: genre.userSegment, genre: genre.genre, returnable };
    setSaving(nameOf(genre));
    try {
      const saved = await api.put<GenreReturnable>(apiPaths.genresReturnable(), body);
      update((data) => ({
        genres: data.genres.map((row) => (nameOf(row) === nameOf(saved) ? saved : row)),
      }));
      showAlert(`${nameOf(saved)}: ${saved.returnable ? 'returnable' : NOT_RETURNABLE_TEXT.toLowerCase()}`);
    } catch (error) {
      alertFailure(error, 'Saving a genre failed');
    }
    setSaving(undefined);
  };

  return (
    <section className="admin-returnable-genres" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-form-title">
        Genres that can be returned
      </h2>
      <p className="admin-details">
        Untick a genre (innerwear, for example) and its product pages say “{NOT_RETURNABLE_TEXT}”; its
        delivered items offer no Return. Returns already asked for stay as they are.
      </p>
      <Loading state={state} onRetry={retry}>
        {({ genres }) => (
          <ul className="admin-plain-list admin-genre-list">
            {genres.map((genre) => (
              <li key={nameOf(genre)}>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    checked={genre.returnable}
                    disabled={saving === nameOf(genre)}
                    onChange={(event) => save(genre, event.target.checked)}
                  />
                  {nameOf(genre)}
                </label>
              </li>
            ))}
          </ul>
        )}
      </Loading>
    </section>
  );
}
