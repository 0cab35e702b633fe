import { type FormEvent, useCallback, useId, useState } from 'react';
import type { StaffList, StaffMember } from '../../../../../contract/staff.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { digitsOnly, PHONE_LENGTH, phoneError } from '../../../../shared/lib/account-rules.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage, useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { RemoveDialog } from '../../components/RemoveDialog.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { formatWhen } from '../../lib/format.ts';

const ROLES = { staff: 'Staff', owner: 'Owner' } as const;

/** The owner's list of the people who may sign in, with "Add" and "Remove". */
export function StaffScreen() {
  usePageTitle('Staff');
  const me = useStaff();
  const request = useCallback((signal?: AbortSignal) => api.get<StaffList>(apiPaths.staff(), { signal }), []);
  const { state, retry, reload } = useLoad(request, 'Loading the staff failed');
  const [removing, setRemoving] = useState<StaffMember | undefined>();

  return (
    <>
      <h1 className="admin-title">Staff</h1>
      <Loading state={state} onRetry={retry}>
        {({ staff }) => (
          <AdminTable
            caption="The people who may sign in to the back office"
            columns={['Name', 'Mobile number', 'Role', 'Added', 'Passkeys', 'Actions']}
          >
            {staff.map((person) => (
              <tr key={person.id}>
                <td data-label="Name">{person.name}</td>
                <td data-label="Mobile number">{person.phone}</td>
                <td data-label="Role">{ROLES[person.role]}</td>
                <td data-label="Added">{formatWhen(person.createdAt)}</td>
                <td data-label="Passkeys">{person.passkeys === 0 ? 'None' : person.passkeys}</td>
                <td data-label="Actions">
                  {person.id !== me.id && (
                    <RowAction action="Remove" what={person.name} onClick={() => setRemoving(person)} />
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Loading>
      <AddPerson onAdded={reload} />
      {removing && (
        <RemoveDialog
          name={removing.name}
          path={apiPaths.person(removing.id)}
          logged="Removing a member of staff failed"
          onClose={() => setRemoving(undefined)}
          onSettled={reload}
        >
          <p>They are signed out at once and can no longer sign in.</p>
        </RemoveDialog>
      )}
    </>
  );
}

/** Adds a person by name, mobile number and role; a refusal is shown beside the form. */
function AddPerson({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const invalid = phoneError(phone);
    if (invalid) return setMessage(invalid);
    try {
      const person = await api.post<StaffMember>(apiPaths.staff(), {
        name: String(fields.get('name') ?? '').trim(),
        phone,
        role: fields.get('role'),
      });
      form.reset();
      setPhone('');
      setMessage('');
      showAlert(`Added: ${person.name}`);
      onAdded();
    } catch (error) {
      setMessage(failureMessage(error, 'Adding a member of staff failed'));
    }
  };

  return (
    <form className="admin-filters admin-add" onSubmit={add} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-form-title">
        Add a person
      </h2>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="name" required maxLength={50} autoComplete="off" />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-phone`}>Mobile number</label>
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="numeric"
          required
          value={phone}
          aria-describedby={`${id}-message`}
          onChange={(event) => setPhone(digitsOnly(event.target.value, PHONE_LENGTH))}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} name="role" defaultValue="staff">
          {Object.entries(ROLES).map(([role, name]) => (
            <option key={role} value={role}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary">
        Add
      </button>
      <p id={`${id}-message`} role="alert" className="admin-form-message">
        {message}
      </p>
    </form>
  );
}
