// An entry's rarely used fields, behind "More": how it is scanned (depth, case, whole words, group
// scoring), recursion, inclusion groups, timed effects and whom it is for.
import type { JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { CheckField, NumberField, TextField, TriStateField } from './entry-fields.tsx';
import type { EntryProps } from './book-draft.ts';

export function EntryMore(props: EntryProps): JSX.Element {
  const count = (value: number | null): number => Math.max(0, value ?? 0);
  return (
    <details class="entry-more">
      <summary>{t('More')}</summary>
      <div class="stack">
        <p class="hint">{t('Default: the setting the story’s lore is scanned with.')}</p>
        <div class="entry-grid">
          <NumberField
            label={t('Scan depth (messages)')}
            value={props.entry.scanDepth}
            min={0}
            optional
            onChange={(scanDepth) => props.set({ scanDepth })}
          />
          <TriStateField
            label={t('Case sensitive')}
            value={props.entry.caseSensitive}
            onChange={(caseSensitive) => props.set({ caseSensitive })}
          />
          <TriStateField
            label={t('Whole words')}
            value={props.entry.matchWholeWords}
            onChange={(matchWholeWords) => props.set({ matchWholeWords })}
          />
          <TriStateField
            label={t('Group scoring')}
            value={props.entry.useGroupScoring}
            onChange={(useGroupScoring) => props.set({ useGroupScoring })}
          />
        </div>
        <fieldset class="group">
          <legend>{t('Recursion')}</legend>
          <CheckField
            label={t('Exclude recursion (not fired by other entries’ content)')}
            checked={props.entry.excludeRecursion}
            onChange={(excludeRecursion) => props.set({ excludeRecursion })}
          />
          <CheckField
            label={t('Prevent recursion (its content fires no other entry)')}
            checked={props.entry.preventRecursion}
            onChange={(preventRecursion) => props.set({ preventRecursion })}
          />
          <NumberField
            label={t('Delay until recursion (level; 0: off)')}
            value={props.entry.delayUntilRecursion}
            min={0}
            onChange={(v) => props.set({ delayUntilRecursion: count(v) })}
          />
        </fieldset>
        <fieldset class="group">
          <legend>{t('Inclusion groups')}</legend>
          <TextField
            label={t('Groups (comma-separated)')}
            value={props.entry.groups}
            hint={t('Of the fired entries sharing a group, one is kept.')}
            onInput={(groups) => props.set({ groups })}
          />
          <CheckField
            label={t('Group override (prioritised: the highest order wins)')}
            checked={props.entry.groupOverride}
            onChange={(groupOverride) => props.set({ groupOverride })}
          />
          <NumberField
            label={t('Group weight')}
            value={props.entry.groupWeight}
            min={1}
            onChange={(v) => props.set({ groupWeight: Math.max(1, v ?? 1) })}
          />
        </fieldset>
        <fieldset class="group">
          <legend>{t('Timed effects (in messages)')}</legend>
          <div class="entry-grid">
            <NumberField
              label={t('Sticky')}
              value={props.entry.sticky}
              min={0}
              onChange={(v) => props.set({ sticky: count(v) })}
            />
            <NumberField
              label={t('Cooldown')}
              value={props.entry.cooldown}
              min={0}
              onChange={(v) => props.set({ cooldown: count(v) })}
            />
            <NumberField
              label={t('Delay')}
              value={props.entry.delay}
              min={0}
              onChange={(v) => props.set({ delay: count(v) })}
            />
          </div>
        </fieldset>
        <fieldset class="group">
          <legend>{t('Character filter')}</legend>
          <label class="field">
            <span>{t('Names (comma-separated; empty: everyone)')}</span>
            <input
              value={props.entry.filterNames}
              onInput={(e) => props.set({ filterNames: e.currentTarget.value })}
            />
          </label>
          <CheckField
            label={t('Exclude these names (everyone else gets it)')}
            checked={props.entry.filterExclude}
            onChange={(filterExclude) => props.set({ filterExclude })}
          />
        </fieldset>
      </div>
    </details>
  );
}
