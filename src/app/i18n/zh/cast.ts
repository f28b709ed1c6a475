// Chinese for the interface's words: a running story's cast (story/cast-*.tsx, presence-list.tsx).
// Also used here, kept in other areas: 'Name' (library), 'Save' (settings), 'Cancel' (common),
// 'Saved.' (worlds).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_CAST: Messages = {
  Cards: '角色卡',
  'Cards:': '角色卡：',
  'Edit your persona': '编辑你的人设',
  'Edit {name}': '编辑 {name}',
  'Card of {name}': '{name} 的角色卡',
  'Your persona as {name}': '你作为 {name} 的人设',
  'Description (only this character is told it)': '描述（只告诉这个角色）',
  'Your persona (every character is told it)': '你的人设（告诉每个角色）',
  'Changes apply to the next requests; turns already written stay as they are.':
    '更改用于之后的请求；已经写好的回合保持原样。',
  // cast-author-note.tsx
  'Author’s note': '作者注',
  'Depth (messages before the end of what each character sees)': '深度（在每个角色所见内容末尾之前的消息数）',
  'Told to every character’s next turns as a narrator’s note; never to what anyone perceives.':
    '作为旁白注释告诉每个角色之后的回合；从不告诉任何人的感知。',
  'Save the note': '保存作者注',
};
