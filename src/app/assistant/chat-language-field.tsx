// The language of an assistant chat's prompts, chosen when the chat was made and changed here: the
// assistant's persona, procedure and welcome are read in it from the next message on.
import { type JSX } from 'solid-js';
import type { Language } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function ChatLanguageField(props: {
  language: Language | undefined;
  busy: boolean;
  onChange: (language: Language) => void;
}): JSX.Element {
  return (
    <label class="field assistant-language">
      <span>{t('Language of this chat')}</span>
      <select
        value={props.language ?? 'en'}
        disabled={props.busy || !props.language}
        onChange={(e) => props.onChange(e.currentTarget.value as Language)}
      >
        <option value="en">English</option>
        <option value="zh">中文 (Chinese)</option>
      </select>
    </label>
  );
}
