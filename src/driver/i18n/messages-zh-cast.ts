// Chinese for the cast of a running story: the Author's Note as an actor request tells it
// (turns/author-note.ts), and what the document refuses of a removal (doc-refusals.ts).
import type { Messages } from './translate.ts';

export const CAST_ZH: Messages = {
  '[Author’s note: {note}]': '【作者注：{note}】',
  'The user cannot be removed from the story.': '不能把用户从故事中移除。',
  '{name} was removed from the story: bring them back first.': '{name} 已被移出故事：请先让其回来。',
};
