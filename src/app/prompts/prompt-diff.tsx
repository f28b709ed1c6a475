// An edited prompt against the shipped original, line by line (text nodes only).
import { For, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { lineDiff } from '../ui/line-diff.ts';

const MARK = { same: '  ', added: '+ ', removed: '- ' } as const;

export function PromptDiff(props: { before: string; after: string }): JSX.Element {
  return (
    <pre class="prompt-diff" aria-label={t('Differences from the original')}>
      <For each={lineDiff(props.before, props.after)}>
        {(line) => <div class={`diff-${line.kind}`}>{MARK[line.kind] + line.text}</div>}
      </For>
    </pre>
  );
}
