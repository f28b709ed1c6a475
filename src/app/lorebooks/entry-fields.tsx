// The entry editor's kinds of field: a line of text or a number (each with an optional hint, outside
// its label so the field's name stays short), a checkbox, and a three-state choice (the scan's
// default, on, off) for the settings an entry may leave to the scan.
import { Show, createUniqueId, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';

/** A field and the hint that describes it. */
function Hinted(props: {
  hint: string | undefined;
  children: (describedBy: string | undefined) => JSX.Element;
}) {
  const id = createUniqueId();
  return (
    <div class="field">
      {props.children(props.hint ? id : undefined)}
      <Show when={props.hint}>
        <p id={id} class="hint">
          {props.hint}
        </p>
      </Show>
    </div>
  );
}

export function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string;
}): JSX.Element {
  return (
    <Hinted hint={props.hint}>
      {(describedBy) => (
        <label class="field">
          <span>{props.label}</span>
          <input
            value={props.value}
            aria-describedby={describedBy}
            onInput={(e) => props.onInput(e.currentTarget.value)}
          />
        </label>
      )}
    </Hinted>
  );
}

export function NumberField(props: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Empty means "the scan's setting" (null) instead of keeping the last number. */
  optional?: boolean;
  hint?: string;
}): JSX.Element {
  return (
    <Hinted hint={props.hint}>
      {(describedBy) => (
        <label class="field">
          <span>{props.label}</span>
          <input
            type="number"
            inputMode="numeric"
            min={props.min}
            max={props.max}
            value={props.value ?? ''}
            aria-describedby={describedBy}
            placeholder={props.optional ? t('the scan’s setting') : undefined}
            onInput={(e) => {
              const n = e.currentTarget.valueAsNumber;
              if (!Number.isNaN(n)) props.onChange(n);
              else if (props.optional && e.currentTarget.value === '') props.onChange(null);
            }}
          />
        </label>
      )}
    </Hinted>
  );
}

export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}): JSX.Element {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

const TRI = { default: 'default', on: 'on', off: 'off' } as const;

/** null: the scan's (the book's) setting; true or false: the entry's own. */
export function TriStateField(props: {
  label: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}): JSX.Element {
  const current = (): string => (props.value === null ? TRI.default : props.value ? TRI.on : TRI.off);
  return (
    <label class="field">
      <span>{props.label}</span>
      <select
        value={current()}
        onChange={(e) => {
          const v = e.currentTarget.value;
          props.onChange(v === TRI.default ? null : v === TRI.on);
        }}
      >
        <option value={TRI.default}>{t('Default')}</option>
        <option value={TRI.on}>{t('On')}</option>
        <option value={TRI.off}>{t('Off')}</option>
      </select>
    </label>
  );
}
