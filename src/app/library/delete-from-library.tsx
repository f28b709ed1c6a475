// "Delete from the library" for a character or a persona, asking first: stories that have it keep their copy.
import type { JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';

export function DeleteFromLibrary(props: { name: string; onDelete: () => void }): JSX.Element {
  return (
    <ConfirmDelete
      label={t('Delete {name} from the library', { name: props.name })}
      question={t('Delete {name} from the library? Stories already started keep their copy.', {
        name: props.name,
      })}
      onDelete={props.onDelete}
    />
  );
}
