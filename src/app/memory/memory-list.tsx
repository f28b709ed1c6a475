// A participant's memories, oldest first, each with its importance and whether the person added it;
// forgetting one sets it aside (it no longer comes back to them), and the person may add one.
import { For, Show, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { MemoryView } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import type { MemoryState } from './memory-state.ts';

/** What a memory the person adds weighs unless they say otherwise: the middle of the 1–10 scale. */
const DEFAULT_IMPORTANCE = 5;
const IMPORTANCE_LEVELS = Array.from({ length: 10 }, (_, i) => i + 1);

export function MemoryList(props: {
  name: string;
  memories: MemoryView['memories'];
  state: MemoryState;
}): JSX.Element {
  const id = createUniqueId();
  let heading: HTMLHeadingElement | undefined;
  /** A forgotten memory leaves the list: the focus goes back to its heading, not to the page. */
  const forget = async (memoryId: string): Promise<void> => {
    if (await props.state.forget(memoryId)) heading?.focus();
  };
  return (
    <section class="memory-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t('Memories')}
      </h3>
      <Show when={props.memories.length} fallback={<p class="muted">{t('No memories yet.')}</p>}>
        <ul class="memory-list">
          <For each={props.memories}>
            {(memory, index) => (
              <li class="memory-item">
                <span id={`${id}-m${index()}`} class="memory-text">
                  {memory.text}
                </span>
                <span class="memory-meta">
                  <span class="badge" title={t('1 is mundane, 10 life-changing')}>
                    {t('importance {level}/10', { level: memory.importance })}
                  </span>
                  <Show when={memory.byPerson}>
                    <span class="badge">{t('added by you')}</span>
                  </Show>
                  <button
                    type="button"
                    class="small secondary"
                    title={t('{name} no longer recalls this; the turns it came from stay as they are', {
                      name: props.name,
                    })}
                    aria-describedby={`${id}-m${index()}`}
                    aria-disabled={props.state.busy()}
                    onClick={() => !props.state.busy() && void forget(memory.id)}
                  >
                    {t('Forget')}
                  </button>
                </span>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <AddMemory name={props.name} state={props.state} />
    </section>
  );
}

function AddMemory(props: { name: string; state: MemoryState }): JSX.Element {
  const [text, setText] = createSignal('');
  const [importance, setImportance] = createSignal(DEFAULT_IMPORTANCE);
  const add = async (): Promise<void> => {
    const written = text();
    if (!written.trim() || props.state.busy()) return;
    if (await props.state.addMemory(written, importance())) {
      setText((current) => (current === written ? '' : current));
      setImportance(DEFAULT_IMPORTANCE);
    }
  };
  return (
    <form
      class="memory-add"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <label class="field">
        <span>{t('A memory for {name}', { name: props.name })}</span>
        <textarea
          rows={2}
          value={text()}
          placeholder={t('In the second person: “You promised…”')}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <div class="row">
        <label class="memory-inline-field">
          <span>{t('Importance')}</span>
          <select
            value={String(importance())}
            onChange={(event) => setImportance(Number(event.currentTarget.value))}
          >
            <For each={IMPORTANCE_LEVELS}>{(level) => <option value={level}>{level}</option>}</For>
          </select>
        </label>
        <button type="submit" class="small" aria-disabled={props.state.busy() || !text().trim()}>
          {t('Add memory')}
        </button>
      </div>
    </form>
  );
}
