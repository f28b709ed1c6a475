// Chinese for the interface's words: presets as library things (new from the shipped prose, title and
// description, delete with Undo and restore, the rules-prompt approval, a world saved as a preset, the
// new story's preset).
// Also used here, kept in other areas: 'Delete {title}', 'Delete', 'Keep', 'Undo', 'Deleted “{title}”.'
// (library), 'Save' (settings), 'Cancel' (common), 'Saved.' (worlds).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PRESET_LIBRARY: Messages = {
  // preset-delete.tsx
  'Delete the preset “{title}”? It goes to the deleted presets, where you can restore it.':
    '删除预设“{title}”？它会移到已删除的预设中，可以从那里恢复。',
  'No story on this device uses it.': '这台设备上没有故事使用它。',
  'These stories use it and keep their copy of its prompts:': '以下故事使用它，并保留各自的提示词副本：',
  // preset-description.tsx
  'Edit the title and description of {title}': '编辑“{title}”的标题和说明',
  'Title and description of {title}': '“{title}”的标题和说明',
  'Preset title': '预设标题',
  'Preset description': '预设说明',
  // rules-approval.tsx
  'This preset replaces rules prompts': '这个预设会替换规则提示词',
  'I understand: apply it anyway': '我明白风险，仍然应用',
  // deleted-presets.tsx, presets-panel.tsx
  'Deleted presets ({count})': '已删除的预设（{count}）',
  'Deleted presets': '已删除的预设',
  'Restore {title}': '恢复“{title}”',
  'Restored “{title}”.': '已恢复“{title}”。',
  'Made “{title}”.': '已创建“{title}”。',
  // new-preset.tsx
  'New preset’s title': '新预设的标题',
  'New preset from the shipped prose': '用内置文风提示词新建预设',
  // start-preset-choice.tsx (the new story's preset)
  Preset: '预设',
  'Preset of this story': '本故事的预设',
  'No preset: the default style': '不用预设：默认风格',
  '{title} (the world suggests it)': '{title}（世界建议的）',
  'I understand: use its rules prompts': '我明白风险，使用它的规则提示词',
  // world-save-preset.tsx
  'Preset of a world': '世界的预设',
  'Saved as the preset “{title}”.': '已保存为预设“{title}”。',
  'Save this world’s prose prompts as a preset': '把这个世界的文风提示词保存为预设',
};
