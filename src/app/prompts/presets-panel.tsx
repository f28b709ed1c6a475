// Presets in the library (a new one from the shipped prose, an import of a SillyTavern preset, each
// listed with what it carries; deleted ones restored) and, for a story, the preset it uses: its status
// (with any sampling that differs), switch, re-apply, remove; a preset carrying rules prompts is
// applied only once the person approved its warning.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import type { PresetApproval, PresetStatus, Result } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t, uiLanguage } from '../i18n/ui-text.ts';
import { PromptLists } from '../library/import-review.tsx';
import { SamplingDifferences } from './preset-sampling.tsx';
import { MakePresetWithModel, PresetAssistantChat } from './preset-assistant.tsx';
import { PresetItem } from './preset-item.tsx';
import { RulesApproval } from './rules-approval.tsx';
import { DeletedPresets } from './deleted-presets.tsx';
import { NewPresetFromShipped } from './new-preset.tsx';

/** What a story's preset status means for the person. */
function statusText(status: PresetStatus['status']): string {
  switch (status) {
    case 'none':
      return t('No preset: the default style.');
    case 'current':
      return t('Up to date with the library.');
    case 'changed-in-library':
      return t('Changed in the library since it was applied: re-apply to take the changes.');
    case 'edited-in-story':
      return t(
        'Edited in this story: re-applying would replace those edits (the old copies go to the trash).',
      );
    case 'missing':
      return t('No longer in the library.');
  }
}

/** The status of a story that has a preset, or undefined when it has none. */
const storyPreset = (status: PresetStatus): Exclude<PresetStatus, { status: 'none' }> | undefined =>
  status.status === 'none' ? undefined : status;

