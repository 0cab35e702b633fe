import type { ReactNode } from 'react';
import { showAlert } from '../../../shared/components/Alert.tsx';
import { api } from '../api/client.ts';
import { alertFailure } from '../api/useLoad.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  /** what goes, as the list names it */
  name: string;
  /** its address, deleted on "Remove" */
  path: string;
  /** logged when the server refuses */
  logged: string;
  onClose: () => void;
  /** the list loads again whatever the answer: a refusal may mean it changed meanwhile */
  onSettled: () => void;
  /** what removing it means */
  children: ReactNode;
}

/** "Remove <name>": asks first, then deletes it and says so. */
export function RemoveDialog({ name, path, logged, onClose, onSettled, children }: Props) {
  const remove = async () => {
    try {
      await api.delete(path);
      showAlert(`Removed: ${name}`);
    } catch (error) {
      alertFailure(error, logged);
    }
    onSettled();
  };
  return (
    <ConfirmDialog title={`Remove ${name}`} confirm="Remove" onClose={onClose} onConfirm={remove}>
      {children}
    </ConfirmDialog>
  );
}
