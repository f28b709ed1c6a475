// Chinese for the story's Author's Note as an actor request tells it (turns/author-note.ts).
import type { Messages } from './messages.ts';

export const AUTHOR_NOTE_ZH: Messages = {
  '[Author’s note: {note}]': '【作者注：{note}】',
};