export function PresetsPanel(props: {
  storyId?: string;
  /** Prompts may have changed (a preset applied, re-applied, removed, deleted or imported). */
  onChanged?: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [version, setVersion] = createSignal(0);
  const [presets] = createResource(version, () => api.listPresets());
  const [status] = createResource(version, async () =>
    props.storyId ? api.storyPreset(props.storyId) : undefined,
  );
  const [message, setMessage] = createSignal('');
  /** The preset whose assistant chat is open. */
  const [assistantOf, setAssistantOf] = createSignal<string>();
  const after = (r: { ok: boolean; detail?: string }, ok: string): void => {
    setMessage(r.ok ? ok : (r.detail ?? t('That did not work.')));
    setVersion((v) => v + 1);
    if (r.ok) props.onChanged?.();
  };

  /** A preset carrying rules prompts is refused unapproved: its warning is shown and asked about. */
  const [asking, setAsking] = createSignal<{ warning: string; approve: () => Promise<void> }>();
  const approved = async (run: (o?: PresetApproval) => Promise<Result>, ok: string): Promise<void> => {
    setAsking(undefined);
    const r = await run();
    if (r.ok || r.code !== 'needs-approval') return after(r, ok);
    setAsking({
      warning: r.detail,
      approve: async () => {
        setAsking(undefined);
        after(await run({ approveRules: true }), ok);
      },
    });
  };
  /** The preset deleted last, for Undo. */
  const [lastDeleted, setLastDeleted] = createSignal<{ trashId: string; title: string }>();
  const undoDelete = async (trashId: string, title: string): Promise<void> => {
    setLastDeleted(undefined);
    after(await api.restorePreset(trashId), t('Restored “{title}”.', { title }));
  };

  /** What became of each prompt of the preset imported last, listed as the library's review lists it. */
  const [promptLists, setPromptLists] = createSignal<{ mapped: string[]; leftOut: string[] }>();
  const importFile = async (file: File): Promise<void> => {
    setPromptLists(undefined);
    // Parsed in the worker, as every import is: a damaged file is refused there with its reason.
    const r = await api.importSillyTavernPresetText(await file.text(), {
      title: file.name.replace(/\.json$/i, ''),
      reportLanguage: uiLanguage(),
    });
    if (!r.ok) {
      setMessage(t('{file} was not imported: {reason}', { file: file.name, reason: r.detail ?? '' }));
      return;
    }
    const count = r.report.mapped.length;
    const imported =
      count === 1 ? t('Imported: 1 prompt mapped.') : t('Imported: {count} prompts mapped.', { count });
    setPromptLists({
      mapped: r.report.mapped.map((m) => t('“{name}” → {target}', { name: m.name, target: m.target })),
      leftOut: r.report.notMapped.map((n) => t('“{name}”: {why}', { name: n.name, why: n.why })),
    });
    after(r, imported);
  };

  return (
    <section class="stack" aria-labelledby="presets-title">
      <h2 id="presets-title">{t('Presets')}</h2>
      <Show when={props.storyId && status.latest?.ok ? status.latest.preset : undefined}>
        {(preset) => (
          <Show when={storyPreset(preset())} fallback={<p>{statusText('none')}</p>}>
            {(used) => (
              <>
                <p>
                  {t('This story uses “{title}”. {status}', {
                    title: used().title,
                    status: statusText(used().status),
                  })}
                </p>
                <SamplingDifferences status={used()} />
              </>
            )}
          </Show>
        )}
      </Show>
      <label class="field">
        {t('Import SillyTavern preset')}
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
      <Show when={promptLists()}>
        {(lists) => (
          <section class="import-review" aria-label={t('What became of each prompt')}>
            <PromptLists prompts={lists()} />
          </section>
        )}
      </Show>
      <NewPresetFromShipped
        onMade={(title) => after({ ok: true }, t('Made “{title}”.', { title }))}
        onMessage={setMessage}
      />
      <MakePresetWithModel
        onMessage={setMessage}
        onMade={(presetId) => {
          setAssistantOf(presetId);
          setVersion((v) => v + 1);
        }}
      />
      <Show when={asking()}>
        {(ask) => (
          <RulesApproval
            warning={ask().warning}
            onApprove={() => void ask().approve()}
            onCancel={() => setAsking(undefined)}
          />
        )}
      </Show>
      <Show when={lastDeleted()}>
        {(gone) => (
          <p class="undo-bar" role="status">
            {t('Deleted “{title}”.', { title: gone().title })}{' '}
            <button type="button" onClick={() => void undoDelete(gone().trashId, gone().title)}>
              {t('Undo')}
            </button>
          </p>
        )}
      </Show>
      <ul class="stack" aria-label={t('Presets in the library')}>
        <For each={presets.latest ?? []} fallback={<li class="muted">{t('No presets yet.')}</li>}>
          {(p) => (
            <PresetItem
              preset={p}
              {...(props.storyId
                ? {
                    onUse: () => {
                      const storyId = props.storyId ?? '';
                      void approved(
                        (o) => api.applyPreset(storyId, p.id, o),
                        t('Applied “{title}”.', { title: p.title }),
                      );
                    },
                  }
                : {})}
              assistantOpen={assistantOf() === p.id}
              onAssistant={(open) => setAssistantOf(open ? p.id : undefined)}
              onDescribed={() => after({ ok: true }, t('Saved.'))}
              onDeleted={(trashId) => {
                setLastDeleted({ trashId, title: p.title });
                setVersion((v) => v + 1);
              }}
              onMessage={setMessage}
            />
          )}
        </For>
      </ul>
      <DeletedPresets
        version={version}
        onRestored={(title) => {
          setLastDeleted(undefined);
          after({ ok: true }, t('Restored “{title}”.', { title }));
        }}
        onMessage={setMessage}
      />
      <Show when={assistantOf()} keyed>
        {(presetId) => (
          <PresetAssistantChat
            presetId={presetId}
            onChanged={() => {
              setVersion((v) => v + 1);
              props.onChanged?.();
            }}
          />
        )}
      </Show>
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
              onClick={() => void approved((o) => api.reapplyPreset(storyId(), o), t('Re-applied.'))}
            >
              {t('Re-apply preset')}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={async () => after(await api.removeStoryPreset(storyId()), t('Removed.'))}
            >
              {t('Remove preset')}
            </button>
          </div>
        )}
      </Show>
      <p role="status">{message()}</p>
    </section>
  );
}
