// One lore entry's fields: what it is called, the keys that fire it, what it says, and where it goes;
// the rarely used ones (recursion, groups, timing, whom it is for) behind "More".
import { Show, type JSX } from 'solid-js';
import type { LoreEntry } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { CheckField, NumberField, TextField } from './entry-fields.tsx';
import { EntryMore } from './entry-more.tsx';
import type { EntryProps } from './book-draft.ts';

export function EntryEditor(props: EntryProps & { onRemove: () => void }): JSX.Element {
  return (
    <fieldset class="group entry-editor">
      <legend>{props.entry.title.trim() || t('Untitled entry')}</legend>
      <label class="field">
        <span>{t('Title')}</span>
        <input value={props.entry.title} onInput={(e) => props.set({ title: e.currentTarget.value })} />
      </label>
      <TextField
        label={t('Keys')}
        value={props.entry.keys}
        hint={t('Comma-separated; /pattern/flags is a regular expression.')}
        onInput={(keys) => props.set({ keys })}
      />
      <div class="entry-grid">
        <label class="field">
          <span>{t('Secondary keys')}</span>
          <input
            value={props.entry.secondaryKeys}
            onInput={(e) => props.set({ secondaryKeys: e.currentTarget.value })}
          />
        </label>
        <label class="field">
          <span>{t('Secondary keys must')}</span>
          <select
            value={props.entry.selectiveLogic}
            onChange={(e) =>
              props.set({ selectiveLogic: e.currentTarget.value as LoreEntry['selectiveLogic'] })
            }
          >
            <option value="and-any">{t('match any (and any)')}</option>
            <option value="and-all">{t('match all (and all)')}</option>
            <option value="not-any">{t('match none (not any)')}</option>
            <option value="not-all">{t('not all match (not all)')}</option>
          </select>
        </label>
      </div>
      <label class="field">
        <span>{t('Content')}</span>
        <textarea
          rows={6}
          value={props.entry.content}
          onInput={(e) => props.set({ content: e.currentTarget.value })}
        />
      </label>
      <div class="row">
        <CheckField
          label={t('Enabled')}
          checked={props.entry.enabled}
          onChange={(enabled) => props.set({ enabled })}
        />
        <CheckField
          label={t('Constant (fires whatever the text says)')}
          checked={props.entry.constant}
          onChange={(constant) => props.set({ constant })}
        />
      </div>
      <div class="entry-grid">
        <NumberField
          label={t('Order')}
          value={props.entry.order}
          min={-10000}
          max={10000}
          hint={t('Higher goes later in the request and is kept first under the budget.')}
          onChange={(order) => props.set({ order: order ?? 0 })}
        />
        <label class="field">
          <span>{t('Position')}</span>
          <select
            value={props.entry.position}
            onChange={(e) => props.set({ position: e.currentTarget.value as LoreEntry['position'] })}
          >
            <option value="before-card">{t('Before the card')}</option>
            <option value="after-card">{t('After the card')}</option>
            <option value="at-depth">{t('At a depth of the history')}</option>
          </select>
        </label>
      </div>
      <Show when={props.entry.position === 'at-depth'}>
        <div class="entry-grid">
          <NumberField
            label={t('Depth (messages before the end)')}
            value={props.entry.depth}
            min={0}
            onChange={(depth) => props.set({ depth: depth ?? 0 })}
          />
          <label class="field">
            <span>{t('Told as')}</span>
            <select
              value={props.entry.role}
              onChange={(e) => props.set({ role: e.currentTarget.value as LoreEntry['role'] })}
            >
              <option value="system">{t('System')}</option>
              <option value="user">{t('User')}</option>
              <option value="assistant">{t('Assistant')}</option>
            </select>
          </label>
        </div>
      </Show>
      <div class="entry-grid">
        <CheckField
          label={t('Use probability')}
          checked={props.entry.useProbability}
          onChange={(useProbability) => props.set({ useProbability })}
        />
        <NumberField
          label={t('Probability (%)')}
          value={props.entry.probability}
          min={0}
          max={100}
          onChange={(probability) => props.set({ probability: probability ?? 0 })}
        />
      </div>
      <EntryMore {...props} />
      <div class="row">
        <button type="button" class="secondary" onClick={() => props.onRemove()}>
          {t('Remove this entry')}
        </button>
      </div>
    </fieldset>
  );
}
