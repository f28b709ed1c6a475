// Chinese for the interface's words: library.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_LIBRARY: Messages = {
  // library-screen.tsx, story-list.tsx
  'New story': '新故事',
  'Deleted “{title}”.': '已删除“{title}”。',
  Undo: '撤销',
  Stories: '故事',
  'No stories yet.': '还没有故事。',
  'Stories you start or import are kept in this browser and listed here.':
    '你新建或导入的故事会保存在此浏览器中，并列在这里。',
  // story-item.tsx
  '{title} (copy)': '{title}（副本）',
  'Untitled story': '未命名故事',
  'Export {title}': '导出“{title}”',
  'Duplicate {title}': '复制“{title}”',
  'Delete {title}': '删除“{title}”',
  Export: '导出',
  Duplicate: '复制',
  Delete: '删除',
  'Delete “{title}” from this browser?': '要从此浏览器中删除“{title}”吗？',
  'Delete for good': '永久删除',
  Keep: '保留',
  // new-story-form.tsx, character-fields.tsx
  'Every participant needs a different name: “{name}” is used twice.':
    '每位参与者的名字都必须不同：“{name}”用了两次。',
  Title: '标题',
  Language: '语言',
  'Use a saved persona': '使用已保存的人设',
  'Choose…': '请选择…',
  'Your name': '你的名字',
  'Your persona': '你的人设',
  'Add character': '添加角色',
  'Add a character from your library': '从资料库添加角色',
  'Create story': '创建故事',
  'Character {number}': '角色 {number}',
  Name: '名称',
  Description: '描述',
  'Present in the first scene': '在第一幕登场',
  'Remove character {number}': '移除角色 {number}',
  // import-story.tsx
  '{file} is not a JSON file: choose a story exported from Rashomon.':
    '{file} 不是 JSON 文件：请选择从 Rashomon 导出的故事。',
  '{file} could not be imported: {detail}': '{file} 无法导入：{detail}',
  'Import story': '导入故事',
  // The new story's world and lorebooks.
  'World and lore': '世界与设定',
  'No worlds in your library yet (Worlds, in the header).': '资料库里还没有世界（见页眉中的“世界”）。',
  World: '世界',
  'No world': '不使用世界',
  'What {name} knows at the start': '{name}一开始知道的',
  'Lorebooks for this story (everyone’s)': '本故事的设定集（所有人共享）',
};
