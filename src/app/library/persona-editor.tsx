// A library persona's name and text, edited on a copy until Save; stories already started keep theirs.
import { type JSX } from 'solid-js';
import { createStore, unwrap } from 'solid-js/store';
import type { DriverApi, PersonaEdit } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { runCommand } from '../ui/run-command.ts';
import { LibraryEditDialog } from './library-edit-dialog.tsx';

type Persona = Awaited<ReturnType<DriverApi['libraryCast']>>['personas'][number];

export function PersonaEditor(props: { persona: Persona; onClose: () => void }): JSX.Element {
  const { api } = useDriver();
  const [edit, setEdit] = createStore<PersonaEdit>({
    name: props.persona.name,
    persona: props.persona.persona,
  });
  const save = async (): Promise<string> => {
    let problem = '';
    const report = (detail: string): void => void (problem = detail);
    await runCommand(() => api.editLibraryPersona(props.persona.id, { ...unwrap(edit) }), {
      error: report,
      cancelled: report,
    });
    return problem;
  };
  return (
    <LibraryEditDialog
      title={t('Edit the persona {name}', { name: props.persona.name })}
      dirty={() => edit.name !== props.persona.name || edit.persona !== props.persona.persona}
      onSave={save}
      onClose={props.onClose}
    >
      <p class="hint">
        {t('Stories already started keep the persona they began with; edit it from a story’s Scene options.')}
      </p>
      <label class="field">
        <span>{t('Name')}</span>
        <input value={edit.name} onInput={(e) => setEdit('name', e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{t('Description')}</span>
        <textarea rows={5} value={edit.persona} onInput={(e) => setEdit('persona', e.currentTarget.value)} />
      </label>
    </LibraryEditDialog>
  );
}
