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
  'Removed, they leave the scene and are no longer chosen to act; their turns stay in the transcript.':
    '移除后，角色离开场景，不再被选来行动；其回合仍保留在记录中。',
  'Remove {name} from the story': '把 {name} 移出故事',
  'Removed from the story': '已移出故事',
  'Removed from the story:': '已移出故事：',
  'Bring {name} back': '让 {name} 回来',
  // ui/avatar-input.tsx
  Picture: '头像',
  'Choose a picture file (PNG, JPEG, WebP or GIF) under 20 MB.':
    '请选择 20 MB 以内的图片文件（PNG、JPEG、WebP 或 GIF）。',
  'This browser cannot read that picture. Try another file, such as a PNG or JPEG.':
    '这个浏览器无法读取那张图片。请换一个文件，例如 PNG 或 JPEG。',
  // cast-add.tsx
  'Add a character': '添加角色',
  'From the library': '来自资料库',
  'A new character': '新角色',
  'They join the scene from the next turn on; what happened before stays unseen by them.':
    '角色从下一回合起加入场景；之前发生的事角色看不到。',
  'Add to the story': '加入故事',
  // cast-author-note.tsx
  'Author’s note': '作者注',
  'Depth (messages before the end of what each character sees)': '深度（在每个角色所见内容末尾之前的消息数）',
  'Told to every character’s next turns as a narrator’s note; never to what anyone perceives.':
    '作为旁白注释告诉每个角色之后的回合；从不告诉任何人的感知。',
  'Save the note': '保存作者注',
};
