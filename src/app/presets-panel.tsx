// Presets in the library (import a SillyTavern preset, see what it carries, delete) and, for a story,
// the preset it uses: its status, switch, re-apply, remove.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import { useDriver } from './driver-client.ts';

const STATUS_TEXT = {
  none: 'No preset: the default style.',
  current: 'Up to date with the library.',
  'changed-in-library': 'Changed in the library since it was applied: re-apply to take the changes.',
  'edited-in-story':
    'Edited in this story: re-applying would replace those edits (the old copies go to the trash).',
  missing: 'No longer in the library.',
} as const;

export function PresetsPanel(props: { storyId?: string }): JSX.Element {
  const { api } = useDriver();
  const [version, setVersion] = createSignal(0);
  const [presets] = createResource(version, () => api.listPresets());
  const [status] = createResource(version, async () =>
    props.storyId ? api.storyPreset(props.storyId) : undefined,
  );
  const [message, setMessage] = createSignal('');
  const after = (r: { ok: boolean; detail?: string }, ok: string): void => {
    setMessage(r.ok ? ok : (r.detail ?? 'That did not work.'));
    setVersion((v) => v + 1);
  };

  const importFile = async (file: File): Promise<void> => {
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setMessage(`${file.name} is not JSON: export the preset from SillyTavern again.`);
      return;
    }
    const r = await api.importSillyTavernPreset(json, {
      title: file.name.replace(/\.json$/i, ''),
      language: 'en',
    });
    if (!r.ok) return after(r, '');
    const skipped = r.report.notMapped.map((n) => `${n.name} (${n.why})`);
    after(
      r,
      `Imported: ${r.report.mapped.length} prompts mapped.${skipped.length ? ` Not mapped: ${skipped.join('; ')}.` : ''}`,
    );
  };

  return (
    <section class="stack" aria-labelledby="presets-title">
      <h2 id="presets-title">Presets</h2>
      <Show when={props.storyId && status.latest?.ok ? status.latest : undefined}>
        {(s) => (
          <p>
            {s().preset.status === 'none'
              ? ''
              : `This story uses “${(s().preset as { title: string }).title}”. `}
            {STATUS_TEXT[s().preset.status]}
          </p>
        )}
      </Show>
      <label class="field">
        Import SillyTavern preset
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void importFile(file);
            e.currentTarget.value = '';
          }}
        />
      </label>
      <ul class="stack" aria-label="Presets in the library">
        <For each={presets.latest ?? []} fallback={<li class="muted">No presets yet.</li>}>
          {(p) => (
            <li class="stack">
              <strong>{p.title}</strong>
              <Show when={p.description}>
                <span class="muted">{p.description}</span>
              </Show>
              <Show when={p.warning}>
                <span class="error">{p.warning}</span>
              </Show>
              <Show when={p.problems.length}>
                <span class="error">
                  {p.problems.map((x) => (x.path ? `${x.path}: ${x.reason}` : x.reason)).join('; ')}
                </span>
              </Show>
              <div class="row">
                <Show when={props.storyId}>
                  {(storyId) => (
                    <button
                      type="button"
                      onClick={async () =>
                        after(await api.applyPreset(storyId(), p.id), `Applied “${p.title}”.`)
                      }
                    >
                      Use in this story
                    </button>
                  )}
                </Show>
                <button
                  type="button"
                  class="secondary"
                  onClick={async () => after(await api.deletePreset(p.id), 'Deleted.')}
                >
                  Delete {p.title}
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
      <Show
        when={
          props.storyId && status.latest?.ok && status.latest.preset.status !== 'none'
            ? props.storyId
            : undefined
        }
      >
        {(storyId) => (
          <div class="row">
            <button
              type="button"
              onClick={async () => after(await api.reapplyPreset(storyId()), 'Re-applied.')}
            >
              Re-apply preset
            </button>
            <button
              type="button"
              class="secondary"
              onClick={async () => after(await api.removeStoryPreset(storyId()), 'Removed.')}
            >
              Remove preset
            </button>
          </div>
        )}
      </Show>
      <p role="status">{message()}</p>
    </section>
  );
}
