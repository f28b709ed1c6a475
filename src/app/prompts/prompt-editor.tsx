// The prompt editor: every prompt a model receives, in one language, for the library (the user's own
// edits) or one story (its overrides): edit, compare with the original, restore.
import {
  For,
  Show,
  createEffect,
  createMemo,
  createResource,
  createSignal,
  on,
  type Accessor,
  type JSX,
} from 'solid-js';
import type { PromptEntry, PromptScope } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { PromptDiff } from './prompt-diff.tsx';

/** Where a prompt's text comes from, as its badge says it. */
function layerLabel(layer: PromptEntry['from']): string {
  switch (layer) {
    case 'shipped':
      return t('original');
    case 'library':
      return t('your edit');
    case 'preset':
      return t('preset');
    case 'story':
      return t('this story');
  }
}

export function PromptEditor(props: {
  storyId?: string;
  /** Grows when something else changed the prompts (a preset): they are read again. */
  changes?: Accessor<number>;
}): JSX.Element {
  const { api } = useDriver();
  const [language, setLanguage] = createSignal<'en' | 'zh'>('en');
  const [version, setVersion] = createSignal(0);
  const [listing] = createResource(
    () => ({ lang: language(), version: version() + (props.changes?.() ?? 0) }),
    async (source: { lang: 'en' | 'zh'; version: number }) => api.listPrompts(source.lang, props.storyId),
  );
  const [selected, setSelected] = createSignal<string>();
  const [draft, setDraft] = createSignal('');
  const [showDiff, setShowDiff] = createSignal(false);
  const [message, setMessage] = createSignal('');
  const scope = (): PromptScope =>
    props.storyId ? { kind: 'story', storyId: props.storyId } : { kind: 'library' };
  const prompts = (): PromptEntry[] => {
    const l = listing.latest;
    return l?.ok ? l.prompts : [];
  };
  const entry = createMemo(() => prompts().find((p) => p.path === selected()));
  /** What this scope holds for the prompt: its own edit, else what it inherits. */
  const scopeText = (p: PromptEntry): string =>
    props.storyId ? (p.story ?? p.text) : (p.library ?? p.shipped);

  /** The text the open prompt had when it was last read: a draft still equal to it follows a change. */
  let loaded = '';
  const choose = (p: PromptEntry): void => {
    setSelected(p.path);
    loaded = scopeText(p);
    setDraft(loaded);
    setMessage('');
  };
  // A preset changed the open prompt while it was not being edited: show what it holds now.
  createEffect(
    on(entry, (p) => {
      if (!p || draft() !== loaded) return;
      loaded = scopeText(p);
      setDraft(loaded);
    }),
  );
  const done = (r: { ok: boolean; detail?: string }, ok: string): void => {
    setMessage(r.ok ? ok : (r.detail ?? t('Not saved.')));
    setVersion((v) => v + 1);
  };
  const save = async (): Promise<void> => {
    const p = entry();
    if (!p) return;
    const text = draft();
    const r = await api.setPrompt(scope(), p.path, text);
    if (!r.ok) return done(r, '');
    loaded = text;
    // Kept, but maybe not usable: "Saved" only for an edit the requests can use, else its problem.
    const after = await api.listPrompts(p.language, props.storyId);
    const problem = after.ok ? after.prompts.find((q) => q.path === p.path)?.problem : undefined;
    done(
      r,
      problem
        ? t(
            'Kept, but it has a problem: {reason}. Requests that use it fail until you fix it or restore the original.',
            {
              reason: problem,
            },
          )
        : t('Saved. The next request uses it.'),
    );
  };
  const restore = async (): Promise<void> => {
    const p = entry();
    if (!p) return;
    done(await api.restorePrompt(scope(), p.path), t('Restored.'));
    loaded = props.storyId ? (p.library ?? p.shipped) : p.shipped;
    setDraft(loaded);
  };

  return (
    <section class="prompt-editor stack" aria-labelledby="prompt-editor-title">
      <h2 id="prompt-editor-title">{props.storyId ? t('Prompts of this story') : t('Prompts')}</h2>
      <label class="field">
        {t('Language')}
        <select
          value={language()}
          onChange={(e) => setLanguage(e.currentTarget.value === 'zh' ? 'zh' : 'en')}
        >
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </label>
      <Show when={listing.latest?.ok === false ? listing.latest : undefined}>
        {(failure) => <p role="alert">{failure().detail}</p>}
      </Show>
      <Show when={listing.latest?.ok && listing.latest.problems.length ? listing.latest.problems : undefined}>
        {(problems) => (
          <div role="alert" class="error">
            <p>
              {t(
                'These prompt files have a problem; requests that use them fail until they are fixed or restored:',
              )}
            </p>
            <ul>
              <For each={problems()}>
                {(p) => (
                  <li>
                    {t('{file} ({layer}): {reason}', {
                      file: `prompts/${p.path}.md`,
                      layer: layerLabel(p.layer),
                      reason: p.reason,
                    })}
                  </li>
                )}
              </For>
            </ul>
          </div>
        )}
      </Show>
      <ul class="prompt-list" aria-label={t('Prompts')}>
        <For each={prompts()}>
          {(p) => (
            <li>
              <button type="button" aria-pressed={selected() === p.path} onClick={() => choose(p)}>
                {p.id}
              </button>{' '}
              <span class="badge">{layerLabel(p.from)}</span>
              <Show when={!p.prose}>
                <span class="muted"> {t('rules')}</span>
              </Show>
              <Show when={p.problem}>
                <span class="badge badge-stale"> {t('problem')}</span>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={entry()}>
        {(p) => (
          <div class="stack">
            <Show when={!p().prose}>
              <p class="muted">
                {t(
                  'A rules prompt: the program relies on what it asks for (names, JSON shapes, {empty}). Edit with care.',
                  { empty: '<empty>' },
                )}
              </p>
            </Show>
            <p class="muted">
              {t('Variables: {names}', {
                names: p()
                  .variables.map((v) => `\${${v}}`)
                  .join(', '),
              })}
            </p>
            <label class="field">
              {`prompts/${p().path}.md`}
              <textarea rows={14} value={draft()} onInput={(e) => setDraft(e.currentTarget.value)} />
            </label>
            <div class="row">
              <button type="button" onClick={() => void save()}>
                {t('Save')}
              </button>
              <button type="button" class="secondary" onClick={() => void restore()}>
                {t('Restore original')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-pressed={showDiff()}
                onClick={() => setShowDiff(!showDiff())}
              >
                {t('Compare with the original')}
              </button>
            </div>
            <Show when={showDiff()}>
              <PromptDiff before={p().shipped} after={draft()} />
            </Show>
          </div>
        )}
      </Show>
      <p role="status">{message()}</p>
    </section>
  );
}
