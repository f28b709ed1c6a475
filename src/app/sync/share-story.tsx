// How to share this one story with a friend: the browser cannot make a room token (only the sync
// server's computer holds the secret), so it shows the command that does, with this story's id.
import { Show, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { shellWord } from './shell-word.ts';
import './sync.css';

export function ShareStory(props: { storyId: string }): JSX.Element {
  const [copied, setCopied] = createSignal<boolean | null>(null);
  const command = (): string => `npx rashomon token --room ${shellWord(props.storyId)}`;
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(command());
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <details class="share-story">
      <summary>{t('Share this story')}</summary>
      <p>
        {t(
          "To play this story with a friend, run this on the sync server's computer and send them the link it prints. It opens this story only.",
        )}
      </p>
      <p class="row">
        <code>{command()}</code>
        <button type="button" class="secondary" onClick={() => void copy()}>
          {t('Copy')}
        </button>
      </p>
      <Show when={copied() !== null}>
        <p class="muted" role="status">
          {copied() ? t('Copied.') : t('This browser did not allow copying: select the command instead.')}
        </p>
      </Show>
    </details>
  );
}
