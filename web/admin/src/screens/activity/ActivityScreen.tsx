import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ActivityPage } from '../../../../../contract/staff.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeAction, describeDetails } from '../../lib/actions.ts';
import { formatWhen } from '../../lib/format.ts';

/** The owner's audit log: who did what, to what, and when, newest first. */
export function ActivityScreen() {
  usePageTitle('Activity');
  const [search] = useSearchParams();
  const asked = { before: search.get('before') ?? '' };
  const url = `${apiPaths.activity()}${query(asked)}`;
  const request = useCallback((signal?: AbortSignal) => api.get<ActivityPage>(url, { signal }), [url]);
  const { state, retry } = useLoad(request, 'Loading the activity failed');

  return (
    <>
      <h1 className="admin-title">Activity</h1>
      <Loading state={state} onRetry={retry}>
        {({ entries, next }) => (
          <>
            <AdminTable
              caption="Every change, newest first"
              columns={['When', 'Who', 'What', 'To what', 'Details']}
            >
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{formatWhen(entry.at)}</td>
                  <td data-label="Who">{entry.who}</td>
                  <td data-label="What">{describeAction(entry.action)}</td>
                  <td data-label="To what">{entry.subject}</td>
                  <td data-label="Details" className="admin-details">
                    {describeDetails(entry.details)}
                  </td>
                </tr>
              ))}
            </AdminTable>
            <Pager path={paths.activity()} asked={asked} next={next} what="entries" />
          </>
        )}
      </Loading>
    </>
  );
}
